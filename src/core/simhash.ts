import { hashFeature } from './feature-hash';
import type { Fingerprint } from './fingerprint64';

/**
 * Charikar's SimHash: each feature votes +weight on the bits set in its 64-bit
 * hash and −weight on the others; the fingerprint keeps the sign of each sum.
 * An empty feature set gives the all-zero fingerprint.
 *
 * Computed byte-wise: each feature adds its weight to one of 256 counters for
 * each of the 8 bytes of its hash (8 additions instead of 64), and the counters
 * are folded into the 64 per-bit sums once at the end. A bit's sum is then
 * 2·(weight of the features that set it) − (total weight). With integer
 * weights (tf^1.5 rounded, as features.ts gives) every partial sum is an exact integer
 * below 2^53, so the result is bit for bit the one of the per-bit loop; any
 * other weight (fractions, huge totals) takes the per-bit loop itself, whose
 * floating-point additions happen in the original order.
 */
export function simhash(features: Iterable<readonly [string, number]>): Fingerprint {
  const entries = features instanceof Map ? (features as Map<string, number>) : Array.from(features);
  return simhashBytewise(entries) ?? simhashPerBit(entries);
}

/** Largest total weight whose partial sums stay exact in a double. */
const EXACT_LIMIT = Number.MAX_SAFE_INTEGER / 2;

const hash = new Uint32Array(2);
// 8 bytes × 256 values; reused between calls (a page is hashed at a time).
const byteSums = new Float64Array(8 * 256);

function bump(sums: Float64Array, slot: number, weight: number): void {
  sums[slot] = (sums[slot] as number) + weight;
}

function simhashBytewise(entries: Map<string, number> | readonly (readonly [string, number])[]): Fingerprint | undefined {
  const sums = byteSums;
  sums.fill(0);
  let total = 0;
  // Bounds every partial sum below, so all of them stay exact integers.
  let magnitude = 0;
  let exact = true;
  const add = (weight: number, feature: string): void => {
    if (!exact) return;
    magnitude += weight < 0 ? -weight : weight;
    if (!Number.isSafeInteger(weight) || magnitude > EXACT_LIMIT) {
      exact = false;
      return;
    }
    hashFeature(feature, hash);
    const hi = hash[0] as number;
    const lo = hash[1] as number;
    // Slots: bytes of lo (bits 0–31) first, then bytes of hi (bits 32–63).
    bump(sums, lo & 0xff, weight);
    bump(sums, 0x100 | ((lo >>> 8) & 0xff), weight);
    bump(sums, 0x200 | ((lo >>> 16) & 0xff), weight);
    bump(sums, 0x300 | (lo >>> 24), weight);
    bump(sums, 0x400 | (hi & 0xff), weight);
    bump(sums, 0x500 | ((hi >>> 8) & 0xff), weight);
    bump(sums, 0x600 | ((hi >>> 16) & 0xff), weight);
    bump(sums, 0x700 | (hi >>> 24), weight);
    total += weight;
  };
  if (entries instanceof Map) entries.forEach(add);
  else for (const [feature, weight] of entries) add(weight, feature);
  if (!exact) return undefined;

  let hi = 0;
  let lo = 0;
  for (let byte = 0; byte < 8; byte++) {
    const base = byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      // Weight of the features whose hash has this bit set.
      let set = 0;
      const mask = 1 << bit;
      for (let v = mask; v < 256; v = (v + 1) | mask) set += sums[base | v] as number;
      if (2 * set - total > 0) {
        const position = (byte & 3) * 8 + bit;
        if (byte < 4) lo |= 1 << position;
        else hi |= 1 << position;
      }
    }
  }
  return { hi: hi >>> 0, lo: lo >>> 0 };
}

/** The reference form: one ±weight per bit per feature, in feature order. */
function simhashPerBit(entries: Map<string, number> | readonly (readonly [string, number])[]): Fingerprint {
  const sums = new Float64Array(64);
  const h = new Uint32Array(2);
  for (const [feature, weight] of entries) {
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
