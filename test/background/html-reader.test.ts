import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { htmlReader, type DomParserClass } from '../../src/background/html-reader';
import { OffscreenDocument } from '../../src/background/offscreen-document';
import { parseHtml } from '../../src/extract/parse-html';
import { MessageError, type PageReading } from '../../src/messaging';
import { readHtml } from '../../src/page-reading/read-page';

const READING: PageReading = { kind: 'page', page: { url: 'https://e.com/a', title: 'A', text: 'words' } };
const PAGES = resolve(import.meta.dirname, '../fixtures/pages');
const URL = 'https://news.example.com/story';

function offscreen() {
  return new OffscreenDocument({ createDocument: async () => {}, closeDocument: async () => {} }, { setTimer: () => undefined, clearTimer: () => {} });
}

/** A background DOMParser for Node: linkedom through parseHtml, as the other extraction tests parse. */
function backgroundDomParser() {
  const parsed: [html: string, type: DOMParserSupportedType][] = [];
  const Parser: DomParserClass = class {
    parseFromString(html: string, type: DOMParserSupportedType): Document {
      parsed.push([html, type]);
      return parseHtml(html);
    }
  };
  return { Parser, parsed };
}

describe('htmlReader: where the background reads a page\'s HTML', () => {
  test.each<[string, 'offscreen document' | 'background DOM' | 'refused: the page reads itself', boolean, boolean]>([
    ['Chromium: an offscreen API, no DOM in the service worker', 'offscreen document', true, false],
    ['an offscreen API and a DOM', 'offscreen document', true, true],
    ['Firefox (MV2): no offscreen API, a background page with DOMParser', 'background DOM', false, true],
    ['neither', 'refused: the page reads itself', false, false],
  ])('%s → %s', async (_name, expected, hasOffscreen, hasDom) => {
    const ask = vi.fn(async () => READING);
    const { Parser, parsed } = backgroundDomParser();
    const read = htmlReader({ offscreen: hasOffscreen ? offscreen() : null, ask, domParser: hasDom ? Parser : null });
    // An article: a page without one is parsed a second time, for the page-text fallback.
    const html = `<!DOCTYPE html><html><head><title>t</title></head><body><article><p>${'The ferry left at dawn, loaded with bicycles and crates of apples. '.repeat(10)}</p></article></body></html>`;
    const outcome = await read(URL, html).then(
      () => (ask.mock.calls.length > 0 ? 'offscreen document' : parsed.length > 0 ? 'background DOM' : 'neither'),
      (error: unknown) => (error instanceof MessageError ? 'refused: the page reads itself' : String(error)),
    );
    expect(outcome).toBe(expected);
    if (expected === 'background DOM') expect(parsed).toEqual([[html, 'text/html']]);
  });

  test.each(readdirSync(PAGES, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name))(
    'in the background DOM, %s reads as the offscreen document reads it',
    async (page) => {
      const html = readFileSync(resolve(PAGES, page, 'source.html'), 'utf8');
      const reading = await htmlReader({ offscreen: null, domParser: backgroundDomParser().Parser })(URL, html);
      expect(reading.kind).toBe('page');
      expect(reading).toEqual(readHtml(html, URL, (h) => parseHtml(h)));
    },
  );
});
