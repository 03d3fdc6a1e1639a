/**
 * Fingerprint schemes: the version of every rule that decides a page's
 * signature. Pages keep the scheme they were signed in; a new page is also
 * signed in each older scheme still in the history, so what was read before an
 * upgrade still matches what is read after it (docs/decisions/0002-fingerprint-schemes.md).
 *
 * 1. NFKC, case folding, the tokeniser and SimHash as of release 0.1.0.
 * 2. Chinese scripts folded to one form before features (script-fold/).
 * 3. No two features hold more than half of Σw² (term-weight.ts weightCap).
 * 4. Every chunk's passage kept, up to 64, not a sample of 6 (passages.ts):
 *    whole fingerprints as in 3, and a scheme-3 page's passages are the first
 *    six of what scheme 4 keeps of the same text.
 * 5. Passages chunked paragraph by paragraph, short paragraphs left out
 *    (passages.ts chunkBoundaries): whole fingerprints as in 3 and 4,
 *    passages not comparable with theirs.
 * 6. Passages are sketches, eight one-byte minimum hashes of each chunk's
 *    feature pairs, not SimHashes (passage-sketch.ts): the same chunks and
 *    whole fingerprints as 5, passages compared by differing bytes.
 */
import type { TextLength } from './text-length';

export const FINGERPRINT_SCHEMES = [1, 2, 3, 4, 5, 6, 7] as const;
export type FingerprintScheme = (typeof FINGERPRINT_SCHEMES)[number];

/** The scheme new signatures are made in. */
export const FINGERPRINT_SCHEME: FingerprintScheme = 7;

/** The first scheme that folds Traditional and Simplified Chinese together. */
export const SCRIPT_FOLD_SCHEME: FingerprintScheme = 2;

/** The first scheme that caps the heaviest term weights (docs/decisions/0006-term-dominance.md). */
export const WEIGHT_CAP_SCHEME: FingerprintScheme = 3;

/** The first scheme that keeps every chunk's passage (docs/decisions/0027-quoted-passages.md). */
export const EVERY_CHUNK_SCHEME: FingerprintScheme = 4;

/** The first scheme that chunks passages by paragraph (docs/decisions/0035-paragraph-passages.md). */
export const PARAGRAPH_SCHEME: FingerprintScheme = 5;

/** The first scheme whose passages are sketches (docs/decisions/0053-passage-sketches.md). */
export const SKETCH_SCHEME: FingerprintScheme = 6;

/** The first scheme that keeps a sample of WIDE_SAMPLE passages (docs/decisions/0083-wider-passage-sample.md). */
export const WIDE_SAMPLE_SCHEME: FingerprintScheme = 7;

/**
 * How a scheme's passages are made and compared: SimHashes within k bits,
 * or sketches within k differing bytes (passage-sketch.ts). Both agree on
 * their first 16 bits, the block a passage is filed under.
 */
export type PassageMeasure = 'simhash' | 'sketch';

export function passageMeasure(scheme: FingerprintScheme): PassageMeasure {
  return scheme >= SKETCH_SCHEME ? 'sketch' : 'simhash';
}

/**
 * Passages a signature keeps at most: a bottom-k sample by passage key
 * (passages.ts keepPassages). Six kept every eval target within a page's
 * 300-byte budget (docs/decisions/0013-passages-under-one-block.md); 64 keep
 * every chunk of all but the longest articles, which partial copies and
 * quoted passages need, within the 1.5 KB budget (decisions/0027); from
 * scheme 7, WIDE_SAMPLE.
 */
export function passageSampleSize(scheme: FingerprintScheme): number {
  if (scheme >= WIDE_SAMPLE_SCHEME) return WIDE_SAMPLE;
  return scheme >= EVERY_CHUNK_SCHEME ? 64 : 6;
}

