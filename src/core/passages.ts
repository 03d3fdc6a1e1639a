import { fmix32 } from './feature-hash';
import type { HashedFeatures } from './feature-table';
import { fingerprintsEqual, type Fingerprint } from './fingerprint64';
import { UNCAPPED, WeightSummary, termWeight, weightCap } from './term-weight';
import { hammingDistance } from './hamming';
import type { PassageMeasure } from './scheme';
import { sketchDistance } from './sketch-distance';

/**
 * Passage fingerprints: content-defined chunks of the feature stream, each
 * SimHashed on its own, a few of them kept per document.
 *
 * Why: a dropped paragraph or a repost's header and footer move many true
 * reposts' whole-document SimHash past distance 3 while most of their
 * passages survive untouched, so passages (a) find such a repost in the
 * four-block index and (b) tell a partial copy from a whole one
 * (docs/decisions/0012-passage-fingerprints.md).
 *
 * Chunking is content-defined on the feature stream, not on paragraphs: a
 * feature whose (remixed) hash has its low five bits zero ends a chunk (an
 * "anchor"), so
 * chunk boundaries depend only on the features around them. Re-wrapped lines,
 * moved paragraphs, added boilerplate or dropped paragraphs disturb only the
 * chunks where the text changed; everything else gives the same fingerprint.
 *
 * Which chunks are kept is content-defined too: the passageSampleSize(scheme)
 * with the smallest `passageKey` (a bottom-k sample). Two copies of the same
 * text keep the same chunks, and for two documents the chunks with keys up to
 * the smaller of their two largest kept keys are a like-for-like sample of
 * both, which is what `judge` compares to decide partial against whole. The
 * key is a hash of the passage's own fingerprint, so no extra field needs
 * storing.
 */

/**
 * Mean features between anchors: about a paragraph (≈ 60–70 English words
 * with stopwords, ≈ 45 Chinese characters). Smaller chunks survive typos
 * more often, larger ones collide less by chance; 32 balanced the two
 * (docs/decisions/0012-passage-fingerprints.md).
 */
export const PASSAGE_ANCHOR_EVERY = 32;
/** No anchor is taken closer than this to the previous one: tiny chunks collide by chance. */
export const PASSAGE_MIN_FEATURES = 8;
/** A chunk is cut here even without an anchor (lists of numbers, code). */
export const PASSAGE_MAX_FEATURES = 128;
/**
 * Two passages match when they are within maxDistance AND agree on their
 * first 16-bit block (fingerprintBlocks(fp)[0]): the history files a passage
 * under that one block only, to save bytes, and the rule lives here so the
 * CLI, the evaluation and the extension judge exactly what the index can find
 * (docs/decisions/0013-passages-under-one-block.md).
 */
export function passagesMatch(a: Fingerprint, b: Fingerprint, maxDistance: number, measure: PassageMeasure = 'simhash'): boolean {
  return sharesFirstBlock(a, b) && passageDistance(a, b, measure) <= passageReach(maxDistance, measure);
}

/** How far apart two passages of one measure are: bits for SimHashes, bytes for sketches (passage-sketch.ts). */
export function passageDistance(a: Fingerprint, b: Fingerprint, measure: PassageMeasure): number {
  return measure === 'sketch' ? sketchDistance(a, b) : hammingDistance(a, b);
}

/**
 * Sketch bytes that may differ, for each k from 0 to 3. Two sketches agree
 * on their first two bytes (the block they are filed under), so at the
 * default k = 3 four of the other six must agree: two unrelated chunks do so
 * with p ≈ 15 / 256⁴ ≈ 3.5 × 10⁻⁹, while with three bytes (p ≈ 1.2 × 10⁻⁶)
 * ~2 % of the page checks of a million-page history would meet a chance
 * match, and 1.6 % of a bucket's entries would pass the store's filter.
 * A stricter k allows fewer, in proportion (docs/decisions/0053-passage-sketches.md).
 */
export const SKETCH_BYTES_APART: readonly number[] = [0, 1, 1, 2];

/** The passage distance that matches at the user's k: k bits for SimHashes, SKETCH_BYTES_APART[k] bytes for sketches. */
export function passageReach(maxDistance: number, measure: PassageMeasure): number {
  if (measure === 'simhash') return maxDistance;
  return SKETCH_BYTES_APART[Math.min(Math.max(0, maxDistance), SKETCH_BYTES_APART.length - 1)] as number;
}

