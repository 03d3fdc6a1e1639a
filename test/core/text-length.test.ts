import { describe, expect, test } from 'vitest';
import { isLongEnough, measureText } from '../../src/core/text-length';

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
