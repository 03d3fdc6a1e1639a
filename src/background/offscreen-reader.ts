import { browser } from 'wxt/browser';
import { MessageError, sendMessage, type PageReading } from '../messaging';

/** Where WXT writes the offscreen document (entrypoints/offscreen/index.html). */
export const OFFSCREEN_PAGE = '/offscreen.html';

/** The part of Chromium's `offscreen` API this uses (absent in Firefox). */
export interface OffscreenApi {
  createDocument(parameters: { url: string; reasons: string[]; justification: string }): Promise<void>;
}

export interface OffscreenReaderDeps {
  /** Null where the browser has none. */
  offscreen?: OffscreenApi | null;
  /** Asks the offscreen document to read the page. */
  ask?: (url: string, html: string) => Promise<PageReading>;
}

/**
 * Reads a page's article from its HTML in the extension's offscreen document
 * (Chromium), so that the page's own main thread only serialises its DOM:
 * extraction there took a median 21 ms and up to hundreds on long pages
 * (docs/performance.md, page impact). The document is created on the first
 * page and kept: creating one costs more than a page's reading. Throws a
 * MessageError where there is no offscreen API; the content script then
 * reads in the page.
 */
export function offscreenReader({
  offscreen = (browser as unknown as { offscreen?: OffscreenApi }).offscreen ?? null,
  ask = (url, html) => sendMessage({ type: 'offscreen-read', url, html }),
}: OffscreenReaderDeps = {}): (url: string, html: string) => Promise<PageReading> {
  let created: Promise<void> | undefined;
  return async (url, html) => {
    if (!offscreen) throw new MessageError('this browser has no offscreen documents');
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
