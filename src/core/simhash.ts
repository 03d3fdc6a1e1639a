import { hashFeature } from './feature-hash';
import type { Fingerprint } from './fingerprint64';

/**
 * Charikar's SimHash: each feature votes +weight on the bits set in its 64-bit
 * hash and −weight on the others; the fingerprint keeps the sign of each sum.
 * An empty feature set gives the all-zero fingerprint.
 */
export function simhash(features: Iterable<readonly [string, number]>): Fingerprint {
  const sums = new Float64Array(64);
  const h = new Uint32Array(2);
  for (const [feature, weight] of features) {
    hashFeature(feature, h);
    const hi = h[0] as number;
    const lo = h[1] as number;
    for (let bit = 0; bit < 32; bit++) {
      sums[bit] = (sums[bit] as number) + ((hi >>> bit) & 1 ? weight : -weight);
      sums[bit + 32] = (sums[bit + 32] as number) + ((lo >>> bit) & 1 ? weight : -weight);
    }
  }
  let hi = 0;
  let lo = 0;
  for (let bit = 0; bit < 32; bit++) {
    if ((sums[bit] as number) > 0) hi |= 1 << bit;
    if ((sums[bit + 32] as number) > 0) lo |= 1 << bit;
  }
  return { hi: hi >>> 0, lo: lo >>> 0 };
}
