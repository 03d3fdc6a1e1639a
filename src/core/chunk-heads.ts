import type { HashedFeatures } from './feature-table';
import type { Fingerprint } from './fingerprint64';
import { chunkSketch, SKETCH_BYTES } from './passage-sketch';
import { PASSAGE_ANCHOR_EVERY } from './passages';
import type { TextLength } from './text-length';

/**
 * Features in a chunk's head: half a chunk on average, about a sentence of
 * English (≈ 30 words with stopwords, ≈ 180 characters). A quote of a few
 * hundred characters that starts where a stored chunk starts (a paragraph's
 * start, or the anchor that ended the chunk before) holds the chunk's head
 * whole, while it holds the whole chunk (≈ 400 characters) only when it is
 * long enough. Shorter heads (12) found more quotes and were shared by two
 * different practice articles (docs/decisions/0082-chunk-heads.md).
 */
export const CHUNK_HEAD_FEATURES = PASSAGE_ANCHOR_EVERY / 2;

/**
 * Whether a text's chunks get heads: where its features are words. A chunk of
 * 32 word features is longer than a quote of a few hundred characters; one of
 * 32 Chinese characters is ≈ 45 characters of text, several of which such a
 * quote holds whole.
 */
export function hasChunkHeads(length: TextLength): boolean {
  return length.words > length.cjkChars;
}

/** The head that begins at feature `start` of the stream: the sketch of CHUNK_HEAD_FEATURES features from there. */
export function headAt(f: HashedFeatures, start: number, mins = new Uint32Array(SKETCH_BYTES)): Fingerprint {
  return chunkSketch(f, start, start + CHUNK_HEAD_FEATURES, mins);
}

/** headAt each of `starts`, in order (each with CHUNK_HEAD_FEATURES features after it). */
export function headsAt(f: HashedFeatures, starts: readonly number[]): Fingerprint[] {
  const mins = new Uint32Array(SKETCH_BYTES);
  return starts.map((start) => headAt(f, start, mins));
}

/** The head of each chunk longer than CHUNK_HEAD_FEATURES, in order. */
export function chunkHeads(f: HashedFeatures, ranges: ReadonlyArray<readonly [number, number]>): Fingerprint[] {
  return headsAt(f, ranges.filter(([start, end]) => end - start > CHUNK_HEAD_FEATURES).map(([start]) => start));
}

/**
 * The heads a page being checked is asked by: of its chunks that end where
 * their paragraph ends, CHUNK_HEAD_FEATURES long or more. Any other chunk ends
 * at an anchor, as the stored chunk it copies does, so its own sketch finds
 * that chunk whole; only a paragraph's end can cut a quoted chunk short.
 */
export function paragraphEndHeads(f: HashedFeatures, ranges: ReadonlyArray<readonly [number, number]>): Fingerprint[] {
  const ends = new Set<number>([f.ids.length, ...(f.paragraphs ?? [])]);
  return headsAt(f, ranges.filter(([start, end]) => end - start >= CHUNK_HEAD_FEATURES && ends.has(end)).map(([start]) => start));
}
