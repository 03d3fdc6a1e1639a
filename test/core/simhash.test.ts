import { describe, expect, test } from 'vitest';
import { hashFeature } from '../../src/core/feature-hash';
import { hammingDistance } from '../../src/core/hamming';
import { simhash } from '../../src/core/simhash';

describe('simhash', () => {
  test('no features gives the zero fingerprint', () => {
    expect(simhash([])).toEqual({ hi: 0, lo: 0 });
  });

  test('a single feature gives exactly its 64-bit hash (both halves used)', () => {
    const h = new Uint32Array(2);
    hashFeature('near-duplicate', h);
    expect(simhash([['near-duplicate', 1]])).toEqual({ hi: h[0], lo: h[1] });
  });

  test('the heavier feature wins every bit', () => {
    const h = new Uint32Array(2);
    hashFeature('heavy', h);
    expect(simhash([['heavy', 5], ['light', 1], ['other', 1]])).toEqual({ hi: h[0], lo: h[1] });
  });

  test('order of features does not matter', () => {
    const features: [string, number][] = Array.from({ length: 200 }, (_, i) => [`f${i}`, 1 + (i % 7)]);
    expect(simhash(features)).toEqual(simhash([...features].reverse()));
  });

  test('similar feature sets give close fingerprints, unrelated ones far apart', () => {
    const base: [string, number][] = Array.from({ length: 400 }, (_, i) => [`word${i}`, 1 + (i % 5)]);
    const edited: [string, number][] = [...base.slice(0, 396), ['x1', 1], ['x2', 1], ['x3', 1], ['x4', 1]];
    const other: [string, number][] = Array.from({ length: 400 }, (_, i) => [`other${i}`, 1 + (i % 5)]);
    expect(hammingDistance(simhash(base), simhash(edited))).toBeLessThanOrEqual(6);
    expect(hammingDistance(simhash(base), simhash(other))).toBeGreaterThan(16);
  });
});
