import { hashFeatures } from './feature-table';
import { featureStream, featureStreamByParagraph } from './features';
import type { Fingerprint } from './fingerprint64';
import { chunkBoundaries, chunkFingerprints } from './passages';
import { CHUNK_HEAD_FEATURES, headAt } from './chunk-heads';
import { chunkSketches } from './passage-sketch';
import { FINGERPRINT_SCHEME, PARAGRAPH_SCHEME, SCRIPT_FOLD_SCHEME, WEIGHT_CAP_SCHEME, passageMeasure, type FingerprintScheme } from './scheme';
import { foldChineseScriptsMapped } from './script-fold/fold-scripts';
import { foldText, isJapaneseText, tokenizeFolded, type TokenizeDeps } from './tokenize';

/** A content-defined chunk of a text: its passage fingerprint and the part of the text it was read from. */
export interface PassageRange {
  fingerprint: Fingerprint;
  /** Sketch passages, a chunk of CHUNK_HEAD_FEATURES features or more: the sketch of its first ones (chunk-heads.ts). */
  head?: Fingerprint;
  /** `text[start, end)` of the original text: from the chunk's first feature to the end of its last. */
  start: number;
  end: number;
}

/**
 * How far past the previous feature a word is looked for: between two
 * features lie only stopwords, punctuation, spaces and single letters or
 * digits. A feature that folding changed beyond recognition (a final sigma)
 * is not found, and must not pull the search far ahead.
 */
export const WORD_SEARCH_WINDOW = 400;
/** The same for a Chinese character or a bigram: only punctuation and stopwords lie between them. */
export const CJK_SEARCH_WINDOW = 64;

/**
 * Every content-defined chunk of `text` with its fingerprint, as
 * `chunkFingerprints` gives it for the same text and scheme (so the kept
 * passages of signDocument are among them), and the character range of the
 * original text it covers, for showing a reader which parts of a page match.
 *
 * The fingerprints come from the feature stream as signDocument reads it.
 * The ranges are found afterwards: each feature is looked for, in order, in
 * the text folded one character (with its combining marks) at a time, and
 * Chinese phrases as a whole, with each folded code unit's source in the
 * original. That equals folding the whole text except where lower-casing or
 * NFKC look further (a final sigma, Hangul jamo composed into a syllable): a
 * feature not found there keeps the range of its chunk's other features.
 */
export function passageRanges(text: string, deps: TokenizeDeps = {}, scheme: FingerprintScheme = FINGERPRINT_SCHEME): PassageRange[] {
  const folded = foldText(text, scheme);
  const { features, paragraphs } = scheme >= PARAGRAPH_SCHEME ? featureStreamByParagraph(folded, deps) : { features: featureStream(tokenizeFolded(folded, deps)), paragraphs: undefined };
  const hashed = hashFeatures(features, paragraphs);
  const sketches = passageMeasure(scheme) === 'sketch';
  const fingerprints = sketches ? chunkSketches(hashed) : chunkFingerprints(hashed, scheme >= WEIGHT_CAP_SCHEME);
  const spans = locateFeatures(features, foldedByCharacter(text, scheme >= SCRIPT_FOLD_SCHEME && !isJapaneseText(folded)));
  return chunkBoundaries(hashed).map(([first, last], index) => ({
    fingerprint: fingerprints[index] as Fingerprint,
    ...(sketches && last - first >= CHUNK_HEAD_FEATURES ? { head: headAt(hashed, first) } : {}),
    start: spans.start[first] as number,
    end: Math.max(spans.start[first] as number, spans.end[last - 1] as number),
  }));
}

/** The text folded character by character, and where each folded code unit came from. */
interface MappedFold {
  folded: string;
  /** Per folded code unit (and one past the end): the start of the original character it came from. */
  from: Int32Array;
  /** Per folded code unit: the end of that original character. */
  to: Int32Array;
}

/** A character and the combining marks after it: NFKC composes within it, so it is folded as one. */
const CHARACTER = /\P{M}\p{M}*|\p{M}+/ysu;
const MARK = /\p{M}/u;
/** No combining mark lies below U+0300. */
const FIRST_MARK = 0x300;

/** Whether the character at `i` is ASCII and no combining mark follows it: NFKC leaves it as it is, lower-casing keeps its length. */
function isPlainAscii(text: string, i: number): boolean {
  if (text.charCodeAt(i) >= 0x80) return false;
  const next = text.charCodeAt(i + 1);
  return !(next >= FIRST_MARK && MARK.test(text[i + 1] as string));
}

function foldedByCharacter(text: string, foldScripts: boolean): MappedFold {
  const pieces: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  for (let start = 0; start < text.length;) {
    // Most of a Latin page: a stretch of ASCII characters, each folded on its own by lower-casing.
    let end = start;
    while (end < text.length && isPlainAscii(text, end)) end++;
    let piece: string;
    if (end > start) {
      piece = text.slice(start, end).toLowerCase();
      for (let k = start; k < end; k++) {
        from.push(k);
        to.push(k + 1);
      }
    } else {
      CHARACTER.lastIndex = start;
      CHARACTER.test(text);
      end = CHARACTER.lastIndex;
      piece = text.slice(start, end).normalize('NFKC').toLowerCase();
      for (let k = 0; k < piece.length; k++) {
        from.push(start);
        to.push(end);
      }
    }
    pieces.push(piece);
    start = end;
  }
  from.push(text.length);
  to.push(text.length);
  const folded = pieces.join('');
  if (!foldScripts) return { folded, from: Int32Array.from(from), to: Int32Array.from(to) };
  // Chinese scripts fold by phrase too ("通訊" → "通信", "進制" → "进位制"): each unit keeps its source.
  const scripts = foldChineseScriptsMapped(folded);
  const source = [...scripts.origin, folded.length];
  return { folded: scripts.folded, from: Int32Array.from(source, (k) => from[k] as number), to: Int32Array.from(source, (k) => to[k] as number) };
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** Features from this code unit on are CJK characters or bigrams, which sit inside runs; below it, whole words. */
const FIRST_CJK_CODE_UNIT = 0x2e80;

/** Whether the code unit before `at` continues a word of a spaced script (a CJK character before a word does not). */
function insideWord(folded: string, at: number): boolean {
  return folded.charCodeAt(at - 1) < FIRST_CJK_CODE_UNIT && LETTER_OR_DIGIT.test(folded[at - 1] as string);
}

/**
 * Original [start, end) of each feature, found in order in the mapped fold.
 * A word is found only where it begins a word (not inside a stopword the
 * stream dropped); a character bigram overlaps the next one, so the search
 * for the next feature starts one character on. A feature not found gets
 * an empty range where the search stands.
 */
function locateFeatures(features: readonly string[], { folded, from, to }: MappedFold): { start: Int32Array; end: Int32Array } {
  const start = new Int32Array(features.length);
  const end = new Int32Array(features.length);
  let cursor = 0;
  features.forEach((feature, i) => {
    const word = feature.charCodeAt(0) < FIRST_CJK_CODE_UNIT;
    const window = word ? WORD_SEARCH_WINDOW : CJK_SEARCH_WINDOW;
    let at = folded.indexOf(feature, cursor);
    while (word && at > 0 && at - cursor <= window && insideWord(folded, at)) at = folded.indexOf(feature, at + 1);
    if (at < 0 || at - cursor > window) {
      start[i] = end[i] = from[cursor] as number;
      return;
    }
    start[i] = from[at] as number;
    end[i] = to[at + feature.length - 1] as number;
    cursor = word ? at + feature.length : at + (feature.codePointAt(0)! > 0xffff ? 2 : 1);
  });
  return { start, end };
}
