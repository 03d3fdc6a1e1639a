/**
 * From tokens to the features SimHash projects: which tokens count, and how
 * much. Evidence for every choice: docs/decisions/0010-term-weight.md and
 * 0011-feature-stream.md.
 */

import type { DocumentFeatures } from './document-features';
import { FeatureTable, hashFeatures, initialRoom, type HashedFeatures } from './feature-table';
import { chunkFingerprints, wholeFingerprint } from './passages';
import { WeightSummary, termWeight, weightCap } from './term-weight';
import type { TextLength } from './text-length';
import { isJapaneseText, lineEnds, measureFolded, scanTokens, tokenizeFolded, type TokenizeDeps, type TokenSink } from './tokenize';
import { EngineMemoryError, returnEngine, takeEngine, type AsciiFeatureEngine } from './wasm/ascii-feature-engine';

export { termWeight } from './term-weight';

/** Code units below this are letters/digits of spaced scripts (CJK starts at U+2E80). */
const FIRST_CJK_CODE_UNIT = 0x2e80;
const HAN_CHAR = /^\p{Script=Han}+$/u;
const KANA = /[\u3040-\u30ff]/;
const HAN = /\p{Script=Han}/u;

/**
 * The ordered feature stream of a document, from `tokenize()`'s tokens:
 *
 * - Chinese words are split into their characters (Japanese bigrams are
 *   kept): a Chinese typo changes one character, which dictionary
 *   segmentation would turn into a re-split neighbourhood. Stopword removal
 *   still works on the dictionary words before they are split.
 * - Tokens of a single letter or digit in spaced scripts are dropped: French
 *   and Italian elisions (l', d', qu') and list numbering top every
 *   document's counts and made unrelated articles collide.
 *
 * Measurements: docs/decisions/0011-feature-stream.md.
 */
export function featureStream(tokens: readonly string[]): string[] {
  const out: string[] = [];
  const list: FeatureOut = { add: (feature) => out.push(feature), addRange: (text, start, end) => out.push(text.slice(start, end)) };
  const split = !isJapanese(tokens);
  for (const token of tokens) addTokenFeatures(token, split, list);
  return out;
}

/**
 * featureStream of `tokenizeFolded(folded)` read paragraph by paragraph (as
 * scheme 5 reads it), and where each paragraph after the first begins in it
 * (HashedFeatures.paragraphs), and each line (HashedFeatures.lines): a line
 * break ends every token, so the features are the same as the whole text's.
 */
export function featureStreamByParagraph(folded: string, deps: TokenizeDeps = {}): { features: string[]; paragraphs: number[]; lines: number[]; lineEnds: number[] } {
  const japanese = isJapaneseText(folded);
  const { ends, inside } = lineEnds(folded);
  let from = 0;
  const tokens = ends.map((end) => {
    const line = tokenizeFolded(folded.slice(from, end), deps, japanese);
    from = end;
    return line;
  });
  const split = !isJapanese(tokens.flat());
  const features: string[] = [];
  const paragraphs: number[] = [];
  const lines: number[] = [];
  const list: FeatureOut = { add: (feature) => features.push(feature), addRange: (text, start, end) => features.push(text.slice(start, end)) };
  tokens.forEach((line, i) => {
    if (i > 0) {
      lines.push(features.length);
      if (!inside.has(ends[i - 1] as number)) paragraphs.push(features.length);
    }
    for (const token of line) addTokenFeatures(token, split, list);
  });
  return { features, paragraphs, lines, lineEnds: ends };
}

/**
 * The text's length before each line after the first (HashedFeatures.lengthBeforeLines)
 * for a stream read without scanTokens, which counts them as it goes: each
 * line of `folded` (ending at `ends`) measured.
 */