/**
 * Scheme 7's sample: every chunk of articles up to about 5,000–8,000 words
 * (64: 2,500–4,000), so a few sentences quoted from a long article lie in a kept
 * chunk twice as often. As many as the page record's 7-bit count holds
 * beside the whole fingerprint (store/codec/stored-page.ts). The practice
 * set's texts keep 42.4 passages on average (97 of 981 the whole sample),
 * 33.1 with 64 (240 of them; decisions/0083).
 */
export const WIDE_SAMPLE = 126;

/**
 * Passages a signature is looked up by: a stored text's sample and its next
 * chunks by key, up to PROBED_SAMPLES samples (DocumentSignature.unsampled),
 * and from scheme 4 on at most PROBE_BUDGET. A page being checked is looked
 * up by every chunk it compares instead, and its other layouts (sentence
 * runs, every-line and one-paragraph chunks) only within this many in all
 * (decisions/0056, 0062).
 */
export function probedPassages(scheme: FingerprintScheme): number {
  return Math.min(PROBED_SAMPLES * passageSampleSize(scheme), PROBE_BUDGET);
}

/**
 * The most look-ups probedPassages allows: two samples of 64, the probe the
 * bench timed a check with (time to verdict at a million pages). Scheme 7's
 * wider sample is kept within it rather than doubling a short page's
 * sentence-run look-ups (decisions/0083).
 */
export const PROBE_BUDGET = 128;

/**
 * The most chunks of a page being checked that are compared with the pages
 * it is found near (DocumentSignature.beyondSample): every chunk of all but
 * the longest pages (~30,000 features), so that the share of an earlier
 * text's sample found in the page is read on all of it. Each is looked up
 * too: a part of a short article may lie in any chunk of a long page, and
 * a sample of the page's chunks misses it as often as it leaves that part's
 * chunks out (decisions/0062-every-chunk-of-the-checked-page-looked-up.md).
 */
export const CHECKED_CHUNKS_MAX = 1024;

/**
 * How many samples' worth of passages bound the probe of probedPassages: the
 * look-ups a page's sentence runs and other layouts may add to its chunks'
 * (docs/decisions/0054-probe-unsampled-chunks.md, 0056).
 */
export const PROBED_SAMPLES = 2;

/** The sample size of signatures made now. */
export const CURRENT_SAMPLE_SIZE = passageSampleSize(FINGERPRINT_SCHEME);

/**
 * The lowest scheme whose signatures of this text compare like with like
 * with `scheme`'s, so one signature serves both:
 * - script folding changes only CJK text (script-fold.test.ts checks that
 *   each folded character counts as CJK), so a text without any signs alike
 *   in every scheme before the weight cap;
 * - scheme 4 signs as scheme 3 with a larger passage sample of the same
 *   bottom-k order, and `judge` compares two samples up to the smaller one's
 *   limit;
 * - scheme 5's passages are other chunks of the text, and scheme 6's other
 *   measures of them: a class each;
 * - scheme 7 signs as scheme 6 with a larger sample of the same order.
 */
export function equivalentScheme(scheme: FingerprintScheme, length: TextLength): FingerprintScheme {
  if (scheme >= SKETCH_SCHEME) return SKETCH_SCHEME;
  if (scheme >= PARAGRAPH_SCHEME) return PARAGRAPH_SCHEME;
  if (scheme >= WEIGHT_CAP_SCHEME) return WEIGHT_CAP_SCHEME;
  return length.cjkChars === 0 ? 1 : scheme;
}

/**
 * The lowest scheme whose whole fingerprint of this text is `scheme`'s: from
 * the weight cap on (scheme 3) later schemes changed only the passages, so
 * two pages signed in 3–7 still compare by their whole fingerprints even
 * where their passages do not (equivalentScheme differs).
 */
export function wholeFingerprintScheme(scheme: FingerprintScheme, length: TextLength): FingerprintScheme {
  return equivalentScheme(scheme >= WEIGHT_CAP_SCHEME ? WEIGHT_CAP_SCHEME : scheme, length);
}

export function isFingerprintScheme(value: unknown): value is FingerprintScheme {
  return (FINGERPRINT_SCHEMES as readonly unknown[]).includes(value);
}
