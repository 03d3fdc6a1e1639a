import { MessageError, type PageReading } from '../messaging';
import { sendMessage } from '../protocol';
import { readHtml } from '../page-reading/read-page';
import { browserOffscreenDocument, type OffscreenDocument } from './offscreen-document';

/** The background's own `DOMParser`: a page's in Firefox's MV2 background, none in Chromium's service worker. */
export type DomParserClass = new () => Pick<DOMParser, 'parseFromString'>;

/** Reads a page's article from the HTML its content script sent. */
export type HtmlReader = (url: string, html: string) => Promise<PageReading>;

export interface HtmlReaderDeps {
  /** The offscreen document (offscreen-document.ts); null where the browser has none. */
  offscreen?: Pick<OffscreenDocument, 'use'> | null;
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
  offscreen = browserOffscreenDocument(),
  ask = (url, html) => sendMessage({ type: 'offscreen-read', url, html }),
  domParser = (globalThis as { DOMParser?: DomParserClass }).DOMParser ?? null,
}: HtmlReaderDeps = {}): HtmlReader {
  if (offscreen) {
    const reader = offscreen;
    return (url, html) => reader.use(() => ask(url, html), html.length);
  }
  if (domParser) {
    const Parser = domParser;
    return async (url, html) => readHtml(html, url, (h) => new Parser().parseFromString(h, 'text/html'));
  }
  return async () => {
    throw new MessageError('this browser has neither offscreen documents nor a DOM in the background');
  };
}
