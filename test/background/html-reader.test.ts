import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, test, vi } from 'vitest';
import { OFFSCREEN_PAGE, htmlReader, type DomParserClass, type OffscreenApi } from '../../src/background/html-reader';
import { parseHtml } from '../../src/extract/parse-html';
import { MessageError, type PageReading } from '../../src/messaging';
import { readHtml } from '../../src/page-reading/read-page';

const READING: PageReading = { kind: 'page', page: { url: 'https://e.com/a', title: 'A', text: 'words' } };
const PAGES = resolve(import.meta.dirname, '../fixtures/pages');
const URL = 'https://news.example.com/story';

function offscreen(create: OffscreenApi['createDocument'] = async () => {}) {
  return { createDocument: vi.fn(create) };
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
    const html = '<!DOCTYPE html><html><head><title>t</title></head><body><p>Hi</p></body></html>';
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

describe('htmlReader in Chromium: the offscreen document', () => {
  it('creates the offscreen document once, for DOM parsing, and asks it for every page', async () => {
    const api = offscreen();
    const ask = vi.fn(async () => READING);
    const read = htmlReader({ offscreen: api, ask });
    await expect(read('https://e.com/a', '<p>a</p>')).resolves.toEqual(READING);
    await read('https://e.com/b', '<p>b</p>');
    expect(api.createDocument).toHaveBeenCalledOnce();
    expect(api.createDocument).toHaveBeenCalledWith(expect.objectContaining({ url: OFFSCREEN_PAGE, reasons: ['DOM_PARSER'] }));
    expect(ask.mock.calls).toEqual([['https://e.com/a', '<p>a</p>'], ['https://e.com/b', '<p>b</p>']]);
  });

  it('a document left from before a worker restart is used as it is', async () => {
    const api = offscreen(async () => {
      throw new Error('Only a single offscreen document may be created.');
    });
    const read = htmlReader({ offscreen: api, ask: async () => READING });
    await expect(read('https://e.com/a', '<p>a</p>')).resolves.toEqual(READING);
  });

  it('a document that does not answer is created again for the next page', async () => {
    const api = offscreen();
    const ask = vi.fn(async () => READING).mockRejectedValueOnce(new MessageError('Could not establish connection'));
    const read = htmlReader({ offscreen: api, ask });
    await expect(read('https://e.com/a', '<p>a</p>')).rejects.toThrow(MessageError);
    await expect(read('https://e.com/b', '<p>b</p>')).resolves.toEqual(READING);
    expect(api.createDocument).toHaveBeenCalledTimes(2);
  });
});
