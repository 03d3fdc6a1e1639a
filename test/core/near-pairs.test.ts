import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Corpus, DisjointSets, fingerprintFromHex, forEachCandidatePair, forEachNearPair, forEachNearPairInFirstBlock, hammingDistance, OTHER_BLOCKS, TWELVE_BIT_PARTS, type Fingerprint, type FingerprintColumns, type PairDistance, type PassageMeasure } from '../../src/core';
import { differingBytes } from '../../src/core/sketch-distance';
import { passageReach } from '../../src/core/passages';

function columns(fps: readonly Fingerprint[]): FingerprintColumns {
  return { hi: Uint32Array.from(fps, (f) => f.hi), lo: Uint32Array.from(fps, (f) => f.lo), count: fps.length };
}

function pairsOf(fps: readonly Fingerprint[], maxDistance = 3): Array<[number, number, number]> {
  const pairs: Array<[number, number, number]> = [];
  forEachNearPair(columns(fps), maxDistance, (i, j, d) => pairs.push([i, j, d]));
  return sorted(pairs);
}

const sorted = (pairs: Array<[number, number, number]>) => pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);

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

describe('forEachNearPairInFirstBlock: passages, the pairs that share their first block and are within reach', () => {
  const bits: PairDistance = (_u, _v, xorHi, xorLo) => hammingDistance({ hi: xorHi, lo: xorLo }, { hi: 0, lo: 0 });
  const sketchDistance = (k: number): PairDistance => (_u, _v, xorHi, xorLo) => (differingBytes(xorHi) + differingBytes(xorLo) <= passageReach(k, 'sketch') ? 0 : Infinity);
  const firstBlockPairs = (fps: readonly Fingerprint[], k: number, measure: PassageMeasure) => {
    const pairs: Array<[number, number, number]> = [];
    forEachNearPairInFirstBlock(columns(fps), k, (i, j, d) => pairs.push([i, j, d]), measure === 'simhash' ? TWELVE_BIT_PARTS : OTHER_BLOCKS, measure === 'simhash' ? bits : sketchDistance(k));
    return sorted(pairs);
  };
  /** Every pair compared, as the search did before it cut first blocks into parts. */
  const everyPair = (fps: readonly Fingerprint[], k: number, measure: PassageMeasure) => {
    const distance = measure === 'simhash' ? bits : sketchDistance(k);
    const pairs: Array<[number, number, number]> = [];
    const firstOfValue = new Map<string, number>();
    fps.forEach((fp, i) => {
      const value = `${fp.hi},${fp.lo}`;
      const first = firstOfValue.get(value);
      if (first !== undefined) pairs.push([first, i, 0]);
      else firstOfValue.set(value, i);
    });
    const distinct = [...firstOfValue.values()];
    for (const [x, i] of distinct.entries()) for (const j of distinct.slice(x + 1)) {
      const [a, b] = [fps[i]!, fps[j]!];
      if (a.hi >>> 16 !== b.hi >>> 16) continue;
      const d = distance(i, j, (a.hi ^ b.hi) >>> 0, (a.lo ^ b.lo) >>> 0);
      if (d <= k) pairs.push([Math.min(i, j), Math.max(i, j), d]);
    }
    return sorted(pairs);
  };

  test.each<[string, Fingerprint[], PassageMeasure, Array<[number, number, number]>]>([
    ['a bit apart in the first block: not found', [A, flip(A, 1)], 'simhash', []],
    ['a bit apart after it: found', [A, flip(A, 17)], 'simhash', [[0, 1, 1]]],
    ['three bits, one in each of three 12-bit parts', [A, flip(A, 20, 35, 50)], 'simhash', [[0, 1, 3]]],
    ['a sketch two bytes apart, in two byte pairs', [A, flip(A, 20, 40)], 'sketch', [[0, 1, 0]]],
    ['a sketch three bytes apart: not found', [A, flip(A, 20, 40, 56)], 'sketch', []],
  ])('%s', (_name, fps, measure, expected) => {
    expect(firstBlockPairs(fps, 3, measure)).toEqual(expected);
  });

  test('a first block of hundreds of entries, repeats and near copies among them: the same pairs as comparing every pair', () => {
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    const fps: Fingerprint[] = [];
    for (let i = 0; i < 700; i++) {
      const fp = { hi: ((0xabcd << 16) | (next() & 0xffff)) >>> 0, lo: next() };
      fps.push(fp);
      if (i % 7 === 0) fps.push(flip(fp, 16 + (next() % 48)), flip(fp, 16 + (next() % 48), 16 + (next() % 48)));
      if (i % 50 === 0) fps.push({ ...fp });
    }
    for (const measure of ['simhash', 'sketch'] as const) {
      const pairs = firstBlockPairs(fps, 3, measure);
      expect(pairs.length).toBeGreaterThan(100);
      expect(pairs).toEqual(everyPair(fps, 3, measure));
    }
  });

  // Entries crowded into a few first blocks, each followed by near copies: what a first block of a large history holds.
  const crowded = fc.array(fc.tuple(fc.nat(3), fc.nat(0xffff), fc.nat(0xffffffff), fc.array(fc.uniqueArray(fc.integer({ min: 16, max: 63 }), { maxLength: 4 }), { maxLength: 3 })), { maxLength: 60 })
    .map((groups) => groups.flatMap(([block, rest, lo, copies]) => {
      const fp = { hi: ((block << 16) | rest) >>> 0, lo };
      return [fp, ...copies.map((flipped) => flip(fp, ...flipped))];
    }));

  test.each<[PassageMeasure, number]>([['simhash', 3], ['simhash', 1], ['sketch', 3], ['sketch', 1], ['sketch', 0]])('%s at k = %i: the same pairs as comparing every pair of a first block (property)', (measure, k) => {
    fc.assert(fc.property(crowded, (fps) => {
      expect(firstBlockPairs(fps, k, measure)).toEqual(everyPair(fps, k, measure));
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