/** Whether two fingerprints agree on their first 16-bit block, the one a passage is filed under. */
export function sharesFirstBlock(a: Fingerprint, b: Fingerprint): boolean {
  return a.hi >>> 16 === b.hi >>> 16;
}

const ANCHOR_MASK = PASSAGE_ANCHOR_EVERY - 1;

/** The sampling key of a passage: a hash of its fingerprint, uniform over 32 bits. */
export function passageKey(fp: Fingerprint): number {
  return fmix32((fp.hi ^ fmix32(fp.lo ^ 0x2545f491)) >>> 0);
}

/**
 * Charikar's SimHash over distinct features `ids[0..n)` with weight
 * min(termWeight(count[id]), cap); bit-identical to `simhash()` on the same weights.
 *
 * Computed nibble-wise: each feature adds its weight to one of 16 counters
 * for each of the 16 four-bit groups of its hash (16 additions instead of
 * 64); a bit's sum Σ±w is positive exactly when the counters whose value
 * has that bit set add up to more than half the total. Returns the total;
 * `foldInOrder` or `foldChunk` turn the counters into the fingerprint.
 */
function accumulate(f: HashedFeatures, ids: ArrayLike<number>, n: number, count: ArrayLike<number>, acc: Float64Array, cap: number): number {
  acc.fill(0);
  let total = 0;
  for (let j = 0; j < n; j++) {
    const id = ids[j] as number;
    const w = Math.min(termWeight(count[id] as number), cap);
    total += w;
    const lo = f.lo[id] as number;
    const hi = f.hi[id] as number;
    for (let k = 0; k < 8; k++) {
      const a = (k << 4) | ((lo >>> (k << 2)) & 15);
      const b = ((k + 8) << 4) | ((hi >>> (k << 2)) & 15);
      acc[a] = (acc[a] as number) + w;
      acc[b] = (acc[b] as number) + w;
    }
  }
  return total;
}

/** Sets nibble k's four bits: nibble k of the low word (k < 8) or of the high word (k ≥ 8) holds bits 4k … 4k+3. */
function withNibble(fp: { hi: number; lo: number }, k: number, bits: number): void {
  if (k < 8) fp.lo |= bits << (k << 2);
  else fp.hi |= bits << ((k - 8) << 2);
}

/**
 * The fold in a fixed order of additions, 512 of them: for the whole
 * document, whose weights (tf^1.5 over a whole page) are unbounded.
 */
function foldInOrder(acc: Float64Array, total: number): Fingerprint {
  const fp = { hi: 0, lo: 0 };
  for (let k = 0; k < 16; k++) {
    const base = k << 4;
    let bits = 0;
    for (let bit = 0; bit < 4; bit++) {
      let set = 0;
      for (let v = 1 << bit; v < 16; v = (v + 1) | (1 << bit)) set += acc[base | v] as number;
      if (2 * set > total) bits |= 1 << bit;
    }
    withNibble(fp, k, bits);
  }
  return { hi: fp.hi >>> 0, lo: fp.lo >>> 0 };
}

/**
 * The same fold with 22 additions per nibble instead of 32, by halving:
 * values 8–15 give bit 3's sum; folding them onto 0–7 leaves three bits,
 * and so on. The order of additions differs from foldInOrder, which is
 * exact only while sums are integers below 2^53: a chunk has at most
 * PASSAGE_MAX_FEATURES + PASSAGE_MIN_FEATURES features, so its total
 * weight is at most their square. Passages are SimHashed per chunk,
 * ~30 features each, so the fold is half of their cost.
 */
