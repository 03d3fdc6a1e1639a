/**
 * From tokens to the features SimHash projects: which tokens count, and how
 * much. Evidence for every choice is in docs/detection.md; the numbers quoted
 * here are expected recall on the practice set's fit half (mean over pairs
 * of P(Hamming ≤ 3), computed from the cosine of the two weight vectors, so
 * independent of hash luck).
 */

import { FeatureTable, type HashedFeatures } from './feature-table';
import type { TextLength } from './text-length';
import { measureFolded, scanTokens, tokenizeFolded, type TokenizeDeps, type TokenSink } from './tokenize';
import { returnEngine, takeEngine } from './wasm/ascii-feature-engine';

/** Code units below this are letters/digits of spaced scripts (CJK starts at U+2E80). */
const FIRST_CJK_CODE_UNIT = 0x2e80;
const HAN_CHAR = /^\p{Script=Han}+$/u;
const KANA = /[\u3040-\u30ff]/;
const HAN = /\p{Script=Han}/u;

/**
 * The ordered feature stream of a document, from `tokenize()`'s tokens:
 *
 * - Chinese words are split into their characters (Japanese bigrams are
 *   kept). A typo in Chinese is a
 *   character inserted, deleted or replaced, and dictionary segmentation
 *   re-splits its whole neighbourhood (法国 → 法 + 国 …); characters change
 *   only the edited one. Expected typo recall for Chinese rose from 0.80
 *   (words) to 0.92 (characters), cross-variant from 0.75 to 0.83; character
 *   bigrams gave 0.87/0.79, trigrams 0.69/0.61. Stopword removal still works
 *   on the dictionary words before they are split.
 * - Tokens of a single letter or digit in spaced scripts are dropped: French
 *   and Italian elisions (l', d', qu') and list numbering leave them at the
 *   top of every document's counts (l:40, d:30 in two unrelated French
 *   articles), where tf² made two unrelated articles collide (cosine 0.94,
 *   15 false pairs over four hash seeds); without them, none.
 */
export function featureStream(tokens: readonly string[]): string[] {
  const out: string[] = [];
  const list: FeatureOut = { add: (feature) => out.push(feature), addRange: (text, start, end) => out.push(text.slice(start, end)) };
  const split = !isJapanese(tokens);
  for (const token of tokens) addTokenFeatures(token, split, list);
  return out;
}

/** Where featureStream's rules put the features: a list of strings or a FeatureTable. */
interface FeatureOut {
  add(feature: string): void;
  addRange(text: string, start: number, end: number): void;
}

/** featureStream's rules for one token; `split`: Chinese words become characters. */
function addTokenFeatures(token: string, split: boolean, out: FeatureOut): void {
  if (token.length === 1) {
    if (token.charCodeAt(0) >= FIRST_CJK_CODE_UNIT) out.add(token);
  } else if (split && token.charCodeAt(0) >= FIRST_CJK_CODE_UNIT && HAN_CHAR.test(token)) {
    // One feature per code point (Han characters outside the BMP are surrogate pairs).
    for (let i = 0; i < token.length; ) {
      const width = isSurrogatePair(token, i) ? 2 : 1;
      out.addRange(token, i, i + width);
      i += width;
    }
  } else {
    out.add(token);
  }
}

function isSurrogatePair(s: string, i: number): boolean {
  const code = s.charCodeAt(i);
  return code >= 0xd800 && code <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
}

/**
 * `hashFeatures(featureStream(tokenize(text)))` and `measureText(text)` from
 * `foldText(text)`, in one pass and without a string per word: each word of
 * the text goes from the tokeniser straight into the FeatureTable, read
 * where it lies, and the tokeniser counts the length on the way.
 *
 * Where WebAssembly runs, the table lives in wasm/ascii-features.wat, which
 * also reads the ASCII stretches of the text (words, their hashes and the
 * table probe, 2× faster than JavaScript on the practice set's Latin texts:
 * docs/performance.md); the tokeniser hands it everything else. Same
 * features either way (test/core/sign-document.test.ts runs both).
 *
 * featureStream decides from the whole token list whether Chinese words are
 * split (isJapanese below), which a single pass cannot know in advance. Only
 * a text tokenised as Japanese can have a token mixing Han and kana (Han
 * characters form runs of their own otherwise, and no Han character lies in
 * U+3040–U+30FF), so every other text splits; a Japanese one is tokenised
 * first and its tokens go through featureStream.
 */
