import { fmix32 } from './feature-hash';
import type { HashedFeatures } from './feature-table';
import type { Fingerprint } from './fingerprint64';
import { chunkBoundaries } from './passages';

/**
 * Passage sketches (fingerprint scheme 6 on): each content-defined chunk of
 * the feature stream, the same chunks as scheme 5's passages, kept as eight
 * one-byte minimum hashes of its feature pairs (chunkSketch) instead of a
 * SimHash.
 *
 * Why: a chunk copied with a word dropped, doubled or swapped moves its
 * SimHash 5–10 bits, past k = 3 (decisions/0048), so short answers pasted
 * from a source and lightly edited were seldom found. A minimum hash changes
 * only when the edit touches the pair that holds the minimum, so each byte
 * survives an edit with p ≈ 1 − 2/n for n pairs, and two chunks agree on a
 * byte with p ≈ their Jaccard similarity (plus 1/256 by chance). The bytes
 * fit the 64 bits a passage has in the store, in the same block index: the
 * first two bytes are the first 16-bit block a passage is filed under, so a
 * look-up still reads one bucket (docs/decisions/0053-passage-sketches.md).
 *
 * Pairs, not single features: two unrelated Chinese chunks share many
 * characters (each is a feature), few pairs of them.
 */

/** Bytes of a sketch: one 64-bit passage. */
export const SKETCH_BYTES = 8;
/** Consecutive features hashed together into one element of the chunk's set (chunkSketch hashes pairs). */
export const SKETCH_SHINGLE = 2;

const SHINGLE_SEED = 0x9747b28c;
const BYTE_SEED = 0x2545f491;
/** Bits of an element's hash that choose its bin: SKETCH_BYTES bins. */
const BIN_SHIFT = 32 - Math.log2(SKETCH_BYTES);
const EMPTY = 0xffffffff;

/**
 * The sketch of positions [start, end) of the stream, by one-permutation
 * hashing: each pair of consecutive features is hashed once, its top bits
 * choose one of SKETCH_BYTES bins, and each bin keeps its smallest hash (an
 * empty bin takes the next bin's, remixed); byte s is the low byte of a
 * remix of bin s's minimum. One hash per pair instead of one per pair and
 * byte, with the same chance of two chunks agreeing on a byte (Li, Owen and
 * Zhang 2012; the densification as Shrivastava and Li 2014).
 */
export function chunkSketch(f: HashedFeatures, start: number, end: number, mins = new Uint32Array(SKETCH_BYTES)): Fingerprint {
  mins.fill(EMPTY);
  // A chunk shorter than a shingle is one element: its features together.
  const last = Math.max(start, end - SKETCH_SHINGLE);
  for (let j = start; j <= last; j++) {
    const a = f.ids[j] as number;
    const b = f.ids[Math.min(j + 1, end - 1)] as number;
    // Order matters: the first feature's low lane multiplied, the second's lanes as they are.
    const h = fmix32((SHINGLE_SEED ^ Math.imul(f.lo[a] as number, 0x85ebca6b) ^ (f.hi[b] as number) ^ Math.imul(f.lo[b] as number, 0x9e3779b1)) >>> 0);
    const bin = h >>> BIN_SHIFT;
    if (h < (mins[bin] as number)) mins[bin] = h;
  }
  const byte = (s: number): number => {
    let from = s;
    for (let step = 0; step < SKETCH_BYTES && mins[from] === EMPTY; step++) from = (from + 1) % SKETCH_BYTES;
    // Remixed with the bin it stands for: a borrowed minimum gives each empty bin a byte of its own.
    return fmix32(((mins[from] as number) ^ BYTE_SEED ^ Math.imul(s + 1, 0x9e3779b1)) >>> 0) & 0xff;
  };
  return {
    hi: ((byte(0) << 24) | (byte(1) << 16) | (byte(2) << 8) | byte(3)) >>> 0,
    lo: ((byte(4) << 24) | (byte(5) << 16) | (byte(6) << 8) | byte(7)) >>> 0,
  };
}

/** The sketch of each content-defined chunk of the stream, in order (`ranges`: passages.ts chunkBoundaries). */
export function chunkSketches(f: HashedFeatures, ranges: ReadonlyArray<readonly [number, number]> = chunkBoundaries(f)): Fingerprint[] {
  const mins = new Uint32Array(SKETCH_BYTES);
  return ranges.map(([start, end]) => chunkSketch(f, start, end, mins));
}
