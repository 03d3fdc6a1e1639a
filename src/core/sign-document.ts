import type { DocumentFeatures } from './document-features';
import type { HashedFeatures } from './feature-table';
import { withDocumentFeatures, type FeatureDeps } from './features';
import type { Fingerprint } from './fingerprint64';
import { findHardWraps } from './hard-wraps';
import { chunkHeads, hasChunkHeads, paragraphEndHeads } from './chunk-heads';
import { chunkBoundaries, keepPassages, passagesNotIn } from './passages';
import { proseLengthOf } from './prose-lines';
import { chunkSketches } from './passage-sketch';
import { CHECKED_CHUNKS_MAX, FINGERPRINT_SCHEME, PARAGRAPH_SCHEME, WEIGHT_CAP_SCHEME, passageMeasure, passageSampleSize, probedPassages, type FingerprintScheme } from './scheme';
import { sentenceHeads, sentenceRuns } from './sentence-runs';
import { foldText, paragraphEnds } from './tokenize';
import type { TextLength } from './text-length';
import { lengthUnits, type DocumentSignature } from './verdict';

/**
 * Everything the verdict needs about one text. The extension stores it for
 * each page it records (fingerprint, passages, length); the CLI computes it
 * for both sides of a comparison. One normalisation and one tokenising pass
 * feed the whole-document fingerprint, the passages and the length counts;
 * each distinct feature is hashed once. The fingerprint equals
 * `fingerprintText(text).fingerprint` (eval/fingerprint-text.ts), the length `measureText(text)`.
 * `scheme` (scheme.ts) is the current one except to compare with pages signed
 * before an upgrade.
 */
export function signDocument(text: string, deps: FeatureDeps = {}, scheme: FingerprintScheme = FINGERPRINT_SCHEME): DocumentSignature {
  return sign(text, deps, scheme, false);
}

/**
 * signDocument of the page being checked, for sketch passages: with its
 * chunks as other paragraph layouts cut them too (DocumentSignature.relaid),
 * and, for a short page, the sketches of its sentence runs among the
 * unsampled passages it is looked up by (sentence-runs.ts). Only a check
 * reads them: a stored page or a fingerprint line has no use for them.
 */
export function signCheckedDocument(text: string, deps: FeatureDeps = {}, scheme: FingerprintScheme = FINGERPRINT_SCHEME): DocumentSignature {
  return sign(text, deps, scheme, true);
}

