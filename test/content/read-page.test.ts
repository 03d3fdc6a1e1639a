import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { readOffPage } from '../../entrypoints/content/read-off-page';
import { exceedsBudget, PAGE_BUDGET, type BudgetExcess } from '../../src/page-reading/page-budget';
import { pageHtml, readHtml, readWithinBudget } from '../../src/page-reading/read-page';
import { parseHtml } from '../../src/extract/parse-html';
import { MAX_HTML_CHARS, MAX_TEXT_CHARS, MessageError, type PageReading } from '../../src/messaging';
import { MAX_TITLE_LENGTH } from '../../src/store/page';
import { cjkRunPage, deepMarkupPage } from '../support/hostile-pages';

const FIXTURES = resolve(import.meta.dirname, '../fixtures');
const URL = 'https://news.example.com/story';

function fixture(path: string): Document {
  return parseHtml(readFileSync(resolve(FIXTURES, path), 'utf8'), URL);
}

function blank(): Document {
  return parseHtml('<!DOCTYPE html><html><head><title>t</title></head><body></body></html>', URL);
}

/** `levels` nested divs under <body>: the deepest div is at depth levels + 1 below <html>. */
function tower(levels: number): Document {
  const doc = blank();
  let node: Element = doc.body;
  for (let i = 0; i < levels; i++) node = node.appendChild(doc.createElement('div'));
  node.textContent = 'top';
  return doc;
}

function withChildren(count: number, make: (doc: Document, i: number) => Node): Document {
  const doc = blank();
  const holder = doc.body.appendChild(doc.createElement('div'));
  for (let i = 0; i < count; i++) holder.appendChild(make(doc, i));
  return doc;
}

