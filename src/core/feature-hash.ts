/**
 * 64-bit feature hash: two MurmurHash3 (x86, 32-bit) lanes with independent
 * seeds, computed in one pass over the UTF-16 code units. Murmur's final
 * avalanche (fmix32) makes every output bit depend on every input bit, which
 * SimHash needs: each bit position is an independent random hyperplane.
 */
const SEED_HI = 0x9747b28c;
const SEED_LO = 0x5bd1e995;
const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

function mixK(k: number): number {
  k = Math.imul(k, C1);
  k = (k << 15) | (k >>> 17);
  return Math.imul(k, C2);
}

function mixH(h: number, k: number): number {
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Writes the two halves of the hash of `s` into `out[0]` (hi) and `out[1]` (lo). */
export function hashFeature(s: string, out: Uint32Array): void {
  let h1 = SEED_HI;
  let h2 = SEED_LO;
  const n = s.length;
  let i = 0;
  // Two UTF-16 code units per 32-bit block.
  for (; i + 1 < n; i += 2) {
    const k = mixK(s.charCodeAt(i) | (s.charCodeAt(i + 1) << 16));
    h1 = mixH(h1, k);
    h2 = mixH(h2, k);
  }
  if (i < n) {
    const k = mixK(s.charCodeAt(i));
    h1 ^= k;
    h2 ^= k;
  }
  out[0] = fmix32(h1 ^ (n * 2));
  out[1] = fmix32(h2 ^ (n * 2));
}
