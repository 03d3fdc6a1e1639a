/**
 * The word list for dictionary segmentation of Chinese: parsed from
 * segmentit's format (`word|pos|frequency` per line) or given as words, and
 * held as a WordTrie.
 */
import { WordTrie } from './word-trie';

/**
 * Words longer than this are not looked up. segmentit's dictionaries hold a
 * long tail of 8+ character entries (transliterated names, chemical terms);
 * splitting them consistently into shorter words costs nothing for
 * fingerprinting, and the cap bounds segmentation at O(n · 7).
 */
export const MAX_WORD_CHARS = 7;

export interface Dictionary {
  readonly trie: WordTrie;
  /** The longest word, in UTF-16 code units (at most MAX_WORD_CHARS). */
  readonly maxWordChars: number;
}

/** A dictionary of the words of 2 to `maxWordChars` code units among `words` (single characters are always candidates). */
export function dictionaryFromWords(words: readonly string[], maxWordChars = MAX_WORD_CHARS): Dictionary {
  const cap = Math.min(maxWordChars, MAX_WORD_CHARS);
  const kept = words.filter((word) => word.length > 1 && word.length <= cap);
  return { trie: WordTrie.fromWords(kept), maxWordChars: kept.reduce((max, word) => Math.max(max, word.length), 1) };
}

/** The words of segmentit-format sources that segmentation uses: multi-character entries within MAX_WORD_CHARS. */
export function parseDictionary(sources: readonly string[]): string[] {
  const words = new Set<string>();
  for (const source of sources) {
    let start = 0;
    while (start < source.length) {
      let end = source.indexOf('\n', start);
      if (end === -1) end = source.length;
      const bar = source.indexOf('|', start);
      const wordEnd = bar !== -1 && bar < end ? bar : end;
      const word = source.slice(start, wordEnd).replace(/^\uFEFF/, '').trim();
      if (word.length > 1 && word.length <= MAX_WORD_CHARS) words.add(word);
      start = end + 1;
    }
  }
  return [...words];
}
