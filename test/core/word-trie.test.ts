import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { WordTrie } from '../../src/core/segment/word-trie';

/** Every word length wordsAt reports at each position (UTF-16 code unit) of `text`. */
function wordsEverywhere(trie: WordTrie, text: string, buffer = 16): number[][] {
  const lengths = new Uint8Array(buffer);
  return Array.from({ length: text.length }, (_, i) => Array.from(lengths.subarray(0, trie.wordsAt(text, i, text.length, lengths))));
}

/** The same answer from a Set: the specification. */
function wordsBySet(words: readonly string[], text: string): number[][] {
  const set = new Set(words);
  return Array.from({ length: text.length }, (_, i) => {
    const found: number[] = [];
    for (let len = 2; i + len <= text.length; len++) if (set.has(text.slice(i, i + len))) found.push(len);
    return found;
  });
}

describe('WordTrie', () => {
  test.each([
    ['nested words', ['研究', '研究生', '生命'], '研究生命', [[2, 3], [], [2], []]],
    ['a single character is never reported', ['研'], '研究', [[], []]],
    ['duplicates and any order', ['生命', '研究', '生命'], '生命研究', [[2], [], [2], []]],
    ['a word running past the end is not found', ['研究生'], '研究', [[], []]],
    // Lengths count UTF-16 code units, as the segmenter slices: 𠀀 alone is two.
    ['characters outside the BMP (surrogate pairs)', ['𠀀字', '𠀀'], '𠀀字', [[2, 3], [], []]],
  ] as Array<[string, string[], string, number[][]]>)('%s', (_name, words, text, expected) => {
    expect(wordsEverywhere(WordTrie.fromWords(words), text)).toEqual(expected);
  });

  test('a node with many children (binary search over its row)', () => {
    const words = Array.from({ length: 3000 }, (_, i) => `中${String.fromCharCode(0x4e00 + i * 7)}`);
    const trie = WordTrie.fromWords(words);
    for (const word of words) expect(wordsEverywhere(trie, word)[0]).toEqual([2]);
    expect(wordsEverywhere(trie, '中一')[0]).toEqual([2]);
    expect(wordsEverywhere(trie, `中${String.fromCharCode(0x4e01)}`)[0]).toEqual([]);
  });

  test('reports no more lengths than the buffer holds', () => {
    const trie = WordTrie.fromWords(['一二', '一二三', '一二三四']);
    expect(wordsEverywhere(trie, '一二三四', 2)[0]).toEqual([2, 3]);
  });

  test('finds what a Set finds, on random words and texts (property)', () => {
    const char = fc.constantFrom('研', '究', '生', '命', '起', '源', '𠀀');
    const word = fc.array(char, { minLength: 2, maxLength: 5 }).map((c) => c.join(''));
    fc.assert(fc.property(fc.array(word, { maxLength: 30 }), fc.array(char, { maxLength: 25 }), (words, text) => {
      expect(wordsEverywhere(WordTrie.fromWords(words), text.join(''))).toEqual(wordsBySet(words, text.join('')));
    }));
  });
});
