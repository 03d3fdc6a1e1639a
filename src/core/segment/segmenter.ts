import type { Dictionary } from './dictionary';

/** Scratch arrays reused across runs (runs between punctuation are short and many). */
let cost = new Int32Array(256);
let step = new Uint8Array(256);
const lengths = new Uint8Array(16);

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
  if (cost.length <= n) {
    cost = new Int32Array(2 * (n + 1));
    step = new Uint8Array(2 * (n + 1));
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
    }
    const found = trie.wordsAt(run, i, n, lengths);
    for (let k = 0; k < found; k++) {
      const end = i + (lengths[k] as number);
      if (base < (cost[end] as number)) {
        cost[end] = base;
        step[end] = lengths[k] as number;
      }
    }
  }
  const out: string[] = [];
  for (let end = n; end > 0; ) {
    const len = step[end] as number;
    out.push(run.slice(end - len, end));
    end -= len;
  }
  return out.reverse();
}
