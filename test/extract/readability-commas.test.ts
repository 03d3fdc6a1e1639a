import { Readability } from '@mozilla/readability';
import { describe, expect, test } from 'vitest';
import { extractArticle } from '../../src/extract/extract-article';
import { parseHtml } from '../../src/extract/parse-html';
import { countAllCommas } from '../../src/extract/readability-commas';

interface CharCounter {
  _getCharCount: (element: Element, separator?: string) => number;
}

function paragraph(text: string): Element {
  return parseHtml(`<!DOCTYPE html><html><head></head><body><p>${text}</p></body></html>`).querySelector('p') as Element;
}

describe('countAllCommas', () => {
  const doc = parseHtml('<!DOCTYPE html><html><head></head><body></body></html>');

  test.each([
    ['ASCII commas', 'a, b, c', 2],
    ['full-width commas', '河水，冰块，小镇', 2],
    ['both', '河水，冰块, 小镇', 2],
    ['the ideographic enumeration comma is a list separator, not a clause: not counted', '河水、冰块、小镇', 0],
  ])('%s', (_name, text, expected) => {
    const reader = new Readability(doc.cloneNode(true) as Document) as unknown as CharCounter;
    expect(countAllCommas(reader)).toBe(true);
    expect(reader._getCharCount(paragraph(text), ',')).toBe(expected);
    expect(reader._getCharCount(paragraph(text))).toBe(expected);
  });

  test('other separators are counted as before', () => {
    const reader = new Readability(doc.cloneNode(true) as Document) as unknown as CharCounter;
    countAllCommas(reader);
    expect(reader._getCharCount(paragraph('a;b;c'), ';')).toBe(2);
  });

  test('an object of another shape is left alone', () => {
    const other = { _getCharCount: 1 };
    expect(countAllCommas(other)).toBe(false);
    expect(other._getCharCount).toBe(1);
  });

  test('Readability itself is not changed: a new instance counts ASCII commas only', () => {
    countAllCommas(new Readability(doc.cloneNode(true) as Document));
    const fresh = new Readability(doc.cloneNode(true) as Document) as unknown as CharCounter;
    expect(fresh._getCharCount(paragraph('河水，冰块，小镇'), ',')).toBe(0);
  });
});

describe('photo posts with Chinese prose survive conditional cleaning, as English ones do', () => {
  // A blog page: posts of three photos and a long caption each, in cells of their own
  // tables (no <p>: "too many images per paragraph" unless ten commas mark prose),
  // beside a note whose commas happen to be ASCII.
  const clause = (i: number, lang: 'zh' | 'en'): string =>
    lang === 'zh' ? `第${i}张照片里，河水带走了冬天最后的冰块，镇上的人都出来看它流走` : `in photo ${i}, the river carries the last of the winter ice, and the town comes out to watch`;
  const post = (n: number, lang: 'zh' | 'en'): string =>
    `<table><tr><td><img src="a${n}.jpg"><img src="b${n}.jpg"><img src="c${n}.jpg"><br>${Array.from({ length: 12 }, (_, i) => clause(i, lang)).join(lang === 'zh' ? '，' : ', ')}。</td></tr></table>`;
  const page = (lang: 'zh' | 'en'): string =>
    `<!DOCTYPE html><html><head><title>T</title></head><body><div id="posts">${post(1, lang)}${post(2, lang)}${post(3, lang)}<p>${'当版主半年来, 没有功劳也有苦劳, 而一切都怪我太认真. '.repeat(20)}</p></div></body></html>`;

  test.each(['zh', 'en'] as const)('%s', (lang) => {
    const marker = lang === 'zh' ? '河水带走了冬天最后的冰块' : 'the river carries the last of the winter ice';
    const plain = new Readability(parseHtml(page(lang))).parse()?.textContent ?? '';
    // Plain Readability keeps the English posts and drops the Chinese ones…
    expect(plain.includes(marker)).toBe(lang === 'en');
    // …the extension keeps both.
    expect(extractArticle(parseHtml(page(lang)))?.text).toContain(marker);
  });
});
