import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Corpus, DisjointSets, FIRST_BLOCK, fingerprintFromHex, forEachCandidatePair, forEachNearPair, hammingDistance, type Fingerprint, type FingerprintColumns, type PassageMeasure } from '../../src/core';

function columns(fps: readonly Fingerprint[]): FingerprintColumns {
  return { hi: Uint32Array.from(fps, (f) => f.hi), lo: Uint32Array.from(fps, (f) => f.lo), count: fps.length };
}

function pairsOf(fps: readonly Fingerprint[], maxDistance = 3, blocks?: readonly number[]): Array<[number, number, number]> {
  const pairs: Array<[number, number, number]> = [];
  forEachNearPair(columns(fps), maxDistance, (i, j, d) => pairs.push([i, j, d]), blocks);
  return pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** Flips bit `bit` (0 = most significant) of a fingerprint. */
function flip(fp: Fingerprint, ...bits: number[]): Fingerprint {
  let { hi, lo } = fp;
  for (const bit of bits) {
    if (bit < 32) hi = (hi ^ (1 << (31 - bit))) >>> 0;
    else lo = (lo ^ (1 << (63 - bit))) >>> 0;
  }
  return { hi, lo };
}

const A: Fingerprint = { hi: 0x12345678, lo: 0x9abcdef0 };
const B: Fingerprint = { hi: 0xfedcba98, lo: 0x76543210 };

describe('forEachNearPair: the pairs within distance k, each once', () => {
  test.each([
    ['no entries', [], []],
    ['one entry', [A], []],
    ['two unrelated', [A, B], []],
    ['one bit apart', [A, flip(A, 5)], [[0, 1, 1]]],
    ['three bits, one in each of three blocks', [A, flip(A, 0, 20, 40)], [[0, 1, 3]]],
    ['three bits in one block', [A, flip(A, 1, 2, 3)], [[0, 1, 3]]],
    ['four bits, one per block: not found', [A, flip(A, 0, 16, 32, 48)], []],
    ['identical entries: each paired with the first', [B, A, A, A], [[1, 2, 0], [1, 3, 0]]],
    ['input order is kept in the pair (i < j)', [flip(A, 63), B, A], [[0, 2, 1]]],
  ] as Array<[string, Fingerprint[], Array<[number, number, number]>]>)('%s', (_name, fps, expected) => {
    expect(pairsOf(fps)).toEqual(expected);
  });

  test('on the first block only (passages), a pair differing there is not found', () => {
    expect(pairsOf([A, flip(A, 1)], 3, FIRST_BLOCK)).toEqual([]);
    expect(pairsOf([A, flip(A, 17)], 3, FIRST_BLOCK)).toEqual([[0, 1, 1]]);
  });

  test('refuses a distance the four blocks cannot guarantee', () => {
    expect(() => pairsOf([A], 4)).toThrow(RangeError);
  });

  const fingerprint = fc.record({ hi: fc.nat(0xffffffff), lo: fc.nat(0xffffffff) });
  /** Random fingerprints, each followed by 0–3 near copies (0–4 bits flipped, identical included). */
  const corpus = fc.array(fc.tuple(fingerprint, fc.array(fc.uniqueArray(fc.nat(63), { maxLength: 4 }), { maxLength: 3 })), { maxLength: 40 })
    .map((groups) => groups.flatMap(([fp, copies]) => [fp, ...copies.map((bits) => flip(fp, ...bits))]));

  test('groups the same entries as comparing every pair (property)', () => {
    fc.assert(fc.property(corpus, (fps) => {
      const found = new DisjointSets(fps.length);
      const seen = new Set<string>();
      forEachNearPair(columns(fps), 3, (i, j, d) => {
        expect(i).toBeLessThan(j);
        expect(d).toBe(hammingDistance(fps[i]!, fps[j]!));
        expect(d).toBeLessThanOrEqual(3);
        expect(seen.has(`${i},${j}`)).toBe(false);
        seen.add(`${i},${j}`);
        found.union(i, j);
      });
      const all = new DisjointSets(fps.length);
      for (let i = 0; i < fps.length; i++) for (let j = i + 1; j < fps.length; j++) if (hammingDistance(fps[i]!, fps[j]!) <= 3) all.union(i, j);
      // The same partition: each found group maps to exactly one true group and back.
      const forth = new Map<number, number>();
      const back = new Map<number, number>();
      for (let i = 0; i < fps.length; i++) {
        const [f, a] = [found.find(i), all.find(i)];
        expect(forth.get(f) ?? a).toBe(a);
        expect(back.get(a) ?? f).toBe(f);
        forth.set(f, a);
        back.set(a, f);
      }
    }), { numRuns: 300 });
  });
});

describe('DisjointSets', () => {
  test('joins, finds and counts', () => {
    const sets = new DisjointSets(5);
    expect(sets.union(0, 1)).toBe(true);
    expect(sets.union(3, 4)).toBe(true);
    expect(sets.union(1, 0)).toBe(false);
    expect(sets.union(1, 4)).toBe(true);
    expect([0, 1, 2, 3, 4].map((i) => sets.sizeOf(i))).toEqual([4, 4, 1, 4, 4]);
    expect(sets.find(3)).toBe(sets.find(0));
    expect(sets.find(2)).toBe(2);
  });
});

describe('forEachCandidatePair: passages of one measure, compared by it', () => {
  const hex = (h: string): Fingerprint => fingerprintFromHex(h);
  const SKETCH = 'aaaa11bbccddeeff';
  // Whole fingerprints and second passages far apart: only the first passages can pair the two.
  const entry = (passage: string, measure: PassageMeasure, n: number) => ({
    fingerprint: hex(n === 0 ? '0000000000000000' : 'ffffffffffffffff'), passages: [hex(passage), hex(n === 0 ? '1234123412341234' : '9876987698769876')], measure, length: { words: 500, cjkChars: 0 },
  });
  test.each<[string, string, PassageMeasure, Array<[number, number]>]>([
    ['a sketch two bytes apart: a pair', 'aaaa10bbccddefff', 'sketch', [[0, 1]]],
    ['a sketch three bytes apart (one bit each): none', 'aaaa10bbccdcefff', 'sketch', []],
    ['the same 64 bits as a SimHash passage: none (sketches and SimHashes never compare)', SKETCH, 'simhash', []],
  ])('%s', (_name, other, measure, pairs) => {
    const corpus = new Corpus();
    corpus.add(entry(SKETCH, 'sketch', 0), { source: 0, line: 0 });
    corpus.add(entry(other, measure, 1), { source: 0, line: 1 });
    const found: Array<[number, number]> = [];
    forEachCandidatePair(corpus, 3, (i, j) => found.push([i, j]));
    expect(found).toEqual(pairs);
  });
});