function sign(text: string, deps: FeatureDeps, scheme: FingerprintScheme, relay: boolean): DocumentSignature {
  const sampleSize = passageSampleSize(scheme);
  const measure = passageMeasure(scheme);
  const folded = foldText(text, scheme);
  // Where each chunk of the page being checked lies in the feature stream, which every paragraph layout shares.
  const ranges = new Map<Fingerprint, readonly [number, number]>();
  const { signature, own } = withSchemeFeatures(folded, deps, scheme, scheme >= PARAGRAPH_SCHEME, (features, capped) => {
    const hashed = measure === 'sketch' ? features.hashed() : undefined;
    const headed = hashed !== undefined && hasChunkHeads(features.length);
    const chunks = hashed ? sketchesOf(hashed, relay || headed ? ranges : undefined) : features.chunks(capped);
    // A sketch text of one chunk keeps its one sketch: a SimHash text lets its whole fingerprint stand for it, which a sketch cannot be compared with.
    const kept = measure === 'sketch' && chunks.length === 1 ? chunks : keepPassages(chunks, relay ? CHECKED_CHUNKS_MAX : probedPassages(scheme));
    const probed = kept.slice(0, probedPassages(scheme));
    const signature: DocumentSignature = {
      fingerprint: features.whole(capped),
      passages: probed.slice(0, sampleSize),
      // A page being checked is looked up by every chunk it compares (decisions/0062).
      unsampled: (relay ? kept : probed).slice(sampleSize),
      beyondSample: relay ? kept.slice(sampleSize) : undefined,
      relaid: relay && hashed ? asOneParagraph(hashed, probed, scheme, ranges) : undefined,
      sampleSize,
      measure,
      length: features.length,
    };
    // The heads of the chunks it compares: of its sample when stored, of every chunk it holds when checked.
    if (headed) {
      const rangesOf = (chunks: readonly Fingerprint[]): Array<readonly [number, number]> => chunks.map((chunk) => ranges.get(chunk) as readonly [number, number]);
      const heads = chunkHeads(hashed, rangesOf(signature.passages));
      if (heads.length > 0) signature.heads = heads;
      if (relay) signature.headsAsked = paragraphEndHeads(hashed, rangesOf(kept));
    }
    return { signature, own: hashed && { ...linesOfStream(hashed), features: hashed.ids.length } };
  });
  if (!own) return signature;
  // Line breaks a fixed-width wrapping made (hard-wraps.ts): the text read in the writer's paragraphs and lines has the same features.
  const wraps = findHardWraps(folded);
  // A stored page needs only the writer's lines, read off its own line starts; a page being checked is also cut into chunks read so (below).
  const wrappedEnds = wraps && !relay ? wraps.wrappedLineEnds() : undefined;
  const unwrapped = wraps && (relay || wrappedEnds?.length !== own.lines.length) ? withSchemeFeatures(wraps.joined(), deps, scheme, true, (features) => features.hashed()) : undefined;
  const proseLines = unwrapped ? linesOfStream(unwrapped) : wrappedEnds ? writersLines(own, wrappedEnds) : own;
  // The prose of the text, every line read as a paragraph: where its lines begin in the stream, and where they end in the text.
  const lineLength = lineLengthsRead(proseLines.lengthBefore, signature.length);
  const proseLength = proseLengthOf(proseLines.lines, lineLength, own.features);
  signature.proseTotal = proseLength(0, own.features);
  const { relaid, passages } = signature;
  if (!relaid) return signature;
  const oneParagraph = [...relaid];
  const unsampled = (signature.unsampled ??= []);
  // A short page is probed by its sentence runs too, in what its chunks leave of the probe budget.
  const budget = (): number => Math.max(0, probedPassages(scheme) - passages.length - unsampled.length);
  unsampled.push(...sentenceRuns(folded, budget(), [...passages, ...unsampled], deps));
  // And by the heads that begin at its sentences, in what the runs leave: where an answer copies a paragraph's opening.
  const { headsAsked } = signature;
  if (headsAsked) headsAsked.push(...sentenceHeads(folded, budget() - headsAsked.length, headsAsked, deps));
  // Every line a paragraph: how a copy that set each of its lines in a paragraph of its own is cut.
  const lines = linesAsParagraphs(folded);
  if (lines !== undefined) {
    const known = [...passages, ...unsampled, ...relaid];
    const lineChunks = withSchemeFeatures(lines, deps, scheme, true, (features) => newChunks(sketchesOf(features.hashed(), ranges), known, scheme));
    relaid.push(...lineChunks);
    // Looked up too, in what is left of the budget: the page's own chunks may share none with the page read before.
    unsampled.push(...lineChunks.slice(0, budget()));
  }
  // The whole text one paragraph, last: how a copy read before that lost its paragraph breaks was stored.
  unsampled.push(...passagesNotIn(oneParagraph, unsampled).slice(0, budget()));
  if (unwrapped) {
    const chunks = newChunks(sketchesOf(unwrapped, ranges), [...passages, ...unsampled, ...relaid], scheme);
    relaid.push(...chunks);
    // Only the wrapped runs' chunks are new: looked up like the page's own chunks (decisions/0062), not from what the probe leaves.
    unsampled.push(...chunks.slice(0, Math.max(0, CHECKED_CHUNKS_MAX - passages.length - unsampled.length)));
  }
  const chunkProse = (chunk: Fingerprint): number => {
    const range = ranges.get(chunk);
    return range ? proseLength(range[0], range[1]) : 0;
  };
  const chunkStart = (chunk: Fingerprint): number => proseLength(0, ranges.get(chunk)?.[0] ?? 0);
  // The same with short lines counted: a part's table rows, list items and captions make no chunk, but lie between its chunks.
  const textLength = proseLengthOf(proseLines.lines, lineLength, own.features, 1);
  const chunkText = (end: 0 | 1) => (chunk: Fingerprint): number => textLength(0, ranges.get(chunk)?.[end] ?? 0);
  const compared = [...passages, ...(signature.beyondSample ?? [])];
  signature.proseLength = compared.map(chunkProse);
  signature.relaidProseLength = relaid.map(chunkProse);
  signature.proseStart = compared.map(chunkStart);
  signature.relaidProseStart = relaid.map(chunkStart);
  signature.textStart = compared.map(chunkText(0));
  signature.textEnd = compared.map(chunkText(1));
  signature.relaidTextStart = relaid.map(chunkText(0));
  signature.relaidTextEnd = relaid.map(chunkText(1));
  return signature;
}

