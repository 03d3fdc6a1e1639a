/**
 * The weight cap of fingerprint scheme 3 across an upgrade (docs/decisions/0006-term-dominance.md,
 * 0002-fingerprint-schemes.md): a Latin-script page signed by main at 8bc8286
 * (scheme 2, `deja-lu import-file`), whose heaviest words the cap cuts, read
 * by today's engine. Its reposts must still be flagged.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { PageChecker, type CheckOptions } from '../../src/background/page-checker';
import { DEFAULT_MIN_LENGTH, FINGERPRINT_SCHEME, fingerprintToHex, hammingDistance, signDocument } from '../../src/core';
import type { History } from '../../src/store';
import { DAY, clock, freshHistory } from './fakes';

const FIXTURES = join(import.meta.dirname, '../fixtures/history');
const OLD_EXPORT = readFileSync(join(FIXTURES, 'export-v2-main-8bc8286.json'), 'utf8');
const ORIGINAL = readFileSync(join(FIXTURES, 'tumblr.txt'), 'utf8');
const REPOST = readFileSync(join(FIXTURES, 'tumblr-drop.txt'), 'utf8');
const ORIGINAL_URL = 'https://old.example.com/fx/tumblr.txt';
const AUTO: CheckOptions = { maxDistance: 3, minLength: DEFAULT_MIN_LENGTH, record: true, source: 'visit' };
const copy = { url: 'https://copy.example.org/minecraft', title: 'Copy', text: REPOST };

let history: History;
let time: ReturnType<typeof clock>;

beforeEach(async () => {
  time = clock(Date.parse('2026-12-01T00:00:00Z'));
  history = await freshHistory(time.now);
  expect(await history.importJson(OLD_EXPORT)).toMatchObject({ imported: 1, rejected: [] });
  time.advance(DAY);
});

const checkerWith = (sign?: ConstructorParameters<typeof PageChecker>[0]['sign']) => new PageChecker({ history, now: time.now, ...(sign ? { sign } : {}) });

describe('a Latin-script page signed before the weight cap, read by the current engine', () => {
  it('keeps its scheme-2 fingerprint, which the cap moves far', async () => {
    const stored = await history.getByUrl(ORIGINAL_URL);
    expect(stored?.scheme).toBe(2);
    expect(stored?.fingerprint).toBe(fingerprintToHex(signDocument(ORIGINAL, {}, 2).fingerprint));
    expect(hammingDistance(signDocument(ORIGINAL, {}, 2).fingerprint, signDocument(ORIGINAL).fingerprint)).toBeGreaterThan(3);
    expect(await history.olderSchemes()).toEqual([2]);
  });

  it('flags a repost of it', async () => {
    const report = await checkerWith().check(copy, AUTO);
    expect(report.status).toBe('repost');
    expect(report.matches.map((m) => m.url)).toEqual([ORIGINAL_URL]);
  });

  it('would not flag it signed in the current scheme only (what signing in older schemes adds)', async () => {
    const report = await checkerWith((text) => signDocument(text)).check(copy, AUTO);
    // Some passages still match: at most a quote, not a repost.
    expect(report.status).toMatch(/^(new|quote)$/);
  });

  it('signs a Latin page once for schemes 1 and 2, which read Latin text alike', async () => {
    const schemes: number[] = [];
    await history.recordVisit({ url: 'https://older.example.com/a', title: 'A', site: 'older.example.com', excerpt: '', textLength: 2900, cjkChars: 0, words: 446, fingerprint: '0123456789abcdef', scheme: 1 });
    expect(await history.olderSchemes()).toEqual([1, 2]);
    await checkerWith((text, scheme) => (schemes.push(scheme ?? FINGERPRINT_SCHEME), signDocument(text, {}, scheme))).check(copy, AUTO);
    expect(schemes).toEqual([FINGERPRINT_SCHEME, 1]);
  });

  it('records the repost in the current scheme', async () => {
    await checkerWith().check(copy, AUTO);
    expect((await history.getByUrl(copy.url))?.scheme).toBe(FINGERPRINT_SCHEME);
  });
});