function lengthBeforeLines(folded: string, ends: readonly number[]): TextLength[] {
  const before: TextLength[] = [];
  const read: TextLength = { cjkChars: 0, words: 0 };
  for (let line = 0, from = 0; line < ends.length - 1; line++) {
    const { cjkChars, words } = measureFolded(folded.slice(from, (from = ends[line] as number)));
    read.cjkChars += cjkChars;
    read.words += words;
    before.push({ ...read });
  }
  return before;
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

/**
 * addTokenFeatures(run.slice(start, end), true, out) for a word of a Han
 * run, read where it lies. Every code unit of the Han class is a Han
 * character at or above FIRST_CJK_CODE_UNIT (test/core/tokenize.test.ts), so
 * a word without surrogates is its characters; one with a surrogate takes
 * the string path.
 */
function addHanWordFeatures(run: string, start: number, end: number, out: FeatureOut): void {
  for (let i = start; i < end; i++) {
    const code = run.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdfff) {
      addTokenFeatures(run.slice(start, end), true, out);
      return;
    }
  }
  for (let i = start; i < end; i++) out.addRange(run, i, i + 1);
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
export function documentFeatures(folded: string, deps: FeatureDeps = {}, byParagraph = false): { features: HashedFeatures; length: TextLength } {
  return withDocumentFeatures(folded, deps, (document) => ({ features: document.hashed(), length: document.length }), byParagraph);
}

/**
 * Runs `use` on the features of `folded` (documentFeatures' work): on the
 * WebAssembly engine where it runs, which then also computes the SimHashes
 * without copying the features out; `use` must not keep the
 * DocumentFeatures beyond its call, as the engine goes on to the next
 * document.
 */
export function withDocumentFeatures<T>(folded: string, deps: FeatureDeps, use: (features: DocumentFeatures) => T, byParagraph = false): T {
  const webAssembly = 'webAssembly' in deps ? deps.webAssembly : globalThis.WebAssembly;
  const engine = takeEngine(webAssembly);
  if (!engine || !webAssembly) return use(javaScriptFeatures(folded, deps, byParagraph));
  try {
    let features: DocumentFeatures;
    try {
      engine.begin(folded);
      const length = scanTokens(folded, undefined, deps, tableSink(engine, byParagraph));
      features = length ? engine.features(length) : japaneseEngineFeatures(engine, folded, deps, byParagraph) ?? japaneseFeatures(folded, deps, byParagraph);
    } catch (error) {
      // The module's memory could not grow for this document: it is read again in JavaScript.
      if (!(error instanceof EngineMemoryError)) throw error;
      features = javaScriptFeatures(folded, deps, byParagraph);
    }
    return use(features);
  } finally {
    returnEngine(webAssembly, engine);
  }
}

/** `byParagraph`: the features record where each paragraph begins (HashedFeatures.paragraphs, scheme 5 on). */
function javaScriptFeatures(folded: string, deps: TokenizeDeps, byParagraph: boolean): DocumentFeatures {
  const table = tableFor(folded);
  const length = scanTokens(folded, undefined, deps, tableSink(table, byParagraph));
  return length ? fromHashed(table.finish(), length) : japaneseFeatures(folded, deps, byParagraph);
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

/** Where the tokeniser puts the features: a FeatureTable, or the WebAssembly engine that also reads ASCII stretches. */
type FeatureSink = FeatureOut & Pick<FeatureTable, 'addWord' | 'paragraph' | 'line' | 'byParagraph'> & { asciiWords?: TokenSink['asciiWords'] };

function tableSink(table: FeatureSink, byParagraph: boolean): TokenSink {
  const sink: TokenSink = {
    word: (text, start, end) => {
      // featureStream's single-letter rule; a word has no Han characters, so no split.
      if (end - start > 1 || text.charCodeAt(start) >= FIRST_CJK_CODE_UNIT) table.addWord(text, start, end);
    },
    other: (token) => addTokenFeatures(token, true, table),
    hanWord: (run, start, end) => addHanWordFeatures(run, start, end, table),
  };
  if (table.asciiWords) sink.asciiWords = table.asciiWords.bind(table);
  if (byParagraph) {
    // A text of one paragraph is read by paragraph too: its chunks need PARAGRAPH_MIN_FEATURES like any other's.
    table.byParagraph();
    sink.paragraph = (cjkChars, words) => table.paragraph({ cjkChars, words });
    sink.line = (cjkChars, words) => table.line({ cjkChars, words });
  }
  return sink;
}

/**
 * A text scanTokens found Japanese, read again on the engine in one pass:
 * its ASCII stretches in the module, Chinese words kept whole. That is
 * featureStream's rule when some token mixes Han and kana (isJapanese),
 * which is known only at the end; for a text with none (kana alone, say)
 * this gives undefined and japaneseFeatures reads it.
 */
function japaneseEngineFeatures(engine: AsciiFeatureEngine, folded: string, deps: TokenizeDeps, byParagraph: boolean): DocumentFeatures | undefined {
  engine.begin(folded);
  let mixed = false;
  const sink = tableSink(engine, byParagraph);
  sink.other = (token) => {
    mixed ||= mixesHanAndKana(token);
    addTokenFeatures(token, false, engine);
  };
  // Chinese words are kept whole here: they go to `other`.
  delete sink.hanWord;
  const length = scanTokens(folded, true, deps, sink) as TextLength;
  return mixed ? engine.features(length) : undefined;
}

/** A text scanTokens found Japanese: its tokens through featureStream, on a JavaScript table. */
function japaneseFeatures(folded: string, deps: TokenizeDeps, byParagraph: boolean): DocumentFeatures {
  if (byParagraph) {
    const { features, paragraphs, lines, lineEnds: ends } = featureStreamByParagraph(folded, deps);
    return fromHashed({ ...hashFeatures(features, paragraphs), lines: Int32Array.from(lines), lengthBeforeLines: lengthBeforeLines(folded, ends) }, measureFolded(folded));
  }
  const table = tableFor(folded);
  for (const feature of featureStream(tokenizeFolded(folded, deps, true))) table.add(feature);
  return fromHashed(table.finish(), measureFolded(folded));
}

function fromHashed(features: HashedFeatures, length: TextLength): DocumentFeatures {
  return {
    length,
    hashed: () => features,
    whole: (capped) => wholeFingerprint(features, capped),
    chunks: (capped) => chunkFingerprints(features, capped),
  };
}

/** A FeatureTable with the room initialRoom gives the text. */
function tableFor(folded: string): FeatureTable {
  const room = initialRoom(folded.length);
  return new FeatureTable(room.features, room.distinct);
}

/**
 * Japanese is tokenised as character bigrams over Han and kana together, so a
 * kanji-only token there is a bigram, not a Chinese word: left as it is. Only
 * Japanese mode yields tokens mixing Han and kana (elsewhere a script change
 * ends a token); a stray kana in a Chinese page does not count.
 */
function isJapanese(tokens: readonly string[]): boolean {
  return tokens.some(mixesHanAndKana);
}

/** A character bigram of Han and kana: a token only Japanese mode makes. */
function mixesHanAndKana(token: string): boolean {
  return token.length === 2 && token.charCodeAt(0) >= FIRST_CJK_CODE_UNIT && KANA.test(token) && HAN.test(token);
}

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

/** The same weights cut as fingerprint scheme 3 on cuts them (term-weight.ts weightCap). */
export function capWeights(weights: Map<string, number>): Map<string, number> {
  const summary = new WeightSummary();
  for (const weight of weights.values()) summary.add(weight);
  const cap = weightCap(summary);
  return new Map([...weights].map(([feature, weight]) => [feature, Math.min(weight, cap)]));
}
