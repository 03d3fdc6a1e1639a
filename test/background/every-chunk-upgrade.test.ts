/**
 * Fingerprint schemes 4 (every chunk's passage kept) and 5 (passages chunked
 * by paragraph) across an upgrade (docs/decisions/0027-quoted-passages.md,
 * 0035-paragraph-passages.md, 0002-fingerprint-schemes.md): an article
 * signed by main at 623a09a (scheme 3, six passages) and at 3b1edf1
 * (scheme 4), both by `deja-lu import-file`, read by today's engine.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { PageChecker, type CheckOptions } from '../../src/background/page-checker';
import { DEFAULT_MIN_LENGTH, FINGERPRINT_SCHEME, signDocument } from '../../src/core';
import type { History } from '../../src/store';
import { DAY, clock, freshHistory } from './fakes';

const FIXTURES = join(import.meta.dirname, '../fixtures/history');
const read = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');
const OLD_EXPORT = read('export-v2-main-623a09a.json');
const ARTICLE_URL = 'https://old.example.com/fx/dropbox-blog.txt';
const SCHEME_4_EXPORT = read('export-v2-main-3b1edf1.json');
const SCHEME_4_URL = 'https://old.example.com/v4/dropbox-blog.txt';
const AUTO: CheckOptions = { maxDistance: 3, minLength: DEFAULT_MIN_LENGTH, record: true, source: 'visit' };
const repost = { url: 'https://copy.example.org/dropbox', title: 'Copy', text: read('dropbox-blog-typo.txt') };
const firstPart = { url: 'https://part.example.net/dropbox', title: 'Part', text: read('dropbox-blog-trunc40.txt') };
const article = { url: 'https://mirror.example.org/dropbox', title: 'Mirror', text: read('dropbox-blog.txt') };

let history: History;
let time: ReturnType<typeof clock>;

beforeEach(async () => {
  time = clock(Date.parse('2026-12-01T00:00:00Z'));
  history = await freshHistory(time.now);
  time.advance(DAY);
});

const checkerWith = (sign?: ConstructorParameters<typeof PageChecker>[0]['sign']) => new PageChecker({ history, now: time.now, ...(sign ? { sign } : {}) });

describe('an article stored with six passages (scheme 3), read by the current engine', () => {
  beforeEach(async () => {
    expect(await history.importJson(OLD_EXPORT)).toMatchObject({ imported: 1, rejected: [] });
  });

  it('keeps its scheme and its six passages', async () => {
    const stored = await history.getByUrl(ARTICLE_URL);
    expect(stored).toMatchObject({ scheme: 3 });
    expect(stored?.passages).toHaveLength(6);
    expect(await history.olderSchemes()).toEqual([3]);
  });

  it('flags a repost of it, signing the new page in scheme 5 and once for schemes 3 and 4 (they compare like with like)', async () => {
    const schemes: number[] = [];
    const report = await checkerWith((text, scheme) => (schemes.push(scheme ?? FINGERPRINT_SCHEME), signDocument(text, {}, scheme))).check(repost, AUTO);
    expect(report.status).toBe('repost');
    expect(report.matches.map((m) => m.url)).toEqual([ARTICLE_URL]);
    expect(schemes).toEqual([FINGERPRINT_SCHEME, 3]);
  });

  it('records the repost in the current scheme, with every chunk’s passage', async () => {
    await checkerWith().check(repost, AUTO);
    const stored = await history.getByUrl(repost.url);
    expect(stored?.scheme).toBe(FINGERPRINT_SCHEME);
    expect(stored?.passages.length).toBeGreaterThan(6);
  });
});

describe('an article stored in scheme 4, read by the current engine (scheme 5)', () => {
  beforeEach(async () => {
    expect(await history.importJson(SCHEME_4_EXPORT)).toMatchObject({ imported: 1, rejected: [] });
  });

  it('keeps its scheme and its passages', async () => {
    const stored = await history.getByUrl(SCHEME_4_URL);
    expect(stored).toMatchObject({ scheme: 4 });
    expect(stored?.passages.length).toBeGreaterThan(6);
    expect(await history.olderSchemes()).toEqual([4]);
  });

  it.each([
    ['a repost with typos', repost, 'repost'],
    ['its first 40 %', firstPart, 'partial'],
  ] as const)('flags %s, judged against the page signed as scheme 4 signs', async (_name, page, status) => {
    const schemes: number[] = [];
    const report = await checkerWith((text, scheme) => (schemes.push(scheme ?? FINGERPRINT_SCHEME), signDocument(text, {}, scheme))).check(page, AUTO);
    expect(report).toMatchObject({ status, matches: [{ url: SCHEME_4_URL }] });
    expect(schemes).toEqual([FINGERPRINT_SCHEME, 3]);
  });

  it('misses the partial copy when the new page is signed in scheme 5 alone (its passages are other chunks)', async () => {
    const report = await checkerWith((text) => signDocument(text, {}, FINGERPRINT_SCHEME)).check(firstPart, AUTO);
    expect(report.status).not.toBe('partial');
  });

  it('records the repost in scheme 5', async () => {
    await checkerWith().check(repost, AUTO);
    expect((await history.getByUrl(repost.url))?.scheme).toBe(5);
  });
});

describe('partial copies the six-passage sample hid', () => {
  it('flags the whole article after its first 40 % was read (missed when pages kept six passages)', async () => {
    await checkerWith().check(firstPart, AUTO);
    const report = await checkerWith().check(article, AUTO);
    expect(report.status).toBe('partial');
    expect(report.matches.map((m) => m.url)).toEqual([firstPart.url]);
  });

  it('missed it in scheme 3', async () => {
    const three = checkerWith((text) => signDocument(text, {}, 3));
    await three.check(firstPart, AUTO);
    expect((await three.check(article, AUTO)).status).toBe('new');
  });
});
