import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import * as OpenCC from 'opencc-js';
import { tify, sify } from 'chinese-conv';
import { describe, expect, test } from 'vitest';
import { generate, TARGET } from '../../scripts/build-script-fold';
import { FOLD_CHARS_FROM, FOLD_CHARS_TO, FOLD_PHRASES_FROM, FOLD_PHRASES_TO } from '../../src/core/script-fold/fold-data';
import { FOLDABLE_UNIT, foldChineseScripts } from '../../src/core/script-fold/fold-scripts';
import { signDocument } from '../../src/core/sign-document';
import { measureText } from '../../src/core/text-length';
import { judge } from '../../src/core/verdict';

const fold = (text: string): string => foldChineseScripts(text.normalize('NFKC').toLowerCase());

test('the checked-in table is what the pinned OpenCC dictionaries give (npm run build:script-fold)', () => {
  expect(readFileSync(TARGET, 'utf8')).toBe(generate());
});

describe('foldChineseScripts', () => {
  test.each([
    ['characters', '頭髮與發展', '头发与发展'],
    ['one-to-many Simplified characters', '乾淨的幹部', '干净的干部'],
    ['Taiwan variants', '臺灣', '台湾'],
    ['Hong Kong variants', '衞生', '卫生'],
    ['着/著, which character tables alone keep apart', '看著', '看着'],
    ['Taiwan vocabulary', '軟體與資訊', '软件与信息'],
    ['a word that means different things on each side (文件: mainland file, Taiwan document)', '檔案', '文件'],
  ])('%s: %s and %s fold to one form', (_name, traditional, simplified) => {
    expect(fold(traditional)).toBe(fold(simplified));
  });

  test('text without CJK characters comes back as the same string', () => {
    const text = 'plain ascii and accents: é, ß';
    expect(foldChineseScripts(text)).toBe(text);
  });

  test('folding twice gives what folding once gives', () => {
    const samples = ['軟體工程師在臺灣使用資訊科技', readFileSync(join(import.meta.dirname, '../fixtures/pages/zh-cwc-netease/expected.txt'), 'utf8')];
    for (const text of samples) expect(fold(fold(text))).toBe(fold(text));
  });

  // The character pass works on code units for speed; this is what it must equal.
  const to = Array.from(FOLD_CHARS_TO);
  const index = new Map(Array.from(FOLD_CHARS_FROM).map((c, i) => [c, i]));
  const phrases = FOLD_PHRASES_FROM.split('|');
  const reference = (text: string): string => Array.from(text).map((c) => (index.has(c) ? to[index.get(c) as number] : c)).join('');
  const units = fc.constantFrom('\ufeff', 'a', ' ', '中', '臺', '灣', '髮', '\ud835', '\udc01', '😀', '𫝈', '㑮', '軟', '體', '資', '訊');
  test('on random strings of table characters, astral characters, lone surrogates and byte-order marks, it equals the plain character map', () => {
    fc.assert(
      fc.property(fc.array(units, { maxLength: 40 }).map((u) => u.join('')), (text) => {
        const characters = reference(text);
        fc.pre(phrases.every((p) => !characters.includes(p)));
        expect(foldChineseScripts(text)).toBe(characters);
      }),
      { numRuns: 3_000 },
    );
  });

  // The phrase pass skips a phrase's first character when no phrase starts with it and the next one; this is what it must equal.
  const phraseTo = FOLD_PHRASES_TO.split('|');
  const longestFirst = phrases.map((phrase, i) => [phrase, phraseTo[i] as string] as const).sort(([a], [b]) => b.length - a.length);
  const referencePhrases = (text: string): string => {
    let out = '';
    for (let i = 0; i < text.length; ) {
      const hit = longestFirst.find(([phrase]) => text.startsWith(phrase, i));
      out += hit ? hit[1] : text[i];
      i += hit ? hit[0].length : 1;
    }
    return out;
  };
  const phraseUnits = fc.constantFrom('乙', '太', '网', '路', '由', '器', '醯', '胺', '酚', 'b', '肝', '超', 'a', 's', 'q', 'l', '注', '入', ' ', '😀');
  test('on random strings of phrase characters (Taiwan words, Latin letters that start some, an emoji), it equals leftmost-longest replacement', () => {
    fc.assert(
      fc.property(fc.array(phraseUnits, { maxLength: 40 }).map((u) => u.join('')), (text) => {
        expect(foldChineseScripts(text)).toBe(referencePhrases(reference(text)));
      }),
      { numRuns: 3_000 },
    );
  });

  test.each([
    ['an emoji in Latin text', 'caf\u00e9 \u{1F600} and a bmw'],
    ['Latin letters that start a phrase (a肝, b超) followed by others', 'a big apple, bsql, c plus'],
    ['lone surrogates around an astral character', '\ud835x\u{1F600}\udc01'],
  ])('%s comes back unchanged', (_name, text) => {
    expect(foldChineseScripts(text)).toBe(text);
  });

  test('FOLDABLE_UNIT, which lets text without it skip the fold, matches every code unit of the tables at or above U+3400 but low surrogates', () => {
    const units = Array.from(FOLD_CHARS_FROM + FOLD_PHRASES_FROM, (c) => c.charCodeAt(0));
    const missed = units.filter((unit) => unit >= 0x3400 && !(unit >= 0xdc00 && unit <= 0xdfff) && !FOLDABLE_UNIT.test(String.fromCharCode(unit)));
    expect(missed.map((unit) => unit.toString(16))).toEqual([]);
    // Every phrase holds such a unit, or a text without one could still hold a phrase.
    expect(FOLD_PHRASES_FROM.split('|').filter((phrase) => !FOLDABLE_UNIT.test(phrase))).toEqual([]);
  });

  test.each([
    ['a byte-order mark', '\ufeffthe article'],
    ['an emoji outside the tables\' surrogates', 'a star \u{1F31F} here'],
    ['full-width forms that NFKC left', 'price \uffe5 100'],
  ])('%s skips the fold: the same string comes back', (_name, text) => {
    expect(FOLDABLE_UNIT.test(text)).toBe(false);
    expect(foldChineseScripts(text)).toBe(text);
  });

  test('every folded character is counted as CJK, so a page without CJK characters signs the same in every scheme', () => {
    const chars = Array.from(FOLD_CHARS_FROM + FOLD_CHARS_TO);
    const counted = chars.filter((c) => measureText(c).cjkChars === 1);
    expect(counted.length).toBe(chars.length);
  });
});

