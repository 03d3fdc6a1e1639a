/**
 * Fingerprint scheme 4 keeps every chunk's passage (up to 64) instead of a
 * sample of six, and pages signed in scheme 3 still compare like with like
 * (docs/decisions/0027-quoted-passages.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareSignatures, hammingDistance, judge, signDocument, type DocumentSignature } from '../../src/core';
import { passageKey } from '../../src/core/passages';
import { equivalentScheme, passageSampleSize, type FingerprintScheme } from '../../src/core/scheme';

const fixture = (name: string): string => readFileSync(join(__dirname, '../fixtures/detection', `${name}.txt`), 'utf8');
const sign = (name: string, scheme: FingerprintScheme): DocumentSignature => signDocument(fixture(name), {}, scheme);

/** The four-block index finds a pair only if some fingerprint of one is within 3 of one of the other. */
function indexFinds(a: DocumentSignature, b: DocumentSignature): boolean {
  const fa = [a.fingerprint, ...a.passages];
  return [b.fingerprint, ...b.passages].some((y) => fa.some((x) => hammingDistance(x, y) <= 3));
}

describe('every chunk kept (scheme 4)', () => {
  it.each(['readability-mozilla-1', 'readability-dropbox-blog', 'cwc-bbdf5079'])('signs %s as scheme 3 does, with scheme 3’s six passages first', (name) => {
    const three = sign(name, 3);
    const four = sign(name, 4);
    expect(four.fingerprint).toEqual(three.fingerprint);
    expect(four.passages.slice(0, passageSampleSize(3))).toEqual(three.passages);
    expect(four.passages.length).toBeGreaterThanOrEqual(three.passages.length);
    expect(four.passages.length).toBeLessThanOrEqual(passageSampleSize(4));
    const keys = four.passages.map(passageKey);
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
    expect([three.sampleSize, four.sampleSize]).toEqual([6, 64]);
  });

  it('finds the first 40 % of a long article that none of its six sampled passages covers (missed in scheme 3)', () => {
    const [article, copy] = ['readability-dropbox-blog', 'readability-dropbox-blog.trunc40'];
    expect(indexFinds(sign(article, 3), sign(copy, 3))).toBe(false);
    expect(judge(sign(article, 3), sign(copy, 3)).verdict).toBe('different');
    expect(indexFinds(sign(article, 4), sign(copy, 4))).toBe(true);
    expect(judge(sign(article, 4), sign(copy, 4)).verdict).toBe('partial');
    expect(judge(sign(copy, 4), sign(article, 4)).verdict).toBe('partial');
  });

  describe.each([
    ['a repost in another template', 'readability-mozilla-1', 'readability-mozilla-1.wrap', 'duplicate'],
    ['a repost with typos', 'readability-mozilla-1', 'readability-mozilla-1.typo', 'duplicate'],
    ['its first 40 %', 'readability-mozilla-1', 'readability-mozilla-1.trunc40', 'partial'],
    ['a Chinese repost with typos', 'cwc-bbdf5079', 'cwc-bbdf5079.typo', 'duplicate'],
    ['a Chinese first 40 %', 'cwc-bbdf5079', 'cwc-bbdf5079.trunc40', 'partial'],
    ['another article of the same site', 'readability-mozilla-1', 'readability-mozilla-2', 'different'],
  ])('a page read in scheme 3 against %s read in scheme 4', (_name, earlier, later, verdict) => {
    it(`is judged ${verdict}, as two scheme-3 pages are`, () => {
      expect(judge(sign(earlier, 3), sign(later, 4)).verdict).toBe(verdict);
      expect(judge(sign(earlier, 3), sign(later, 3)).verdict).toBe(verdict);
    });

    it('compares no passage beyond the older page’s six-passage sample', () => {
      const older = sign(earlier, 3);
      const limit = older.passages.length < 6 ? Infinity : Math.max(...older.passages.map(passageKey));
      const cmp = compareSignatures(older, sign(later, 4));
      const beyond = sign(later, 4).passages.filter((p) => passageKey(p) <= limit).length;
      expect(cmp.current.compared).toBe(beyond);
      expect(cmp.earlier.compared).toBe(older.passages.length);
    });
  });

  it('is compared like with like with scheme 3 for every text, so no page is signed twice', () => {
    for (const length of [{ words: 500, cjkChars: 0 }, { words: 0, cjkChars: 900 }]) {
      expect(equivalentScheme(4, length)).toBe(equivalentScheme(3, length));
    }
  });
});
