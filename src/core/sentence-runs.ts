/**
 * Runs of whole sentences of a short page, sketched like passages: what the
 * page being checked is also looked up by when it is short enough that every
 * run fits its probe budget (decisions/0056-sentence-runs.md).
 *
 * A text pasted together from a source's sentences (an answer, a forum post)
 * holds runs of two to four of them. Its own chunks start at its own anchors,
 * so a run rarely holds a whole chunk of the source; but a run that lies
 * inside one source chunk shares that chunk's word pairs, and its sketch
 * agrees with the chunk's on each byte as often as the run covers the chunk.
 */
import { featureStream } from './features';
import { hashFeatures } from './feature-table';
import type { Fingerprint } from './fingerprint64';
import { PASSAGE_ANCHOR_EVERY, PASSAGE_MIN_FEATURES, keepPassages } from './passages';
import { SKETCH_BYTES, chunkSketch } from './passage-sketch';
import { isJapaneseText, paragraphEnds, tokenizeFolded, type TokenizeDeps } from './tokenize';

/**
 * The longest run, in features: a chunk and a half. A longer run seldom lies
 * inside one stored chunk (an anchor every PASSAGE_ANCHOR_EVERY features on
 * average), and the page's own chunks already cover it.
 */
export const SENTENCE_RUN_MAX_FEATURES = (3 * PASSAGE_ANCHOR_EVERY) / 2;

/**
 * A sentence ends (with any closing quotes or brackets) at the CJK full stop,
 * and at . ! ? before a space or a character beyond ASCII: folding (NFKC)
 * has made the full-width ！ and ？ of Chinese text ASCII, and Chinese text
 * often ends a sentence with an ASCII full stop.
 */
const SENTENCE_END = /(?<=。[」』”’)]*)|(?<=[.!?]["'”’)\]」』]*)(?:\s+|(?=[^\x00-\x7f]))/u;

/**
 * The sketches of every run of consecutive sentences within one paragraph of
 * `folded` (foldText's output) of PASSAGE_MIN_FEATURES to
 * SENTENCE_RUN_MAX_FEATURES features, bottom-k by key, none of `known`; or
 * none at all when there are more than `budget` of them (a sample of a long
 * page's runs would find a copied run only by luck, and its chunks are many).
 */
export function sentenceRuns(folded: string, budget: number, known: readonly Fingerprint[], deps: TokenizeDeps = {}): Fingerprint[] {
  if (budget <= 0) return [];
  // Each paragraph's sentences, counted before any is read: a page of more sentences than the budget has more runs too.
  const paragraphs: string[][] = [];
  let count = 0;
  let from = 0;
  for (const end of paragraphEnds(folded)) {
    const sentences = folded.slice(from, end).split(SENTENCE_END).filter((sentence) => sentence.trim() !== '');
    paragraphs.push(sentences);
    count += sentences.length;
    if (count > budget + paragraphs.length) return [];
    from = end;
  }
  const japanese = isJapaneseText(folded);
  const features: string[] = [];
  /** Where each sentence starts in `features`, and whether it opens a paragraph (no run reaches back across one). */
  const starts: number[] = [];
  const opens: boolean[] = [];
  for (const sentences of paragraphs) {
    let first = true;
    for (const sentence of sentences) {
      const own = featureStream(tokenizeFolded(sentence, deps, japanese));
      if (own.length === 0) continue;
      starts.push(features.length);
      opens.push(first);
      first = false;
      features.push(...own);
    }
  }
  const runs = runRanges(starts, opens, features.length);
  if (runs.length > budget) return [];
  const hashed = hashFeatures(features, []);
  const mins = new Uint32Array(SKETCH_BYTES);
  const sketches = runs.map(([start, end]) => chunkSketch(hashed, start, end, mins));
  const seen = new Set(known.map((p) => `${p.hi}:${p.lo}`));
  return keepPassages(sketches, budget).filter((p) => !seen.has(`${p.hi}:${p.lo}`));
}

/** [start, end) of every run of whole sentences within a paragraph, PASSAGE_MIN_FEATURES to SENTENCE_RUN_MAX_FEATURES long. */
function runRanges(starts: readonly number[], opens: readonly boolean[], length: number): Array<[number, number]> {
  const at = (i: number): number => (i < starts.length ? (starts[i] as number) : length);
  const opensParagraph = (i: number): boolean => i >= starts.length || (opens[i] as boolean);
  const runs: Array<[number, number]> = [];
  for (let i = 0; i < starts.length; i++) {
    const start = at(i);
    for (let j = i + 1; j <= starts.length; j++) {
      const end = at(j);
      if (end - start > SENTENCE_RUN_MAX_FEATURES) break;
      if (end - start >= PASSAGE_MIN_FEATURES) runs.push([start, end]);
      if (opensParagraph(j)) break;
    }
  }
  return runs;
}