function foldChunk(acc: Float64Array, total: number): Fingerprint {
  const fp = { hi: 0, lo: 0 };
  for (let k = 0; k < 16; k++) {
    const b = k << 4;
    const c8 = acc[b | 8] as number, c9 = acc[b | 9] as number, c10 = acc[b | 10] as number, c11 = acc[b | 11] as number;
    const c12 = acc[b | 12] as number, c13 = acc[b | 13] as number, c14 = acc[b | 14] as number, c15 = acc[b | 15] as number;
    const set3 = c8 + c9 + c10 + c11 + c12 + c13 + c14 + c15;
    // (Values 0 and 8 set none of bits 0–2: no y0 is needed.)
    const y1 = (acc[b | 1] as number) + c9, y2 = (acc[b | 2] as number) + c10, y3 = (acc[b | 3] as number) + c11;
    const y4 = (acc[b | 4] as number) + c12, y5 = (acc[b | 5] as number) + c13, y6 = (acc[b | 6] as number) + c14, y7 = (acc[b | 7] as number) + c15;
    const set2 = y4 + y5 + y6 + y7;
    const z1 = y1 + y5, z2 = y2 + y6, z3 = y3 + y7;
    const set1 = z2 + z3;
    const set0 = z1 + z3;
    const bits = (2 * set0 > total ? 1 : 0) | (2 * set1 > total ? 2 : 0) | (2 * set2 > total ? 4 : 0) | (2 * set3 > total ? 8 : 0);
    withNibble(fp, k, bits);
  }
  return { hi: fp.hi >>> 0, lo: fp.lo >>> 0 };
}

/**
 * Whole-document SimHash of hashed features, weights termWeight(tf), cut to
 * wholeWeightCap when `capped` (fingerprint scheme 3 on).
 */
export function wholeFingerprint(f: HashedFeatures, capped = false): Fingerprint {
  const all = new Int32Array(f.counts.length);
  for (let id = 0; id < all.length; id++) all[id] = id;
  const acc = new Float64Array(256);
  return foldInOrder(acc, accumulate(f, all, all.length, f.counts, acc, capped ? wholeWeightCap(f.counts) : UNCAPPED));
}

/** term-weight.ts weightCap of the whole document's weights. */
export function wholeWeightCap(counts: ArrayLike<number>): number {
  const summary = new WeightSummary();
  for (let id = 0; id < counts.length; id++) summary.add(termWeight(counts[id] as number));
  return weightCap(summary);
}

/** Whether a feature with this hash ends a chunk: its remixed hash has its low bits zero. */
export function isAnchorHash(hi: number, lo: number): boolean {
  return (fmix32((hi ^ Math.imul(lo, 0x9e3779b1)) >>> 0) & ANCHOR_MASK) === 0;
}

function isAnchor(f: HashedFeatures, id: number): boolean {
  return isAnchorHash(f.hi[id] as number, f.lo[id] as number);
}

/**
 * A paragraph with fewer features than this gives no passage when the
 * stream was read by paragraph (scheme 5): captions, credits, "Advertisement",
 * "Read more: …" and share lines between an article's paragraphs are mostly
 * shorter, and as passages of their own they matched across pages of one
 * template (decisions/0035: 8 flagged two same-template pairs of the fit
 * half, 12 one; 16 and 24 lost reposts and partial copies).
 */
export const PARAGRAPH_MIN_FEATURES = 12;

/**
 * [start, end) position ranges of the content-defined chunks of the stream.
 * When it was read by paragraph (HashedFeatures.paragraphs), each paragraph
 * is chunked on its own and one shorter than PARAGRAPH_MIN_FEATURES gives
 * none, so a paragraph's chunks are the same whatever lines stand between
 * it and the next (docs/decisions/0035-paragraph-passages.md).
 */
export function chunkBoundaries(f: HashedFeatures): Array<[number, number]> {
  const flat = chunkRanges(f);
  const chunks: Array<[number, number]> = [];
  for (let k = 0; k < flat.length; k += 2) chunks.push([flat[k] as number, flat[k + 1] as number]);
  return chunks;
}

/** chunkBoundaries as one flat list: start, end, start, end, … */
export function chunkRanges(f: HashedFeatures): number[] {
  const n = f.ids.length;
  const anchor = new Int8Array(f.counts.length).fill(-1);
  const ranges: number[] = [];
  const paragraphs = f.paragraphs;
  if (!paragraphs) {
    chunkRange(f, 0, n, anchor, ranges);
    return ranges;
  }
  for (let p = 0; p <= paragraphs.length; p++) {
    const start = p === 0 ? 0 : (paragraphs[p - 1] as number);
    const end = p === paragraphs.length ? n : (paragraphs[p] as number);
    if (end - start >= PARAGRAPH_MIN_FEATURES) chunkRange(f, start, end, anchor, ranges);
  }
  return ranges;
}

/**
 * Appends the chunks of positions [from, to) to `ranges` (start, end pairs):
 * a chunk ends after an anchor once it has PASSAGE_MIN_FEATURES, or at
 * PASSAGE_MAX_FEATURES; a shorter tail joins the range's chunk before it.
 * `anchor` caches each distinct feature's isAnchor (-1 not yet known).
 */
