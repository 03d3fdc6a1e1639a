import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { dictionaryFromWords } from '../../src/core/segment/dictionary';
import { measureText, type TextLength } from '../../src/core/text-length';
import { classOfCodeUnit, ScriptClass } from '../../src/core/scripts';
import { foldText, isJapaneseText, JAPANESE_KANA_SHARE, lineEnds, measureFolded, scanTokens, tokenize } from '../../src/core/tokenize';

describe('tokenize', () => {
  test.each([
    ['English words, stopwords dropped', 'The Quick brown fox and the lazy dog.', ['quick', 'brown', 'fox', 'lazy', 'dog']],
    ['numbers are tokens', 'Version 2 of 64-bit hashing', ['version', '2', '64', 'bit', 'hashing']],
    ['Cyrillic is split on spaces', 'Привет мир', ['привет', 'мир']],
    ['Korean is split on spaces', '안녕하세요 세계', ['안녕하세요', '세계']],
    ['Chinese is segmented into dictionary words', '交换机的安装工作', ['交换机', '安装', '工作']],
    ['Japanese falls back to character bigrams', 'これは日本語です', ['これ', 'れは', 'は日', '日本', '本語', '語で', 'です']],
    ['Thai falls back to character bigrams', 'ภาษา', ['ภา', 'าษ', 'ษา']],
    ['full-width and half-width forms agree', 'ＳｉｍＨａｓｈ', ['simhash']],
  ])('%s', (_name, input, expected) => {
    expect(tokenize(input)).toEqual(expected);
  });

  test('a Japanese page is tokenised as Japanese even where it is kanji-dense', () => {
    expect(tokenize('日本政府は経済対策を決定した')).toContain('政府');
    expect(tokenize('日本政府は経済対策を決定した')).toContain('は経');
  });

  test('a Chinese page quoting one Japanese word is still segmented as Chinese', () => {
    const chinese = '我们今天讨论交换机的安装工作和技术性器件，这项工作需要大量的准备。'.repeat(4);
    const tokens = tokenize(`${chinese}顺便提到カラオケ。`);
    expect(tokens).toContain('交换机');
  });

  // isJapaneseText stops counting Han once they outweigh the kana; this is what it must equal.
  const kanaShare = (text: string): boolean => {
    const kana = text.match(/[\p{Script=Hiragana}\p{Script=Katakana}\u30FC]/gu)?.length ?? 0;
    const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
    // A long mark (ー) alone is no kana: Chinese text uses it too.
    return /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text) && kana >= JAPANESE_KANA_SHARE * (han + kana);
  };
  test('on random strings of kana, Han, long marks and Latin, isJapaneseText is the kana share of all their kana and Han', () => {
    const unit = fc.constantFrom('の', 'カ', 'ー', '日', '本', '语', '𠀋', 'a', ' ', '、');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 60 }).map((u) => u.join('')), (text) => {
        expect(isJapaneseText(text)).toBe(kanaShare(text));
      }),
      { numRuns: 3_000 },
    );
    // Every count of kana and Han around the share, the boundary included.
    for (let kana = 1; kana <= 8; kana++) {
      for (let han = 0; han <= 60; han++) {
        const text = `${'日'.repeat(han)}${'の'.repeat(kana)}`;
        expect(isJapaneseText(text), `${kana} kana, ${han} Han`).toBe(kanaShare(text));
      }
    }
  });

  test('the Chinese dictionary is loaded only when Han text appears', () => {
    let loads = 0;
    const dictionary = () => {
      loads++;
      return dictionaryFromWords(['交换机']);
    };
    tokenize('plain English text only', { dictionary });
    expect(loads).toBe(0);
    expect(tokenize('交换机', { dictionary, chineseStopwords: () => new Set() })).toEqual(['交换机']);
    expect(loads).toBe(1);
  });
});

