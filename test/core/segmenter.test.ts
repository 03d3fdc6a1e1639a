import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultChineseLexicon } from '../../src/core/segment/chinese-lexicon';
import { dictionaryFromWords, MAX_WORD_CHARS, parseDictionary } from '../../src/core/segment/dictionary';
import { segmentHan, segmentHanWords, SegmentedRun, stopwordMarks } from '../../src/core/segment/segmenter';
import { segmentitWords } from '../../scripts/build-segment-dictionary';
import { fingerprintText } from '../../eval/fingerprint-text';

describe('parseDictionary', () => {
  test('reads segmentit lines, keeps multi-character words within the cap', () => {
    const words = parseDictionary(['\uFEFF爱|0x1000|323\n交换机|0x0008|1000\n\n很长很长很长的词条|0x1|1\n工作|0x1|2']);
    expect(words.sort()).toEqual(['交换机', '工作']);
    expect(dictionaryFromWords(words).maxWordChars).toBe(3);
  });
});

describe('segmentHan', () => {
  const dict = dictionaryFromWords(['研究', '研究生', '生命', '命起源', '起源']);
  test.each([
    ['', []],
    ['研', ['研']],
    // The fewest words win: 研究/生命/起源 (3) over 研究生/命起源 … ties prefer the longer first word.
    ['研究生命起源', ['研究生', '命起源']],
    ['未知字', ['未', '知', '字']],
  ])('%j → %j', (run, expected) => {
    expect(segmentHan(run, dict)).toEqual(expected);
  });

  /** The shortest-path segmentation as specified: every length up to maxWordChars tried, longest first. */
  function plainSegmentation(run: string, words: ReadonlySet<string>, maxWordChars: number): string[] {
    const cost = Array<number>(run.length + 1).fill(Infinity);
    const step = Array<number>(run.length + 1).fill(0);
    cost[0] = 0;
    for (let i = 0; i < run.length; i++) {
      for (let len = Math.min(maxWordChars, run.length - i); len >= 1; len--) {
        if ((len === 1 || words.has(run.slice(i, i + len))) && (cost[i] as number) + 1 < (cost[i + len] as number)) {
          cost[i + len] = (cost[i] as number) + 1;
          step[i + len] = len;
        }
      }
    }
    const out: string[] = [];
    for (let end = run.length; end > 0; end -= step[end] as number) out.unshift(run.slice(end - (step[end] as number), end));
    return out;
  }

  test('gives the plain segmentation on random runs and dictionaries', () => {
    const char = fc.constantFrom('研', '究', '生', '命', '起', '源');
    const word = fc.array(char, { minLength: 2, maxLength: 5 }).map((c) => c.join(''));
    fc.assert(
      fc.property(fc.array(word, { maxLength: 12 }), fc.array(char, { maxLength: 30 }), fc.integer({ min: 2, max: 5 }), (list, run, maxWordChars) => {
        expect(segmentHan(run.join(''), dictionaryFromWords(list, maxWordChars))).toEqual(plainSegmentation(run.join(''), new Set(list), maxWordChars));
      }),
    );
  });

  test('gives the plain segmentation with the shipped dictionary (segmentit words) on real Chinese articles', () => {
    const dir = resolve(import.meta.dirname, '../fixtures/detection');
    const runs = readdirSync(dir)
      .filter((name) => name.startsWith('cwc-'))
      .flatMap((name) => readFileSync(resolve(dir, name), 'utf8').match(/\p{Script=Han}+/gu) ?? []);
    expect(runs.join('').length).toBeGreaterThan(5_000);
    const words = new Set(segmentitWords());
    const { dictionary } = defaultChineseLexicon();
    for (const run of runs) expect(segmentHan(run, dictionary)).toEqual(plainSegmentation(run, words, MAX_WORD_CHARS));
  });

  test('segmentation is linear: 100,000 Han characters without punctuation fingerprint quickly', () => {
    // segmentit's own tokenizer never finishes on such a run. The bound here is
    // generous (the benchmark measures speed); it only proves termination.
    const run = '我们今天讨论的问题是如何在大规模网页中检测近似重复的文档并且保证效率足够高'.repeat(2800).slice(0, 100_000);
    const started = Date.now();
    const result = fingerprintText(run);
    expect(result.chars).toBe(100_000);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('segmentHanWords: segmentHan\'s words as positions, stopwords marked', () => {
  /** segmentHanWords' output read back as words, each with whether it is a stopword. */
  function markedWords(run: string, dictionary: ReturnType<typeof dictionaryFromWords>, stopwords: readonly string[]): Array<[string, boolean]> {
    const into = new SegmentedRun();
    segmentHanWords(run, dictionary, stopwordMarks(dictionary, stopwords), into);
    const words: Array<[string, boolean]> = [];
    for (let k = into.count - 1, start = 0; k >= 0; k--) {
      const end = (into.ends[k] as number) >> 1;
      words.push([run.slice(start, end), ((into.ends[k] as number) & 1) === 1]);
      start = end;
    }
    return words;
  }

  const asMarked = (run: string, dictionary: ReturnType<typeof dictionaryFromWords>, stopwords: readonly string[]): Array<[string, boolean]> =>
    segmentHan(run, dictionary).map((word) => [word, new Set(stopwords).has(word)]);

  test.each([
    ['', []],
    ['的', [['的', true]]],
    ['研究的生命', [['研究', false], ['的', true], ['生命', false]]],
    // A stopword that is no word of the dictionary is never one word: its characters are not stopwords.
    ['因为起源', [['因', false], ['为', false], ['起源', true]]],
  ] as Array<[string, Array<[string, boolean]>]>)('%j → %j', (run, expected) => {
    const dictionary = dictionaryFromWords(['研究', '生命', '起源']);
    expect(markedWords(run, dictionary, ['的', '起源', '因为'])).toEqual(expected);
  });

  test('gives segmentHan\'s words and the stopword set\'s answers on random runs, dictionaries and stopwords', () => {
    const char = fc.constantFrom('研', '究', '生', '命', '起', '源', '\ud840', '\udc00');
    const word = fc.array(char, { minLength: 1, maxLength: 5 }).map((c) => c.join(''));
    fc.assert(
      fc.property(fc.array(word, { maxLength: 12 }), fc.array(word, { maxLength: 8 }), fc.array(char, { maxLength: 30 }), (list, stopwords, run) => {
        const dictionary = dictionaryFromWords(list);
        expect(markedWords(run.join(''), dictionary, stopwords)).toEqual(asMarked(run.join(''), dictionary, stopwords));
      }),
    );
  });

  test('gives the same with the shipped dictionary and stopwords on real Chinese articles', () => {
    const dir = resolve(import.meta.dirname, '../fixtures/detection');
    const runs = readdirSync(dir)
      .filter((name) => name.startsWith('cwc-'))
      .flatMap((name) => readFileSync(resolve(dir, name), 'utf8').match(/\p{Script=Han}+/gu) ?? []);
    const { dictionary, stopwords } = defaultChineseLexicon();
    const list = [...stopwords];
    let marked = 0;
    for (const run of runs) {
      const words = markedWords(run, dictionary, list);
      expect(words).toEqual(asMarked(run, dictionary, list));
      marked += words.filter(([, stop]) => stop).length;
    }
    expect(marked).toBeGreaterThan(500);
  });
});