function chunkRange(f: HashedFeatures, from: number, to: number, anchor: Int8Array, ranges: number[]): void {
  const first = ranges.length;
  let start = from;
  for (let i = from; i < to; i++) {
    const id = f.ids[i] as number;
    let a = anchor[id] as number;
    if (a < 0) anchor[id] = a = isAnchor(f, id) ? 1 : 0;
    const length = i + 1 - start;
    if ((a === 1 && length >= PASSAGE_MIN_FEATURES) || length >= PASSAGE_MAX_FEATURES) {
      ranges.push(start, i + 1);
      start = i + 1;
    }
  }
  if (start < to) {
    // A short tail joins the chunk before it rather than standing alone.
    if (ranges.length > first && to - start < PASSAGE_MIN_FEATURES) ranges[ranges.length - 1] = to;
    else ranges.push(start, to);
  }
}

/**
 * The SimHash of each content-defined chunk of the stream, in order (the
 * WebAssembly engine computes the same). `capped`: each chunk's weights cut
 * to its own weightCap (fingerprint scheme 3 on).
 */
export function chunkFingerprints(f: HashedFeatures, capped = false): Fingerprint[] {
  return rangeFingerprints(f, chunkBoundaries(f), capped);
}

/** The SimHash of each [start, end) position range of the stream, in order. */
export function rangeFingerprints(f: HashedFeatures, ranges: ReadonlyArray<readonly [number, number]>, capped = false): Fingerprint[] {
  const chunker = new ChunkSimHash(f);
  return ranges.map(([start, end]) => chunker.fingerprint(start, end, capped));
}

/** One chunk's SimHash at a time, with scratch space reused between chunks. */
class ChunkSimHash {
  private readonly local: Int32Array;
  private readonly touched = new Int32Array(PASSAGE_MAX_FEATURES + PASSAGE_MIN_FEATURES);
  private readonly sums = new Float64Array(256);
  private readonly summary = new WeightSummary();

  constructor(private readonly f: HashedFeatures) {
    this.local = new Int32Array(f.counts.length);
  }

  /** The SimHash of positions [start, end), each weight cut to the chunk's weightCap when `capped`. */
  fingerprint(start: number, end: number, capped: boolean): Fingerprint {
    const { f, local, touched, sums, summary } = this;
    let n = 0;
    for (let i = start; i < end; i++) {
      const id = f.ids[i] as number;
      if (local[id] === 0) touched[n++] = id;
      local[id] = (local[id] as number) + 1;
    }
    let cap = UNCAPPED;
    if (capped) {
      summary.reset();
      for (let j = 0; j < n; j++) summary.add(termWeight(local[touched[j] as number] as number));
      cap = weightCap(summary);
    }
    const fp = foldChunk(sums, accumulate(f, touched, n, local, sums, cap));
    for (let j = 0; j < n; j++) local[touched[j] as number] = 0;
    return fp;
  }
}

/**
 * The passage fingerprints kept for a document, in ascending key order: the
 * `sampleSize` chunks with the smallest keys (scheme.ts passageSampleSize).
 * A document of one chunk has none (its passage would be its whole-document
 * fingerprint).
 */
export function keepPassages(chunks: readonly Fingerprint[], sampleSize: number): Fingerprint[] {
  if (chunks.length < 2) return [];
  const keyed = chunks.map((fp) => ({ fp, key: passageKey(fp) }));
  keyed.sort((a, b) => a.key - b.key || a.fp.hi - b.fp.hi || a.fp.lo - b.fp.lo);
  const kept: Fingerprint[] = [];
  let lastKey = -1;
  for (const { fp, key } of keyed) {
    if (key === lastKey) continue; // the same passage twice in one document
    kept.push(fp);
    lastKey = key;
    if (kept.length === sampleSize) break;
  }
  return kept;
}

/** `passages` less those `known` already holds (the same fingerprint). */
export function passagesNotIn(passages: readonly Fingerprint[], known: readonly Fingerprint[]): Fingerprint[] {
  return passages.filter((p) => !known.some((q) => fingerprintsEqual(p, q)));
}

/** keepPassages of chunkFingerprints: a document's passage fingerprints. */
export function passageFingerprints(f: HashedFeatures, sampleSize: number, capped = false): Fingerprint[] {
  return keepPassages(chunkFingerprints(f, capped), sampleSize);
}
