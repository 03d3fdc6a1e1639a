import type { Dictionary } from './dictionary';

/** Scratch arrays reused across runs (runs between punctuation are short and many). */
let cost = new Int32Array(256);
let step = new Uint8Array(256);
/** Per position, the trie node of the word that ends there (segmentHanWords), 0 for a single code unit. */
let stepNode = new Int32Array(256);
const lengths = new Uint8Array(16);
const nodes = new Int32Array(16);

/**
 * Splits a run of Han characters (no spaces or punctuation inside) into words.
 *
 * segmentit's own tokenizer enumerates every segmentation of a run and is
 * exponential in its length (a 40-character run takes ~0.2 s, 80 characters
 * minutes). This is the classic shortest-path segmentation over the same
 * dictionary: dynamic programming that picks the split with the fewest words,
 * ties going to the longer word ending at each position. It is O(n · maxWordChars) and
 * deterministic, which is what fingerprinting needs: the same text always
 * gives the same words. Candidate words come from one walk down the word
 * trie per position (no substring is built or hashed).
 */
export function segmentHan(run: string, dictionary: Dictionary): string[] {
  const n = run.length;
  if (n <= 1) return n === 1 ? [run] : [];
  shortestPath(run, dictionary, false);
  const out: string[] = [];
  for (let end = n; end > 0; ) {
    const len = step[end] as number;
    out.push(run.slice(end - len, end));
    end -= len;
  }
  return out.reverse();
}

/**
 * Which words are stopwords, without a string per word: bit sets by code
 * unit (one-unit words) and by trie node (longer ones), 8 kB and ~28 kB for
 * the shipped dictionary.
 */
export interface StopwordMarks {
  readonly units: Uint32Array;
  readonly nodes: Uint32Array;
}

const isMarked = (bits: Uint32Array, k: number): number => ((bits[k >>> 5] as number) >>> (k & 31)) & 1;
const mark = (bits: Uint32Array, k: number): void => {
  bits[k >>> 5] = (bits[k >>> 5] as number) | (1 << (k & 31));
};

/**
 * The marks of `stopwords` in `dictionary`'s trie. A stopword of two or more
 * code units that is no word of the trie is never a word of segmentHan (its
 * words are single code units or the trie's), so it needs no mark.
 */
export function stopwordMarks(dictionary: Dictionary, stopwords: Iterable<string>): StopwordMarks {
  const marks = { units: new Uint32Array(0x10000 / 32), nodes: new Uint32Array(Math.ceil(dictionary.trie.size / 32)) };
  for (const word of stopwords) {
    if (word.length === 1) mark(marks.units, word.charCodeAt(0));
    else {
      // 0 (the root, which spells no word) is wordNode's "none".
      const node = dictionary.trie.wordNode(word);
      if (node !== 0) mark(marks.nodes, node);
    }
  }
  return marks;
}

/**
 * The words of a run as segmentHanWords leaves them: `ends[count − 1]` is
 * the first word's, `ends[0]` the last's, each `end · 2 + 1` when the word
 * is a stopword and `end · 2` otherwise.
 */
export class SegmentedRun {
  ends = new Int32Array(256);
  count = 0;
}

/**
 * segmentHan's words of `run` as positions, each marked a stopword or not
 * (the same words, the same test as a Set of the stopwords would give): no
 * string is built for a word, which is most of what Chinese tokenisation
 * allocated.
 */
export function segmentHanWords(run: string, dictionary: Dictionary, stops: StopwordMarks, into: SegmentedRun): void {
  const n = run.length;
  if (into.ends.length < n) into.ends = new Int32Array(2 * n);
  if (n === 0) {
    into.count = 0;
    return;
  }
  shortestPath(run, dictionary, true);
  let count = 0;
  for (let end = n; end > 0; ) {
    const node = stepNode[end] as number;
    const stop = node === 0 ? isMarked(stops.units, run.charCodeAt(end - 1)) : isMarked(stops.nodes, node);
    into.ends[count++] = 2 * end + stop;
    end -= step[end] as number;
  }
  into.count = count;
}

/** Fills `step` (and, with `withNodes`, `stepNode`) for positions 1…run.length: the shortest path's last word ending at each. */
function shortestPath(run: string, dictionary: Dictionary, withNodes: boolean): void {
  const n = run.length;
  if (cost.length <= n) {
    cost = new Int32Array(2 * (n + 1));
    step = new Uint8Array(2 * (n + 1));
    stepNode = new Int32Array(2 * (n + 1));
  }
  const { trie } = dictionary;
  cost.fill(0x7fffffff, 0, n + 1);
  cost[0] = 0;
  for (let i = 0; i < n; i++) {
    const base = (cost[i] as number) + 1;
    // Each length reaches a different end, so the order lengths are tried in cannot matter.
    if (base < (cost[i + 1] as number)) {
      cost[i + 1] = base;
      step[i + 1] = 1;
      if (withNodes) stepNode[i + 1] = 0;
    }
    const found = trie.wordsAt(run, i, n, lengths, withNodes ? nodes : undefined);
    for (let k = 0; k < found; k++) {
      const end = i + (lengths[k] as number);
      if (base < (cost[end] as number)) {
        cost[end] = base;
        step[end] = lengths[k] as number;
        if (withNodes) stepNode[end] = nodes[k] as number;
      }
    }
  }
}
