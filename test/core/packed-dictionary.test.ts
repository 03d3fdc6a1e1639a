import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { generate, segmentitStopwords, segmentitWords, TARGET } from '../../scripts/build-segment-dictionary';
import { signDocument } from '../../src/core';
import { dictionaryFromWords, type Dictionary } from '../../src/core/segment/dictionary';
import { packDictionary, unpackDictionary, type ChineseLexicon } from '../../src/core/segment/packed-dictionary';
import { segmentHan } from '../../src/core/segment/segmenter';

const PRACTICE = resolve(import.meta.dirname, '../../../shared/data/neardup-practice');

/** Every word length wordsAt reports at each position of `text`. */
function wordsEverywhere({ trie }: Dictionary, text: string): number[][] {
  const lengths = new Uint8Array(16);
  return Array.from({ length: text.length }, (_, i) => Array.from(lengths.subarray(0, trie.wordsAt(text, i, text.length, lengths))));
}

/** The practice set's Chinese texts (Simplified and Traditional), from its docs.tsv. */
function practiceChinese(): string[] {
  const rows = readFileSync(resolve(PRACTICE, 'docs.tsv'), 'utf8').trim().split('\n').slice(1).map((line) => line.split('\t'));
  return rows.filter(([, , , , , script]) => script === 'Hans' || script === 'Hant').map(([id]) => readFileSync(resolve(PRACTICE, 'docs', `${id}.txt`), 'utf8'));
}

describe('packed Chinese dictionary', () => {
  test.each([
    ['nested words', ['研究', '研究生', '生命'], ['的'], '研究生命'],
    ['no words at all', [], [], '研究'],
    ['characters outside the BMP', ['𠀀字', '字𠀀'], ['𠀀'], '𠀀字𠀀'],
    ['words beyond the cap are dropped, as dictionaryFromWords drops them', ['一二三四五六七八', '一二'], [], '一二三四五六七八'],
  ])('%s: the same words and stopwords after packing', (_name, words, stopwords, text) => {
    const unpacked = unpackDictionary(packDictionary(words, stopwords));
    expect(wordsEverywhere(unpacked.dictionary, text)).toEqual(wordsEverywhere(dictionaryFromWords(words), text));
    expect(unpacked.dictionary.maxWordChars).toBe(dictionaryFromWords(words).maxWordChars);
    expect([...unpacked.stopwords]).toEqual(stopwords);
  });

  test('bytes that do not start on a 4-byte boundary (a Node Buffer slice) are read all the same', () => {
    const packed = packDictionary(['研究', '生命'], ['的']);
    const shifted = new Uint8Array(packed.length + 1).subarray(1);
    shifted.set(packed);
    expect(wordsEverywhere(unpackDictionary(shifted).dictionary, '研究生命')).toEqual([[2], [], [2], []]);
  });

  test.each([
    ['another format', (bytes: Uint8Array) => bytes.fill(0, 0, 4)],
    ['a truncated file', (bytes: Uint8Array) => bytes.subarray(0, bytes.length - 1)],
    ['too short for a header', (bytes: Uint8Array) => bytes.subarray(0, 8)],
  ])('rejects %s', (_name, damage) => {
    expect(() => unpackDictionary(damage(packDictionary(['研究'], ['的'])))).toThrow(/packed Chinese dictionary/);
  });

  test('the shipped file is what segmentit gives (npm run build:segment-dictionary)', () => {
    expect(Buffer.from(generate()).equals(readFileSync(TARGET))).toBe(true);
  });

  test('segments the practice set exactly as the dictionary built from the word list did, so signs it the same', () => {
    const shipped = unpackDictionary(readFileSync(TARGET));
    const words = segmentitWords();
    const built = { dictionary: dictionaryFromWords(words), stopwords: new Set(segmentitStopwords()) };
    const texts = practiceChinese();
    expect(texts.length).toBeGreaterThan(100);
    const runs = texts.flatMap((text) => text.match(/\p{Script=Han}+/gu) ?? []);
    expect(runs.map((run) => segmentHan(run, shipped.dictionary).join(' '))).toEqual(runs.map((run) => segmentHan(run, built.dictionary).join(' ')));
    expect([...shipped.stopwords].sort()).toEqual([...built.stopwords].sort());
    // Whole signatures too, on a sample (all 181 texts take seconds on a loaded machine).
    const sign = ({ dictionary, stopwords }: ChineseLexicon) => texts.filter((_, i) => i % 10 === 0).map((text) => signDocument(text, { dictionary: () => dictionary, chineseStopwords: () => stopwords }));
    expect(sign(shipped)).toEqual(sign(built));
  });
});
