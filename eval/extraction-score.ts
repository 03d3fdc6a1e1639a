/**
 * Extraction quality: how much of a reference article text an extractor
 * recovered, as shingle precision, recall and F1.
 *
 * Pure (no DOM, no Node APIs) so that tests, `npm run eval` and benchmarks
 * share one definition.
 */

/**
 * Tokens per shingle. Three consecutive tokens catch text that is present but
 * out of order or glued to a neighbour, which bag-of-words (1) forgives.
 */
export const DEFAULT_SHINGLE_SIZE = 3;

export interface ScoreOptions {
  /** Tokens per shingle; 1 scores bag-of-words overlap. */
  shingleSize?: number;
  /** Splits text into tokens; defaults to {@link scoringTokens}. */
  tokenize?: (text: string) => string[];
}

export interface ExtractionScore {
  precision: number;
  recall: number;
  f1: number;
}

// Scripts written without spaces between words: one character is one token,
// as a `\w+` tokeniser would otherwise make a whole sentence a single token.
const UNSPACED = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}`;
const TOKEN = new RegExp(String.raw`[${UNSPACED}]|(?:(?![${UNSPACED}])[\p{L}\p{M}\p{N}])+`, 'gu');

/**
 * Lower-cased, NFKC-folded tokens: words in spaced scripts, single characters
 * in unspaced ones (Chinese, Japanese, Thai…). Punctuation is not a token.
 */
export function scoringTokens(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(TOKEN) ?? [];
}

function shingleCounts(tokens: readonly string[], size: number): Map<string, number> {
  const counts = new Map<string, number>();
  if (tokens.length === 0) return counts;
  // A text shorter than one shingle still counts, as a single shingle.
  const last = Math.max(0, tokens.length - size);
  for (let i = 0; i <= last; i++) {
    // U+0001 cannot occur in a token, so joined shingles never collide.
    const shingle = tokens.slice(i, i + size).join('\u0001');
    counts.set(shingle, (counts.get(shingle) ?? 0) + 1);
  }
  return counts;
}

function total(counts: ReadonlyMap<string, number>): number {
  let n = 0;
  for (const c of counts.values()) n += c;
  return n;
}

/**
 * Shingle precision/recall/F1 of `extracted` against `truth`, counting
 * repeated shingles as often as they occur (multiset overlap), so that an
 * extractor repeating a paragraph is not rewarded.
 * Two empty texts agree perfectly; an empty side against a non-empty one scores 0.
 */
export function scoreExtraction(extracted: string, truth: string, options: ScoreOptions = {}): ExtractionScore {
  const { shingleSize = DEFAULT_SHINGLE_SIZE, tokenize = scoringTokens } = options;
  if (!Number.isInteger(shingleSize) || shingleSize < 1) throw new RangeError(`shingle size must be a positive integer, got ${shingleSize}`);
  const got = shingleCounts(tokenize(extracted), shingleSize);
  const want = shingleCounts(tokenize(truth), shingleSize);
  const gotTotal = total(got);
  const wantTotal = total(want);
  if (gotTotal === 0 && wantTotal === 0) return { precision: 1, recall: 1, f1: 1 };
  let overlap = 0;
  for (const [shingle, count] of got) overlap += Math.min(count, want.get(shingle) ?? 0);
  const precision = gotTotal === 0 ? 0 : overlap / gotTotal;
  const recall = wantTotal === 0 ? 0 : overlap / wantTotal;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/** Mean of each measure over several scored pages (macro average); zeros for none. */
export function meanScore(scores: readonly ExtractionScore[]): ExtractionScore {
  if (scores.length === 0) return { precision: 0, recall: 0, f1: 0 };
  const sum = scores.reduce((acc, s) => ({ precision: acc.precision + s.precision, recall: acc.recall + s.recall, f1: acc.f1 + s.f1 }), { precision: 0, recall: 0, f1: 0 });
  return { precision: sum.precision / scores.length, recall: sum.recall / scores.length, f1: sum.f1 / scores.length };
}