describe('exceedsBudget: which pages the content script refuses to read', () => {
  test.each<[string, BudgetExcess | undefined, () => Document]>([
    ['a real article', undefined, () => fixture('pages/en-ehow-steps/source.html')],
    ['the hostile-markup article', undefined, () => fixture('hostile/markup-title/source.html')],
    ['nesting at the limit (512 below <html>)', undefined, () => tower(PAGE_BUDGET.maxDepth - 1)],
    ['one level deeper', 'depth', () => tower(PAGE_BUDGET.maxDepth)],
    ['10,000 levels written as markup (a browser parser would cap them; linkedom keeps them)', 'depth', () => parseHtml(deepMarkupPage(10_000), URL)],
    ['10,000 levels built by script', 'depth', () => tower(10_000)],
    [`${PAGE_BUDGET.maxElements} elements (<html>, <head>, <title>, <body> and a <div> included)`, undefined, () => withChildren(PAGE_BUDGET.maxElements - 5, (doc) => doc.createElement('span'))],
    ['one element more', 'elements', () => withChildren(PAGE_BUDGET.maxElements - 4, (doc) => doc.createElement('span'))],
    ['text just under the limit', undefined, () => withChildren(1, (doc) => doc.createTextNode('x'.repeat(PAGE_BUDGET.maxTextChars - 5)))],
    ['50 MB of text in one node', 'text', () => withChildren(1, (doc) => doc.createTextNode('x'.repeat(50_000_000)))],
    ['6 MB of inline JSON in a script is not reading matter', undefined, () => withChildren(1, (doc) => {
      const script = doc.createElement('script');
      script.textContent = JSON.stringify({ data: 'x'.repeat(6_000_000) });
      return script;
    })],
    ['a flood of empty text nodes', 'nodes', () => withChildren(PAGE_BUDGET.maxNodes, (doc) => doc.createTextNode(''))],
  ])('%s → %s', (_name, expected, make) => {
    expect(exceedsBudget(make())).toBe(expected);
  });

  test('stops at the first limit crossed: 50 MB in 50,000 paragraphs is judged after reading ~5 MB of it', () => {
    const paragraph = 'The quick brown fox jumps over the lazy dog. '.repeat(22);
    const doc = withChildren(50_000, (d) => {
      const p = d.createElement('p');
      p.appendChild(d.createTextNode(paragraph));
      return p;
    });
    const started = performance.now();
    expect(exceedsBudget(doc, { ...PAGE_BUDGET, maxElements: Infinity, maxNodes: Infinity })).toBe('text');
    // Generous for a loaded CI machine; it takes a few milliseconds.
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('readWithinBudget: what the content script sends', () => {
  test('hostile markup stays text: the title as the page wrote it, no javascript: canonical URL', () => {
    const reading = readWithinBudget(fixture('hostile/markup-title/source.html'), URL);
    expect(reading.kind).toBe('page');
    if (reading.kind !== 'page') return;
    expect(reading.page.title).toContain('<img src=/pwned/title onerror=');
    expect(reading.page.title).toContain('\u202Etxt.exe');
    expect(reading.page.text).toContain("<script>fetch('/pwned/text')</script>");
    expect(reading.page.canonicalUrl).toBeUndefined();
    expect(reading.page.url).toBe(URL);
  });

  test.each<[string, string, () => Document]>([
    ['a page over the budget (10,000 levels)', 'too_large', () => tower(10_000)],
    ['a page over the budget (50 MB of text)', 'too_large', () => withChildren(1, (doc) => doc.createTextNode('x'.repeat(50_000_000)))],
    ['an empty page', 'no_article', blank],
    ['a page extraction throws on', 'no_article', () => {
      const doc = fixture('hostile/markup-title/source.html');
      doc.cloneNode = () => {
        throw new RangeError('Maximum call stack size exceeded');
      };
      return doc;
    }],
  ])('%s is skipped as %s', (_name, reason, make) => {
    expect(readWithinBudget(make(), URL)).toEqual({ kind: 'skip', reason });
  });

  test('a 100,000-character CJK run without punctuation is read whole', () => {
    const reading = readWithinBudget(parseHtml(cjkRunPage(100_000), URL), URL);
    expect(reading.kind === 'page' && reading.page.text.length).toBe(100_000);
  });

  test('text and title are capped at the message limits', () => {
    const doc = parseHtml(`<html><head><title>${'T'.repeat(5_000)}</title></head><body><pre>${'word '.repeat(250_000)}</pre></body></html>`, URL);
    const reading = readWithinBudget(doc, URL);
    expect(reading.kind).toBe('page');
    if (reading.kind !== 'page') return;
    expect(reading.page.title).toHaveLength(MAX_TITLE_LENGTH);
    expect(reading.page.text.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
  });
});

function inlineScript(doc: Document, code: string): Element {
  const script = doc.createElement('script');
  script.textContent = code;
  return script;
}

function longAttribute(doc: Document, value: string): Element {
  const div = doc.createElement('div');
  div.setAttribute('data-state', value);
  return div;
}

describe('readOffPage: the page serialises itself and is read elsewhere', () => {
  const elsewhere: PageReading = { kind: 'page', page: { url: URL, title: 'read elsewhere', text: 'text' } };
  const here: PageReading = { kind: 'page', page: { url: URL, title: 'read here', text: 'text' } };

  test.each<[string, () => Document, () => Promise<PageReading>, PageReading, 'sent' | 'not sent', 'read here' | 'not read here']>([
    ['a page within budget goes to the background', () => fixture('pages/en-ehow-steps/source.html'), async () => elsewhere, elsewhere, 'sent', 'not read here'],
    ['a page over budget is skipped without serialising or reading it', () => tower(PAGE_BUDGET.maxDepth + 5), async () => elsewhere, { kind: 'skip', reason: 'too_large' }, 'not sent', 'not read here'],
    ['the background cannot read it (no offscreen document, no DOM) or does not answer: the page reads itself', () => fixture('pages/en-ehow-steps/source.html'), async () => Promise.reject(new MessageError('no offscreen')), here, 'sent', 'read here'],
    ['HTML longer than a message may carry (an attribute, not text): the page reads itself', () => withChildren(1, (doc) => longAttribute(doc, 'x'.repeat(MAX_HTML_CHARS))), async () => elsewhere, here, 'not sent', 'read here'],
    ['an inline script as long goes without its body (extraction never reads it)', () => withChildren(1, (doc) => inlineScript(doc, 'x'.repeat(MAX_HTML_CHARS))), async () => elsewhere, elsewhere, 'sent', 'not read here'],
  ])('%s', async (_name, page, answer, expected, sent, readHere) => {
    const send = vi.fn(answer);
    const readHereFn = vi.fn(() => here);
    await expect(readOffPage(URL, { doc: page(), send, readHere: readHereFn })).resolves.toEqual(expected);
    expect(send.mock.calls.length > 0 ? 'sent' : 'not sent').toBe(sent);
    expect(readHereFn.mock.calls.length > 0 ? 'read here' : 'not read here').toBe(readHere);
  });

  test('what is sent reads as the page itself does', async () => {
    const doc = fixture('pages/en-ehow-steps/source.html');
    let sent = '';
    await readOffPage(URL, { doc, send: async (_url, html) => ((sent = html), elsewhere) });
    expect(sent.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(readHtml(sent, URL, (html) => parseHtml(html, URL))).toEqual(readWithinBudget(doc, URL));
  });

  test('a page without a doctype is sent without one (quirks mode stays quirks mode)', () => {
    const doc = parseHtml('<html><head></head><body><p>Hi</p></body></html>', URL);
    expect(pageHtml(doc)).toBe('<html><head></head><body><p>Hi</p></body></html>');
  });
});

describe('readHtml: the page read from its HTML, on a parse of its own', () => {
  test.each<[string, string, number]>([
    ['an article: parsed once, and Readability works on that parse', 'pages/en-ehow-steps/source.html', 1],
    ['a fragment of a page with no article: parsed again for the page-text fallback', 'pages/zh-cwc-forum-error/source.html', 2],
  ])('%s', (_name, path, parses) => {
    const html = readFileSync(resolve(FIXTURES, path), 'utf8');
    const parse = vi.fn((h: string) => parseHtml(h, URL));
    const reading = readHtml(html, URL, parse);
    expect(parse).toHaveBeenCalledTimes(parses);
    expect(reading).toEqual(readWithinBudget(parseHtml(html, URL), URL));
  });
});
