import { describe, expect, test } from 'vitest';
import { hashFeature } from '../../src/core/feature-hash';
import { popcount32 } from '../../src/core/hamming';

function hash(s: string): [number, number] {
  const out = new Uint32Array(2);
  hashFeature(s, out);
  return [out[0] as number, out[1] as number];
}

/** Deterministic pseudo-random words, so failures reproduce. */
function randomWords(count: number, seed = 1): string[] {
  let x = seed;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out.push(`w${x.toString(36)}${i}`);
  }
  return out;
}

const bit = (pair: [number, number], i: number): number => (i < 32 ? (pair[1] >>> i) & 1 : (pair[0] >>> (i - 32)) & 1);

describe('feature hash', () => {
  // Stored fingerprints stay comparable only while the hash never changes:
  // these vectors pin it. Changing them invalidates every user's history.
  test.each([
    ['', 0xebb6c228, 0xd9aaf7d3],
    ['a', 0xaaa95179, 0x49453e08],
    ['simhash', 0xc20dea07, 0x3463f256],
    ['指纹', 0x3272f412, 0xf0291993],
    ['😀', 0xdd00a002, 0x61058240],
  ])('pinned vector %j', (input, hi, lo) => {
    expect(hash(input)).toEqual([hi, lo]);
  });

  const samples = randomWords(20_000).map(hash);

  test('every one of the 64 bits is set about half the time', () => {
    for (let i = 0; i < 64; i++) {
      const ones = samples.reduce((n, h) => n + bit(h, i), 0);
      // 20,000 fair coins: 5 standard deviations is ±354.
      expect(Math.abs(ones - samples.length / 2)).toBeLessThan(360);
    }
  });

  test('bits are pairwise independent, across and within the two halves', () => {
    for (const [i, j] of [[0, 32], [31, 63], [5, 37], [0, 1], [16, 17], [40, 41], [10, 50]] as const) {
      let agree = 0;
      for (const h of samples) agree += bit(h, i) === bit(h, j) ? 1 : 0;
      expect(Math.abs(agree - samples.length / 2)).toBeLessThan(360);
    }
  });

  test('one changed character changes about half of the 64 bits (avalanche)', () => {
    const words = randomWords(2_000, 7);
    let total = 0;
    for (const w of words) {
      const a = hash(w);
      const b = hash(w.slice(0, -1) + String.fromCharCode(w.charCodeAt(w.length - 1) ^ 1));
      total += popcount32((a[0] ^ b[0]) >>> 0) + popcount32((a[1] ^ b[1]) >>> 0);
    }
    expect(total / words.length).toBeGreaterThan(31);
    expect(total / words.length).toBeLessThan(33);
  });

  test('no collisions among 20,000 distinct words', () => {
    expect(new Set(samples.map(([hi, lo]) => `${hi}:${lo}`)).size).toBe(samples.length);
  });
});