describe('a Chinese article converted to the other script is still a duplicate', () => {
  const fixtures = ['zh-cwc-netease', 'zh-cwc-text-wrapper', 'zh-cwc-legal-notice'];
  const converters: [string, (text: string) => string][] = [
    ['OpenCC s2t', OpenCC.Converter({ from: 'cn', to: 't' })],
    ['OpenCC s2tw with Taiwan phrases', OpenCC.Converter({ from: 'cn', to: 'twp' })],
    ['OpenCC s2hk', OpenCC.Converter({ from: 'cn', to: 'hk' })],
    ['chinese-conv (another converter, other tables)', tify],
  ];
  test.each(fixtures.flatMap((f) => converters.map(([name, convert]) => [f, name, convert] as const)))('%s through %s', (fixture, _name, convert) => {
    const text = readFileSync(join(import.meta.dirname, `../fixtures/pages/${fixture}/expected.txt`), 'utf8');
    const converted = convert(text);
    expect(converted).not.toBe(text);
    expect(judge(signDocument(text), signDocument(converted)).verdict).toBe('duplicate');
    expect(judge(signDocument(converted), signDocument(sify(converted))).verdict).toBe('duplicate');
    // Scheme 1 (before folding) missed it: the test shows what the fold adds.
    expect(judge(signDocument(text, {}, 1), signDocument(converted, {}, 1)).verdict).toBe('different');
  });
});