test('every code unit of the Han class is a Han character from U+2E80 on, which a Chinese word read in place relies on (features.ts)', () => {
  const han: number[] = [];
  for (let code = 0; code < 0x10000; code++) if (classOfCodeUnit(code) === ScriptClass.Han) han.push(code);
  expect(han.length).toBeGreaterThan(20_000);
  expect(han.filter((code) => code < 0x2e80 || !/^\p{Script=Han}$/u.test(String.fromCharCode(code))).map((code) => code.toString(16))).toEqual([]);
});

describe('measureFolded', () => {
  test.each([
    ['English', 'The Quick brown fox, and the lazy dog.'],
    ['Chinese with punctuation', '交换机的安装工作，技术性器件。'],
    ['invisible characters join words', 'sim\u200bhash dup\u00adlicate'],
    ['full-width forms', 'ＳｉｍＨａｓｈ　１２３ 指纹'],
    ['astral characters', '𠀀𠀁 emoji 😀 text 𝐁𝐨𝐥𝐝'],
    ['Japanese', 'これは日本語の文章です。'],
  ])('%s: the same counts from the folded text as measureText from the text', (_name, text) => {
    expect(measureFolded(foldText(text))).toEqual(measureText(text));
  });
});

describe('lineEnds: every line of a text, paragraphs first', () => {
  /** The text's lines as lineEnds cuts them, each marked | when it ends a paragraph and / when it ends a line inside one. */
  const cut = (text: string): string => {
    const { ends, inside } = lineEnds(text);
    let from = 0;
    return ends.map((end) => {
      const line = text.slice(from, end).trim();
      from = end;
      return `${line}${inside.has(end) ? '/' : '|'}`;
    }).join(' ');
  };
  test.each([
    ['one line', 'one line', 'one line|'],
    ['paragraphs between blank lines', 'a b\n\nc d\n\n\ne f', 'a b| c d| e f|'],
    ['lines inside a paragraph', 'a b\nc d\n\ne f\ng h', 'a b/ c d| e f/ g h|'],
    ['a blank line of spaces and tabs ends a paragraph', 'a b\n \t\nc d\ne f', 'a b| c d/ e f|'],
    ['a line break with blanks around it', 'a b \n  c d', 'a b/ c d|'],
    ['Chinese: every line is a paragraph already', '第一行文字\n第二行文字', '第一行文字| 第二行文字|'],
  ])('%s', (_what, text, lines) => {
    expect(cut(text)).toBe(lines);
  });
});

describe('scanTokens tells the length read before each line, as measureFolded counts each line', () => {
  /** Each line's CJK characters and words from the counts told at line starts, and measured line by line. */
  const told = (folded: string) => {
    const before: TextLength[] = [];
    const mark = (cjkChars: number, words: number): void => void before.push({ cjkChars, words });
    const whole = scanTokens(folded, undefined, {}, { word: () => {}, other: () => {}, paragraph: mark, line: mark }) as TextLength;
    return [...before, whole].map((to, i) => {
      const from = before[i - 1] ?? { cjkChars: 0, words: 0 };
      return { cjkChars: to.cjkChars - from.cjkChars, words: to.words - from.words };
    });
  };
  const measured = (folded: string) => {
    let from = 0;
    return lineEnds(folded).ends.map((end) => measureFolded(folded.slice(from, (from = end))));
  };
  test.each([
    ['ASCII lines and paragraphs', 'one two three\nfour five\n\nsix seven eight nine'],
    ['words running into other scripts', 'naïve café résumé\nstraße façade\n\nmix of ascii and ünïcödé'],
    ['Chinese lines', '第一行文字\n第二行文字，还有更多\n\n第三段'],
    ['Chinese and English mixed on a line', 'SimHash 指纹 is 64 位\n下一行 next line'],
    ['blank lines and spaces only', 'a b\n   \n\n\t\nc d \n e'],
    ['surrogate pairs and emoji', '𠀀𠀁 text 😀 more\n𝒜𝒷𝒸 words'],
  ])('%s', (_what, text) => {
    const folded = foldText(text);
    expect(told(folded)).toEqual(measured(folded));
  });
});
