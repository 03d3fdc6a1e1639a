import { browser } from 'wxt/browser';
import { MessageError, type PageReading } from '../messaging';
import { sendMessage } from '../protocol';
import { readHtml } from '../page-reading/read-page';

/** Where WXT writes the offscreen document (entrypoints/offscreen/index.html). */
export const OFFSCREEN_PAGE = '/offscreen.html';

/** The part of Chromium's `offscreen` API this uses (absent in Firefox). */
export interface OffscreenApi {
  createDocument(parameters: { url: string; reasons: string[]; justification: string }): Promise<void>;
}

/** The background's own `DOMParser`: a page's in Firefox's MV2 background, none in Chromium's service worker. */
export type DomParserClass = new () => Pick<DOMParser, 'parseFromString'>;

/** Reads a page's article from the HTML its content script sent. */
export type HtmlReader = (url: string, html: string) => Promise<PageReading>;

export interface HtmlReaderDeps {
  /** Null where the browser has none. */
  offscreen?: OffscreenApi | null;
  /** Asks the offscreen document to read the page. */
  ask?: (url: string, html: string) => Promise<PageReading>;
  /** Null where the background has no DOM. */
  domParser?: DomParserClass | null;
}

/**
 * Reads a page's article from its HTML outside the page, so that the page's
 * own main thread only serialises its DOM: extraction there took p50 29 ms,
 * p95 84 ms and up to hundreds on long pages (docs/performance.md, page impact).
 *
 * - Chromium: in the offscreen document, since its background is a service
 *   worker without a DOM.
 * - Firefox: in the background itself, whose MV2 background is a page with
 *   a DOMParser, with the same `readHtml` the offscreen document runs.
 *
 * Where there is neither, throws a MessageError; the content script then
 * reads in the page.
 */
export function htmlReader({
  offscreen = (browser as unknown as { offscreen?: OffscreenApi }).offscreen ?? null,
  ask = (url, html) => sendMessage({ type: 'offscreen-read', url, html }),
  domParser = (globalThis as { DOMParser?: DomParserClass }).DOMParser ?? null,
}: HtmlReaderDeps = {}): HtmlReader {
  if (offscreen) return offscreenDocumentReader(offscreen, ask);
  if (domParser) {
    const Parser = domParser;
    return async (url, html) => readHtml(html, url, (h) => new Parser().parseFromString(h, 'text/html'));
  }
  return async () => {
    throw new MessageError('this browser has neither offscreen documents nor a DOM in the background');
  };
}

/**
 * The offscreen document is created on the first page and kept: creating
 * one costs more than a page's reading.
 */
function offscreenDocumentReader(offscreen: OffscreenApi, ask: (url: string, html: string) => Promise<PageReading>): HtmlReader {
  let created: Promise<void> | undefined;
  return async (url, html) => {
    // "Only a single offscreen document may be created": after a worker restart the
    // document may still be there, which is what is wanted; any other failure
    // shows as no answer below.
    created ??= offscreen
      .createDocument({ url: OFFSCREEN_PAGE, reasons: ['DOM_PARSER'], justification: 'Reads the article of a page from its HTML, off the page\'s main thread.' })
      .catch(() => {});
    await created;
    try {
      return await ask(url, html);
    } catch (error) {
      // The document may have gone (closed, crashed): the next page creates it again.
      created = undefined;
      throw error;
    }
  };
}
