import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach } from 'vitest';
import { PageChecker, type CheckOptions, type Signer } from '../../src/background/page-checker';
import { DEFAULT_MIN_LENGTH, FINGERPRINT_SCHEME, fingerprintFromHex, signDocument, type DocumentSignature } from '../../src/core';
import type { ExtractedPage } from '../../src/messaging';
import { openHistory, type History } from '../../src/store';

export const DAY = 24 * 60 * 60 * 1000;
export const T0 = Date.UTC(2026, 0, 15, 12);

/** A controllable clock. */
export function clock(start = T0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** A fresh, empty history in its own fake IndexedDB. */
export function freshHistory(now: () => number): Promise<History> {
  return openHistory({ indexedDB: new IDBFactory(), now });
}

/** What the extension does with a page the user navigated to: judged and recorded. */
export const AUTO_CHECK: CheckOptions = { maxDistance: 3, minLength: DEFAULT_MIN_LENGTH, record: true, source: 'visit' };

/** A file of test/fixtures/history: texts, and export files older engines wrote. */
export function historyFixture(name: string): string {
  return readFileSync(join(import.meta.dirname, '../fixtures/history', name), 'utf8');
}

/**
 * For specifications of an engine upgrade: before each test, a fresh history
 * at `start`, `setUp` run on it (an older engine's export imported), and the
 * clock a day on; `checker` reads pages into it, signing them with `sign`
 * (the engine's own when not given).
 */
export function upgradeHistory(start: string, setUp?: (history: History) => Promise<void>) {
  let history: History;
  let time = clock(Date.parse(start));
  beforeEach(async () => {
    time = clock(Date.parse(start));
    history = await freshHistory(time.now);
    await setUp?.(history);
    time.advance(DAY);
  });
  return {
    get history(): History {
      return history;
    },
    get time(): ReturnType<typeof clock> {
      return time;
    },
    checker: (sign?: Signer): PageChecker => new PageChecker({ history, now: time.now, ...(sign ? { sign } : {}) }),
  };
}

/** Signs as the engine does, noting in `schemes` each scheme a text was signed in. */
export function notingSchemes(schemes: number[]): Signer {
  return (text, scheme) => (schemes.push(scheme ?? FINGERPRINT_SCHEME), signDocument(text, {}, scheme));
}

/**
 * For specifications of whole texts: a real checker (the engine signs each
 * text) over a fresh history before each test; `read` checks a page a day
 * after the previous one.
 */
export function readsTexts(): { read: (url: string, text: string, options?: Partial<CheckOptions>) => ReturnType<PageChecker['check']> } {
  let time = clock();
  let checker: PageChecker;
  beforeEach(async () => {
    time = clock();
    checker = new PageChecker({ history: await freshHistory(time.now), now: time.now });
  });
  return {
    read: (url, text, options = {}) => {
      time.advance(DAY);
      return checker.check({ url, title: url, text }, { ...AUTO_CHECK, ...options });
    },
  };
}

/**
 * Tests choose fingerprints and lengths directly: the page text is a
 * signature spec, "fp=<16 hex> words=<n> cjk=<n>". The verdict itself is
 * still the engine's `judge`.
 */
export function specSign(text: string): DocumentSignature {
  const field = (name: string, fallback: string) => new RegExp(`${name}=(\\S+)`).exec(text)?.[1] ?? fallback;
  return {
    fingerprint: fingerprintFromHex(field('fp', '0000000000000000')),
    passages: [],
    length: { words: Number(field('words', '500')), cjkChars: Number(field('cjk', '0')) },
  };
}

/** 16 hex digits differing from `base` in the lowest `bits` bits. */
export function flipBits(base: string, bits: number): string {
  const value = BigInt(`0x${base}`) ^ ((1n << BigInt(bits)) - 1n);
  return value.toString(16).padStart(16, '0');
}

export const FP = 'a5a5a5a5c3c3c3c3';

export function page(url: string, overrides: Partial<ExtractedPage> & { fp?: string; words?: number; cjk?: number } = {}): ExtractedPage {
  const { fp = FP, words = 500, cjk = 0, ...rest } = overrides;
  return { url, title: `Title of ${url}`, text: `fp=${fp} words=${words} cjk=${cjk}`, ...rest };
}