export function documentFeatures(folded: string, deps: FeatureDeps = {}): { features: HashedFeatures; length: TextLength } {
  const webAssembly = 'webAssembly' in deps ? deps.webAssembly : globalThis.WebAssembly;
  const engine = takeEngine(webAssembly);
  if (!engine || !webAssembly) return tokenFeatures(folded, tableFor(folded), deps);
  try {
    engine.begin(folded);
    return tokenFeatures(folded, engine, deps);
  } finally {
    returnEngine(webAssembly, engine);
  }
}

export interface FeatureDeps extends TokenizeDeps {
  /**
   * The WebAssembly namespace that runs the ASCII work
   * (wasm/ascii-features.wat), globalThis.WebAssembly by default; undefined
   * for the JavaScript FeatureTable alone. Both give the same features; a
   * runtime that refuses WebAssembly falls back to JavaScript by itself.
   */
  webAssembly?: typeof WebAssembly | undefined;
}

/** Where documentFeatures puts the features: a FeatureTable, or the WebAssembly engine that also reads ASCII stretches. */
type FeatureSink = FeatureOut & Pick<FeatureTable, 'addWord' | 'finish'> & { asciiWords?: TokenSink['asciiWords'] };

function tokenFeatures(folded: string, table: FeatureSink, deps: TokenizeDeps): { features: HashedFeatures; length: TextLength } {
  const sink: TokenSink = {
    word: (text, start, end) => {
      // featureStream's single-letter rule; a word has no Han characters, so no split.
      if (end - start > 1 || text.charCodeAt(start) >= FIRST_CJK_CODE_UNIT) table.addWord(text, start, end);
    },
    other: (token) => addTokenFeatures(token, true, table),
  };
  if (table.asciiWords) sink.asciiWords = table.asciiWords.bind(table);
  const length = scanTokens(folded, undefined, deps, sink);
  if (length) return { features: table.finish(), length };
  const japanese = tableFor(folded);
  for (const feature of featureStream(tokenizeFolded(folded, deps, true))) japanese.add(feature);
  return { features: japanese.finish(), length: measureFolded(folded) };
}

/**
 * A FeatureTable with room for the practice set's Latin texts without
 * growing: a feature every ~10 characters, a new distinct one every ~19.
 */
function tableFor(folded: string): FeatureTable {
  return new FeatureTable(folded.length >> 3, folded.length >> 4);
}

/**
 * Japanese is tokenised as character bigrams over Han and kana together, so a
 * kanji-only token there is a bigram, not a Chinese word: left as it is. Only
 * Japanese mode yields tokens mixing Han and kana (elsewhere a script change
 * ends a token); a stray kana in a Chinese page does not count.
 */
function isJapanese(tokens: readonly string[]): boolean {
  for (const token of tokens) {
    if (token.length === 2 && token.charCodeAt(0) >= FIRST_CJK_CODE_UNIT && KANA.test(token) && HAN.test(token)) return true;
  }
  return false;
}

/**
 * Term weight: tf^1.5, rounded to an integer (1, 3, 5, 8, 11, 15, …; integer
 * weights keep simhash.ts's byte tables exact). Superlinear, so an article's
 * recurring vocabulary outweighs the words an edit, typo or added
 * boilerplate touches, but not squared: under tf² one character or word
 * repeated throughout a short text decided most bits, and unrelated texts
 * dominated by the same feature collided. Measured on windows cut from
 * different practice articles (docs/detection.md, "Term weight, revisited"):
 * Chinese 300-character windows within distance 3 of each other 1.7e-3 of
 * pairs under tf², none under tf^1.5 (78,287 + 18,469 pairs); 80-word windows
 * 2.9e-6 vs none. Repost recall on the practice set stayed within one pair
 * per kind of tf² (tf: cross_variant fell to 0.90).
 */
export function termWeight(tf: number): number {
  return tf < SMALL_COUNTS ? (SMALL_COUNT_WEIGHTS[tf] as number) : Math.round(tf * Math.sqrt(tf));
}

/** Counts below this (nearly all of them) read their weight from a table: termWeight runs per distinct feature of every passage. */
const SMALL_COUNTS = 256;
const SMALL_COUNT_WEIGHTS = Int32Array.from({ length: SMALL_COUNTS }, (_, tf) => Math.round(tf * Math.sqrt(tf)));

/** Term counts of a feature stream. */
export function termCounts(features: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const feature of features) counts.set(feature, (counts.get(feature) ?? 0) + 1);
  return counts;
}

/** The weighted whole-document feature vector of `tokenize()`'s tokens. */
export function weightedFeatures(tokens: readonly string[]): Map<string, number> {
  const weights = termCounts(featureStream(tokens));
  for (const [feature, tf] of weights) weights.set(feature, termWeight(tf));
  return weights;
}
