import { describe, expect, test } from 'vitest';
import { parseHtml } from '../../src/extract/parse-html';

/** The tree's outline: element names from the root down to <body>'s children. */
function outline(doc: Document): string {
  const root = doc.documentElement;
  const head = root.firstElementChild;
  const body = head?.nextElementSibling;
  const kids = Array.from(body?.children ?? []).map((e) => e.localName);
  return `${root.localName}>${head?.localName}+${body?.localName}[${kids.join(',')}]`;
}

describe('parseHtml builds the tree a browser would', () => {
  test.each([
    ['a normal page', '<!DOCTYPE html><html><head><title>T</title></head><body><p>x</p></body></html>', 'html>head+body[p]', 'T'],
    ['a page saved inside a wrapper element', '<text id="u"><html><head><title>T</title></head><body><p>x</p></body></html></text>', 'html>head+body[p]', 'T'],
    ['a fragment', '<p>one</p><p>two</p>', 'html>head+body[p,p]', ''],
    ['no head or body tags', '<html lang="en"><title>T</title><p>z</p></html>', 'html>head+body[p]', 'T'],
    ['content before <head>', '<html><div>early</div><head><title>T</title></head><body><p>x</p></body></html>', 'html>head+body[div,p]', 'T'],
    ['content after </body>', '<html><head></head><body><p>x</p></body><p>late</p></html>', 'html>head+body[p,p]', ''],
    ['plain text', 'just words', 'html>head+body[]', ''],
    ['nothing', '', 'html>head+body[]', ''],
  ])('%s', (_name, html, expected, title) => {
    const doc = parseHtml(html);
    expect(outline(doc)).toBe(expected);
    expect(doc.querySelector('title')?.textContent ?? '').toBe(title);
  });

  test('text is kept in order when the tree is rebuilt', () => {
    const doc = parseHtml('<text><html><body><p>a &amp; b &lt;c&gt;</p>tail</body></html></text>');
    expect(doc.documentElement.textContent).toBe('a & b <c>tail');
  });

  test('attributes of <html> and <body> survive a rebuild', () => {
    const doc = parseHtml('<text><html lang="zh-Hans" dir="ltr"><body class="article">x</body></html></text>');
    expect(doc.documentElement.getAttribute('lang')).toBe('zh-Hans');
    expect(doc.documentElement.getAttribute('dir')).toBe('ltr');
    expect(doc.querySelector('body')?.getAttribute('class')).toBe('article');
  });

  test('the URL, when given, is the document address', () => {
    const doc = parseHtml('<p>x</p>', 'https://example.org/a');
    expect([doc.URL, doc.documentURI, doc.baseURI]).toEqual(['https://example.org/a', 'https://example.org/a', 'https://example.org/a']);
  });
});
