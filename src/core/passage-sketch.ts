import { fmix32 } from './feature-hash';
import type { HashedFeatures } from './feature-table';
import type { Fingerprint } from './fingerprint64';
import { chunkBoundaries } from './passages';

/**
 * Passage sketches (fingerprint scheme 6 on): each content-defined chunk of
 * the feature stream, the same chunks as scheme 5's passages, kept as eight
 * one-byte minimum hashes of its feature pairs (b-bit min-wise hashing)
 * instead of a SimHash.
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
 * characters, and a byte of single characters agreed too often.
 */

/** Bytes of a sketch: one 64-bit passage. */
export const SKETCH_BYTES = 8;
/** Consecutive features hashed together into one element of the chunk's set. */
export const SKETCH_SHINGLE = 2;

const SEEDS = Uint32Array.from({ length: SKETCH_BYTES }, (_, s) => fmix32((0x51ed27 + Math.imul(s, 0x3c6ef372)) >>> 0));
const SHINGLE_SEED = 0x9747b28c;
const BYTE_SEED = 0x2545f491;

/** The sketch of positions [start, end) of the stream: byte s is the low byte of a remix of the smallest hash under seed s. */
export function chunkSketch(f: HashedFeatures, start: number, end: number, mins = new Uint32Array(SKETCH_BYTES)): Fingerprint {
  mins.fill(0xffffffff);
  // A chunk shorter than a shingle is one element: its features together.
  const elements = Math.max(1, end - start - SKETCH_SHINGLE + 1);
  for (let j = 0; j < elements; j++) {
    let h = SHINGLE_SEED;
    for (let t = start + j; t < Math.min(end, start + j + SKETCH_SHINGLE); t++) {
      const id = f.ids[t] as number;
      h = fmix32((h ^ (f.lo[id] as number) ^ Math.imul(f.hi[id] as number, 0x85ebca6b)) >>> 0);
    }
    for (let s = 0; s < SKETCH_BYTES; s++) {
      const v = fmix32((h ^ (SEEDS[s] as number)) >>> 0);
      if (v < (mins[s] as number)) mins[s] = v;
    }
  }
  // Remixed: the smallest of many hashes has its top bits zero, its low byte alone is not uniform enough to key a bucket.
  const byte = (s: number): number => fmix32(((mins[s] as number) ^ BYTE_SEED) >>> 0) & 0xff;
  return {
    hi: ((byte(0) << 24) | (byte(1) << 16) | (byte(2) << 8) | byte(3)) >>> 0,
    lo: ((byte(4) << 24) | (byte(5) << 16) | (byte(6) << 8) | byte(7)) >>> 0,
  };
}

/** The sketch of each content-defined chunk of the stream, in order (passages.ts chunkBoundaries). */
export function chunkSketches(f: HashedFeatures): Fingerprint[] {
  const mins = new Uint32Array(SKETCH_BYTES);
  return chunkBoundaries(f).map(([start, end]) => chunkSketch(f, start, end, mins));
}
