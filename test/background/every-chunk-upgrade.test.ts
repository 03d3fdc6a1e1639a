/**
 * Fingerprint schemes 4 (every chunk's passage kept), 5 (passages chunked
 * by paragraph) and 6 (passages kept as sketches) across an upgrade
 * (docs/decisions/0027-quoted-passages.md, 0035-paragraph-passages.md,
 * 0053-passage-sketches.md, 0002-fingerprint-schemes.md): an article signed
 * by main at 623a09a (scheme 3, six passages), at 3b1edf1 (scheme 4) and at
 * 196e53d (scheme 5), each by `deja-lu import-file`, read by today's engine.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { FINGERPRINT_SCHEME, fingerprintToHex, signDocument } from '../../src/core';
import { AUTO_CHECK as AUTO, historyFixture as read, notingSchemes, upgradeHistory } from './fakes';

const OLD_EXPORT = read('export-v2-main-623a09a.json');
const ARTICLE_URL = 'https://old.example.com/fx/dropbox-blog.txt';
const SCHEME_4_EXPORT = read('export-v2-main-3b1edf1.json');
const SCHEME_4_URL = 'https://old.example.com/v4/dropbox-blog.txt';
const SCHEME_5_EXPORT = read('export-v2-main-196e53d.json');
const SCHEME_5_URL = 'https://old.example.com/v5/dropbox-blog.txt';
const repost = { url: 'https://copy.example.org/dropbox', title: 'Copy', text: read('dropbox-blog-typo.txt') };
const firstPart = { url: 'https://part.example.net/dropbox', title: 'Part', text: read('dropbox-blog-trunc40.txt') };
const article = { url: 'https://mirror.example.org/dropbox', title: 'Mirror', text: read('dropbox-blog.txt') };

const upgrade = upgradeHistory('2026-12-01T00:00:00Z');
const checkerWith = upgrade.checker;

describe('an article stored with six passages (scheme 3), read by the current engine', () => {
  beforeEach(async () => {
    expect(await upgrade.history.importJson(OLD_EXPORT)).toMatchObject({ imported: 1, rejected: [] });
  });

  it('keeps its scheme and its six passages', async () => {
    const stored = await upgrade.history.getByUrl(ARTICLE_URL);
    expect(stored).toMatchObject({ scheme: 3 });
    expect(stored?.passages).toHaveLength(6);
    expect(await upgrade.history.olderSchemes()).toEqual([3]);
  });

  it('flags a repost of it, signing the new page in scheme 5 and once for schemes 3 and 4 (they compare like with like)', async () => {
    const schemes: number[] = [];
    const report = await checkerWith(notingSchemes(schemes)).check(repost, AUTO);
    expect(report.status).toBe('repost');
    expect(report.matches.map((m) => m.url)).toEqual([ARTICLE_URL]);
    expect(schemes).toEqual([FINGERPRINT_SCHEME, 3]);
  });

  it('records the repost in the current scheme, with every chunk’s passage', async () => {
    await checkerWith().check(repost, AUTO);
    const stored = await upgrade.history.getByUrl(repost.url);
    expect(stored?.scheme).toBe(FINGERPRINT_SCHEME);
    expect(stored?.passages.length).toBeGreaterThan(6);
  });
});

/**
 * A page stored in an older scheme whose passages the current one cannot
 * compare with: `signedAs` is the scheme the new page is also signed in for
 * it (equivalentScheme: scheme 4 signs as 3), and the current scheme alone
 * misses the partial copy (scheme 5's passages are other chunks than 4's,
 * 6's are sketches, never compared with SimHashes).
 */
describe.each([
  ['scheme 4 (every chunk, across paragraphs), main at 3b1edf1', SCHEME_4_EXPORT, SCHEME_4_URL, 4, 3],
  ['scheme 5 (SimHash passages by paragraph), main at 196e53d', SCHEME_5_EXPORT, SCHEME_5_URL, 5, 5],
] as const)('an article stored in %s, read by the current engine', (_name, file, url, scheme, signedAs) => {
  beforeEach(async () => {
    expect(await upgrade.history.importJson(file)).toMatchObject({ imported: 1, rejected: [] });
  });

  it('keeps its scheme and its passages', async () => {
    const stored = await upgrade.history.getByUrl(url);
    expect(stored).toMatchObject({ scheme });
    expect(stored?.passages.length).toBeGreaterThan(6);
    expect(await upgrade.history.olderSchemes()).toEqual([scheme]);
  });

  it.each([
    ['a repost with typos', repost, 'repost'],
    ['its first 40 %', firstPart, 'partial'],
  ] as const)('flags %s, judged against the page signed as the stored page was', async (_what, page, status) => {
    const schemes: number[] = [];
    const report = await checkerWith(notingSchemes(schemes)).check(page, AUTO);
    expect(report).toMatchObject({ status, matches: [{ url }] });
    expect(schemes).toEqual([FINGERPRINT_SCHEME, signedAs]);
  });

  it('misses the partial copy when the new page is signed in the current scheme alone', async () => {
    const report = await checkerWith((text) => signDocument(text, {}, FINGERPRINT_SCHEME)).check(firstPart, AUTO);
    expect(report.status).not.toBe('partial');
  });

  it('records the repost in the current scheme, its passages sketches', async () => {
    await checkerWith().check(repost, AUTO);
    const stored = await upgrade.history.getByUrl(repost.url);
    expect(stored?.scheme).toBe(FINGERPRINT_SCHEME);
    expect(stored?.passages).toEqual(signDocument(repost.text).passages.map(fingerprintToHex));
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
