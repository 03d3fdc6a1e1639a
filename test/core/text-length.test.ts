import { describe, expect, test } from 'vitest';
import { countCodePoints, isLongEnough, measureText } from '../../src/core/text-length';

describe('measureText', () => {
  test.each([
    ['English words', 'One two three, four-five.', { cjkChars: 0, words: 5 }],
    ['Chinese characters', '你好，世界。', { cjkChars: 4, words: 0 }],
    ['mixed', 'SimHash 指纹 64 bit', { cjkChars: 2, words: 3 }],
  ])('%s', (_name, text, expected) => {
    expect(measureText(text)).toEqual(expected);
  });
});

describe('isLongEnough (100 CJK characters or 80 words, pro rata)', () => {
  test.each([
    [{ cjkChars: 99, words: 0 }, false],
    [{ cjkChars: 100, words: 0 }, true],
    [{ cjkChars: 0, words: 79 }, false],
    [{ cjkChars: 0, words: 80 }, true],
    [{ cjkChars: 50, words: 40 }, true],
    [{ cjkChars: 50, words: 39 }, false],
  ])('%o → %s', (length, expected) => {
    expect(isLongEnough(length)).toBe(expected);
  });

  test('thresholds are configurable', () => {
    expect(isLongEnough({ cjkChars: 0, words: 10 }, { cjkChars: 30, words: 10 })).toBe(true);
  });
});

describe('countCodePoints', () => {
  test.each([
    ['empty', '', 0],
    ['ASCII', 'abc', 3],
    ['Chinese', '中文字', 3],
    ['a surrogate pair is one character', 'a😀b', 3],
    ['two pairs in a row', '😀😀', 2],
    ['a lone high surrogate counts', 'a\ud83db', 3],
    ['a lone low surrogate does not', 'a\ude00b', 2],
  ])('%s', (_name, text, count) => {
    expect(countCodePoints(text)).toBe(count);
  });

  test('is the same as counting every code unit but the low surrogates, on every string', () => {
    const units = [0x61, 0x4e2d, 0xd83d, 0xde00, 0xdbff, 0xdc00, 0xffff];
    for (let seed = 0; seed < 500; seed++) {
      const text = String.fromCharCode(...Array.from({ length: seed % 13 }, (_, i) => units[(seed * 7 + i * 3) % units.length] as number));
      const byLoop = [...text].length - [...text].filter((c) => c.length === 1 && c.charCodeAt(0) >= 0xdc00 && c.charCodeAt(0) <= 0xdfff).length;
      expect(countCodePoints(text)).toBe(byLoop);
    }
  });
});
