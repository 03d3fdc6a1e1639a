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

/** MurmurHash3's 32-bit finaliser: every output bit depends on every input bit. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Writes the two halves of the hash of `s` into `out[0]` (hi) and `out[1]` (lo). */
export function hashFeature(s: string, out: Uint32Array): void {
  hashRange(s, 0, s.length, out);
}

/**
 * `hashFeature(s.slice(start, end), out)` without making the slice: the
 * feature table hashes every word where it lies in the page's text.
 */
export function hashRange(s: string, start: number, end: number, out: Uint32Array): void {
  // The mixing steps are written out (not helper calls): this runs once per
  // feature of every page, and the inlined form is what keeps it cheap even
  // before the JIT has warmed up.
  let h1 = SEED_HI;
  let h2 = SEED_LO;
  const n = end - start;
  let i = start;
  // Two UTF-16 code units per 32-bit block.
  for (; i + 1 < end; i += 2) {
    let k = s.charCodeAt(i) | (s.charCodeAt(i + 1) << 16);
    k = Math.imul(k, C1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, C2);
    h1 ^= k;
    h1 = (h1 << 13) | (h1 >>> 19);
    h1 = (Math.imul(h1, 5) + 0xe6546b64) | 0;
    h2 ^= k;
    h2 = (h2 << 13) | (h2 >>> 19);
    h2 = (Math.imul(h2, 5) + 0xe6546b64) | 0;
  }
  if (i < end) {
    let k = s.charCodeAt(i);
    k = Math.imul(k, C1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, C2);
    h1 ^= k;
    h2 ^= k;
  }
  out[0] = fmix32(h1 ^ (n * 2));
  out[1] = fmix32(h2 ^ (n * 2));
}
