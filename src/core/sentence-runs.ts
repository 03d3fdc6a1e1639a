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
import { CHUNK_HEAD_FEATURES, headsAt } from './chunk-heads';
import type { HashedFeatures } from './feature-table';
import { withDocumentFeatures, type FeatureDeps } from './features';
import type { Fingerprint } from './fingerprint64';
import { PASSAGE_ANCHOR_EVERY, PASSAGE_MIN_FEATURES, keepPassages, passagesNotIn } from './passages';
import { SKETCH_BYTES, chunkSketch } from './passage-sketch';
import { paragraphEnds } from './tokenize';

/**
 * The longest run, in features: a chunk and a half. A longer run seldom lies
 * inside one stored chunk (an anchor every PASSAGE_ANCHOR_EVERY features on
 * average), and the page's own chunks already cover it.
 */
export const SENTENCE_RUN_MAX_FEATURES = (3 * PASSAGE_ANCHOR_EVERY) / 2;

/**
 * The end of a sentence (with any closing quotes or brackets, and the spaces
 * after it): the CJK full stop, and . ! ? before a space or a character
 * beyond ASCII: folding (NFKC) has made the full-width ！ and ？ of Chinese
 * text ASCII, and Chinese text often ends a sentence with an ASCII full stop.
 */
const SENTENCE_END = /。[」』”’)]*\s*|[.!?]["'”’)\]」』]*(?:\s+|(?=[^\x00-\x7f]))/gu;

/** The sentences of one paragraph, each with the spaces after it; blank ones left out. */
function sentencesOf(paragraph: string): string[] {
  const sentences: string[] = [];
  let from = 0;
  SENTENCE_END.lastIndex = 0;
  for (let end = SENTENCE_END.exec(paragraph); end !== null; end = SENTENCE_END.exec(paragraph)) {
    // Every match holds its mark, so the scan always moves on.
    const to = end.index + end[0].length;
    sentences.push(paragraph.slice(from, to));
    from = to;
  }
  sentences.push(paragraph.slice(from));
  return sentences.filter((sentence) => sentence.trim() !== '');
}

/** A blank line: what ends a paragraph for the tokeniser (tokenize.ts paragraphEnds). */
const PARAGRAPH_BREAK = '\n\n';
/** Line breaks inside a sentence, which in Chinese text would end a paragraph of their own. */
const LINE_BREAKS = /\n/g;

/**
 * The sketches of every run of consecutive sentences within one paragraph of
 * `folded` (foldText's output) of PASSAGE_MIN_FEATURES to
 * SENTENCE_RUN_MAX_FEATURES features, bottom-k by key, none of `known`; or
 * none at all when there are more than `budget` of them (a sample of a long
 * page's runs would find a copied run only by luck, and its chunks are many).
 */
export function sentenceRuns(folded: string, budget: number, known: readonly Fingerprint[], deps: FeatureDeps = {}): Fingerprint[] {
  return withSentences(folded, budget, deps, (hashed, starts, opens) => {
    const runs = runRanges(...withFeatures(starts, opens, hashed.ids.length), hashed.ids.length);
    if (runs.length > budget) return [];
    const mins = new Uint32Array(SKETCH_BYTES);
    const sketches = runs.map(([start, end]) => chunkSketch(hashed, start, end, mins));
    return passagesNotIn(keepPassages(sketches, budget), known);
  });
}

/**
 * The heads (chunk-heads.ts) that begin at a sentence of a short page: the
 * sketch of the first CHUNK_HEAD_FEATURES features from each sentence start
 * that has as many after it, none of `known`; none when there are more
 * sentences than `budget`. A stored chunk begins at its paragraph's first
 * sentence, and an answer that copies that sentence and the next holds the
 * chunk's head from there, whatever its own anchors cut (decisions/0082).
 */
export function sentenceHeads(folded: string, budget: number, known: readonly Fingerprint[], deps: FeatureDeps = {}): Fingerprint[] {
  return withSentences(folded, budget, deps, (hashed, starts) => {
    const heads = headsAt(hashed, [...new Set(starts)].filter((start) => start + CHUNK_HEAD_FEATURES <= hashed.ids.length));
    return heads.length > budget ? [] : passagesNotIn(heads, known);
  });
}

/**
 * `use` of the page's sentences read in one pass, each a paragraph of its
 * own (where each starts is where the features say a paragraph does), and
 * whether each opens a paragraph of the page; none when the page has more
 * sentences than `budget` (beyond a paragraph's first), counted before any is read.
 */
function withSentences(folded: string, budget: number, deps: FeatureDeps, use: (hashed: HashedFeatures, starts: number[], opens: boolean[]) => Fingerprint[]): Fingerprint[] {
  if (budget <= 0) return [];
  const sentences: string[] = [];
  /** Whether each sentence opens a paragraph: no run reaches back across one. */
  const opens: boolean[] = [];
  let from = 0;
  let paragraphs = 0;
  for (const end of paragraphEnds(folded)) {
    sentencesOf(folded.slice(from, end)).forEach((sentence, i) => {
      sentences.push(sentence.replace(LINE_BREAKS, ' '));
      opens.push(i === 0);
    });
    paragraphs++;
    if (sentences.length > budget + paragraphs) return [];
    from = end;
  }
  return withDocumentFeatures(sentences.join(PARAGRAPH_BREAK), deps, (features) => {
    const hashed = features.hashed();
    const starts = [0, ...(hashed.paragraphs ?? [])];
    return starts.length === sentences.length ? use(hashed, starts, opens) : [];
  }, true);
}

/**
 * The starts of the sentences that have features, each opening a paragraph
 * when it or a sentence without features before it in its paragraph did: a
 * sentence without features would only repeat the runs of the next.
 */
function withFeatures(starts: readonly number[], opens: readonly boolean[], length: number): [number[], boolean[]] {
  const kept: number[] = [];
  const keptOpens: boolean[] = [];
  let opening = false;
  starts.forEach((start, i) => {
    opening ||= opens[i] as boolean;
    if (start === (i + 1 < starts.length ? starts[i + 1] : length)) return;
    kept.push(start);
    keptOpens.push(opening);
    opening = false;
  });
  return [kept, keptOpens];
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