/** Where the lines of a feature stream begin, and the text's length before each. */
function linesOfStream(hashed: HashedFeatures): { lines: Int32Array; lengthBefore: readonly TextLength[] } {
  // A text of one line has no line starts: its one line is the whole text.
  return { lines: hashed.lines ?? new Int32Array(0), lengthBefore: hashed.lengthBeforeLines ?? [] };
}

/** `own`'s line starts less those at line ends wrapping made (`wrappedEnds`, a flag for each). */
function writersLines(own: { lines: Int32Array; lengthBefore: readonly TextLength[] }, wrappedEnds: Uint8Array): { lines: Int32Array; lengthBefore: TextLength[] } {
  return { lines: own.lines.filter((_, k) => !wrappedEnds[k]), lengthBefore: own.lengthBefore.filter((_, k) => !wrappedEnds[k]) };
}

/** The length (lengthUnits) of each line from the text's length before each line after the first (HashedFeatures.lengthBeforeLines) and its whole length. */
function lineLengthsRead(before: readonly TextLength[], whole: TextLength): (line: number) => number {
  return (line) => {
    const to = before[line] ?? whole;
    const from = before[line - 1] ?? { cjkChars: 0, words: 0 };
    return lengthUnits({ cjkChars: to.cjkChars - from.cjkChars, words: to.words - from.words });
  };
}

/** chunkSketches of the features, each chunk's range recorded in `ranges` when given. */
function sketchesOf(hashed: HashedFeatures, ranges?: Map<Fingerprint, readonly [number, number]>): Fingerprint[] {
  const bounds = chunkBoundaries(hashed);
  const sketches = chunkSketches(hashed, bounds);
  if (ranges) sketches.forEach((sketch, i) => ranges.set(sketch, bounds[i] as [number, number]));
  return sketches;
}

/** The chunks of the whole text read as one paragraph, how a copy that lost its paragraph breaks is cut, less those in `probed`. */
function asOneParagraph(hashed: HashedFeatures, probed: readonly Fingerprint[], scheme: FingerprintScheme, ranges: Map<Fingerprint, readonly [number, number]>): Fingerprint[] {
  return hashed.paragraphs?.length ? newChunks(sketchesOf({ ...hashed, paragraphs: new Int32Array(0) }, ranges), probed, scheme) : [];
}

/** The sample (keepPassages) of `chunks` less the passages `known` already holds. */
function newChunks(chunks: readonly Fingerprint[], known: readonly Fingerprint[], scheme: FingerprintScheme): Fingerprint[] {
  return passagesNotIn(keepPassages(chunks, probedPassages(scheme)), known);
}

/** A line break inside a paragraph (after a character that is not a blank), with the blanks after it. */
const LINE_INSIDE_PARAGRAPH = /(\S)\n[\t\v\f\r ]*(?=\S)/g;

/** `folded` with every line made a paragraph, or undefined when paragraphEnds already reads it so. */
function linesAsParagraphs(folded: string): string | undefined {
  const relaid = folded.replace(LINE_INSIDE_PARAGRAPH, '$1\n\n');
  return relaid !== folded && paragraphEnds(relaid).length > paragraphEnds(folded).length ? relaid : undefined;
}

/**
 * `signDocument(text).fingerprint` alone, without the passages and the length:
 * a `deja-lu fingerprint` line without `--passages` needs neither, and leaving
 * them out saves a quarter of the work on Latin texts (docs/performance.md).
 */
export function documentFingerprint(text: string, deps: FeatureDeps = {}, scheme: FingerprintScheme = FINGERPRINT_SCHEME): Fingerprint {
  // Paragraphs change only the passages: the whole fingerprint needs none.
  return withSchemeFeatures(foldText(text, scheme), deps, scheme, false, (features, capped) => features.whole(capped));
}

/** The text's features as `scheme` reads them (`byParagraph`: with where paragraphs begin), and whether it caps their weights. */
function withSchemeFeatures<T>(folded: string, deps: FeatureDeps, scheme: FingerprintScheme, byParagraph: boolean, use: (features: DocumentFeatures, capped: boolean) => T): T {
  return withDocumentFeatures(folded, deps, (features) => use(features, scheme >= WEIGHT_CAP_SCHEME), byParagraph);
}
