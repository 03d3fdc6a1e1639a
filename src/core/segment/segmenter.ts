import type { Dictionary } from './dictionary';

/**
 * Splits a run of Han characters (no spaces or punctuation inside) into words.
 *
 * segmentit's own tokenizer enumerates every segmentation of a run and is
 * exponential in its length (a 40-character run takes ~0.2 s, 80 characters
 * minutes). This is the classic shortest-path segmentation over the same
 * dictionary: dynamic programming that picks the split with the fewest words,
 * preferring longer words first on ties. It is O(n · maxWordChars) and
 * deterministic, which is what fingerprinting needs: the same text always
 * gives the same words.
 */
export function segmentHan(run: string, dictionary: Dictionary): string[] {
  const n = run.length;
  if (n <= 1) return n === 1 ? [run] : [];
  const { words, maxWordChars } = dictionary;
  const cost = new Int32Array(n + 1).fill(0x7fffffff);
  const step = new Uint8Array(n + 1);
  cost[0] = 0;
  for (let i = 0; i < n; i++) {
    const base = (cost[i] as number) + 1;
    const limit = Math.min(maxWordChars, n - i);
    for (let len = limit; len >= 1; len--) {
      if (len > 1 && !words.has(run.slice(i, i + len))) continue;
      if (base < (cost[i + len] as number)) {
        cost[i + len] = base;
        step[i + len] = len;
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
