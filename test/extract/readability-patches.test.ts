/**
 * src/extract/readability-patches.ts: what each patch changes, and that the
 * installed Readability is the one the patches were checked against.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Readability } from '@mozilla/readability';
import { describe, expect, test } from 'vitest';
import { articleText } from '../../src/extract/article-text';
import { extractArticle } from '../../src/extract/extract-article';
import { parseHtml } from '../../src/extract/parse-html';
import { PATCHED_MEMBERS, READABILITY_VERSION, countAllCommas, skipDisplayTidying } from '../../src/extract/readability-patches';

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

// An article with what the tidying would change: relative addresses, a javascript: link,
// classes, an empty wrapper and a wrapper around a single block.
const PAGE = `<!DOCTYPE html><html><head><title>Tidy</title></head><body><article class="post">
  <h1>On rivers</h1>
  <div class="wrap"><div class="inner"><p class="lead">${'The river carries the last of the winter ice, and the town comes out to watch it go. '.repeat(4)}</p></div></div>
  <div class="empty">   </div>
  <p>See <a href="/rivers/ice.html">the ice pictures</a>, <a href="javascript:void(0)">open the <b>map</b></a> or <img src="thaw.jpg" alt="">read on.</p>
  <p>${'Spring arrives late in the valley, and the ferry waits for the channel to clear before its first crossing. '.repeat(4)}</p>
</article></body></html>`;

function read(tidy: boolean) {
  const reader = new Readability<Node>(parseHtml(PAGE, 'https://example.org/news/story.html'), { serializer: (node) => node });
  if (!tidy) expect(skipDisplayTidying(reader)).toBe(true);
  const content = reader.parse()?.content as Element;
  return { text: articleText(content), link: content.querySelector('a')?.getAttribute('href'), classes: content.querySelectorAll('[class]').length };
}

describe('skipDisplayTidying', () => {
  test('the article keeps its addresses and classes as the page wrote them', () => {
    const tidied = read(true);
    const untidied = read(false);
    expect([tidied.link, untidied.link]).toEqual(['https://example.org/rivers/ice.html', '/rivers/ice.html']);
    // Readability keeps its own "page" class on the wrapper it adds.
    expect(untidied.classes).toBeGreaterThan(tidied.classes);
  });

  test('the text is the same as with the tidying', () => {
    expect(read(false).text).toBe(read(true).text);
    expect(read(false).text).toContain('open the map or read on.');
  });

  test('an object of another shape is left alone', () => {
    const other = { _postProcessContent: 1 };
    expect(skipDisplayTidying(other)).toBe(false);
    expect(other._postProcessContent).toBe(1);
  });
});

/**
 * SHA-256 (first 16 hex digits) of each patched member's source in
 * Readability 0.6.0, and of its comma pattern. An upgrade that changes one
 * fails here: re-check the patch against the new code, then update the value.
 */
const UPSTREAM_SOURCE: Record<(typeof PATCHED_MEMBERS)[number] | 'REGEXPS.commas', string> = {
  _getCharCount: '28efa7968eba687e',
  _getInnerText: 'ecd0da6a46e638da',
  _postProcessContent: '28a3bf7155a03f33',
  _cleanConditionally: 'b68baef74bdf19aa',
  'REGEXPS.commas': '12747cd883a728c6',
};

function sourceHash(source: string): string {
  return createHash('sha256').update(source).digest('hex').slice(0, 16);
}

describe('the Readability the patches were checked against', () => {
  const prototype = Readability.prototype as unknown as Record<string, unknown> & { REGEXPS: { commas: RegExp } };

  test(`is the one installed and the one package.json pins (${READABILITY_VERSION})`, () => {
    const installed = JSON.parse(readFileSync(new URL('../../node_modules/@mozilla/readability/package.json', import.meta.url), 'utf8')) as { version: string };
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
    expect(installed.version).toBe(READABILITY_VERSION);
    expect(pkg.dependencies['@mozilla/readability']).toBe(READABILITY_VERSION);
  });

  test.each(PATCHED_MEMBERS)('%s is as it was', (member) => {
    expect(typeof prototype[member]).toBe('function');
    expect(sourceHash(String(prototype[member])), `Readability's ${member} changed: re-check src/extract/readability-patches.ts`).toBe(UPSTREAM_SOURCE[member]);
  });

  test('its comma pattern is as it was', () => {
    expect(sourceHash(prototype.REGEXPS.commas.source)).toBe(UPSTREAM_SOURCE['REGEXPS.commas']);
  });
});
