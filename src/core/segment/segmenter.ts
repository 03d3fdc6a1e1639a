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
  const longest = longestWordsByFirstUnit(dictionary);
  const cost = new Int32Array(n + 1).fill(0x7fffffff);
  const step = new Uint8Array(n + 1);
  cost[0] = 0;
  for (let i = 0; i < n; i++) {
    const base = (cost[i] as number) + 1;
    // Lengths beyond the longest word starting with this code unit cannot match.
    const longestHere = longest[run.charCodeAt(i)] as number;
    const limit = Math.min(longestHere === LONGER ? maxWordChars : Math.max(1, longestHere), maxWordChars, n - i);
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

const longestByDictionary = new WeakMap<Dictionary, Uint8Array>();
/** Stands for "255 or more" in the table below: bounded by maxWordChars only. */
const LONGER = 255;

/**
 * For each UTF-16 code unit, the length of the longest dictionary word that
 * starts with it (0 if none). Most characters start only short words, so
 * segmentation looks up ~3 candidate slices per character instead of
 * maxWordChars − 1; the words found are the same. Built once per dictionary.
 */
function longestWordsByFirstUnit(dictionary: Dictionary): Uint8Array {
  let longest = longestByDictionary.get(dictionary);
  if (!longest) {
    longest = new Uint8Array(0x10000);
    for (const word of dictionary.words) {
      const first = word.charCodeAt(0);
      longest[first] = Math.max(longest[first] as number, Math.min(LONGER, word.length));
    }
    longestByDictionary.set(dictionary, longest);
  }
  return longest;
}
