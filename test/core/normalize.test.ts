import { describe, expect, test } from 'vitest';
import { normalizeText } from '../../src/core/normalize';

describe('normalizeText', () => {
  test.each([
    ['full-width Latin folds to ASCII', 'ＳｉｍＨａｓｈ　１２３', 'simhash 123'],
    ['half-width katakana folds to full-width', 'ｶﾀｶﾅ', 'カタカナ'],
    ['full-width punctuation folds', '你好，世界！', '你好,世界!'],
    ['case folds', 'Déjà LU', 'déjà lu'],
    ['zero-width characters vanish', 'sim\u200bhash\u200d \ufeffdup\u00ad', 'simhash dup'],
    ['bidi overrides vanish', 'a\u202eb\u202cc', 'abc'],
    ['whitespace runs collapse and trim', '  a\n\n\tb \u3000 c ', 'a b c'],
    ['ligatures decompose', 'ﬁnd', 'find'],
  ])('%s', (_name, input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });
});
