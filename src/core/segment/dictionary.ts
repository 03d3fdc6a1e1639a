/**
 * A word list for dictionary segmentation of Chinese, parsed from segmentit's
 * dictionary format (`word|pos|frequency` per line).
 */

/**
 * Words longer than this are not looked up. segmentit's dictionaries hold a
 * long tail of 8+ character entries (transliterated names, chemical terms);
 * splitting them consistently into shorter words costs nothing for
 * fingerprinting, and the cap bounds segmentation at O(n · 7).
 */
export const MAX_WORD_CHARS = 7;

export interface Dictionary {
  readonly words: ReadonlySet<string>;
  readonly maxWordChars: number;
}

export function parseDictionary(sources: readonly string[]): Dictionary {
  const words = new Set<string>();
  let maxWordChars = 1;
  for (const source of sources) {
    let start = 0;
    while (start < source.length) {
      let end = source.indexOf('\n', start);
      if (end === -1) end = source.length;
      const bar = source.indexOf('|', start);
      const wordEnd = bar !== -1 && bar < end ? bar : end;
      const word = source.slice(start, wordEnd).replace(/^\uFEFF/, '').trim();
      // Multi-character entries only: single characters are always candidates.
      if (word.length > 1 && word.length <= MAX_WORD_CHARS) {
        words.add(word);
        if (word.length > maxWordChars) maxWordChars = word.length;
      }
      start = end + 1;
    }
  }
  return { words, maxWordChars };
}
