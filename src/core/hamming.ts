import type { Fingerprint } from './fingerprint64';

/** Population count of a 32-bit integer (SWAR bit counting). */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Number of differing bits between two 64-bit fingerprints (0–64). */
export function hammingDistance(a: Fingerprint, b: Fingerprint): number {
  return popcount32((a.hi ^ b.hi) >>> 0) + popcount32((a.lo ^ b.lo) >>> 0);
}
