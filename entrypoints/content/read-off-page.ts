import { MAX_HTML_CHARS, type PageReading } from '../../src/messaging';
import { sendMessage } from '../../src/protocol';
import { PAGE_BUDGET, type PageBudget } from '../../src/page-reading/page-budget';
import { pageHtml, readableDocument, readWithinBudget } from '../../src/page-reading/read-page';
import { slimHtml } from '../../src/page-reading/slim-html';

export interface OffPageDeps {
  doc?: Document;
  budget?: PageBudget;
  /** Has the page read elsewhere from its HTML (by the background: src/background/html-reader.ts). */
  send?: (url: string, html: string) => Promise<PageReading>;
  /** Reads the page here, when it cannot be read elsewhere. */
  readHere?: (doc: Document, url: string, budget: PageBudget) => PageReading;
}

/**
 * What the content script sends about its page, read off the page's main
 * thread: the page only checks its budget and serialises its DOM (composing
 * its open shadow roots in first, when it has any) without the script and
 * style bodies extraction never reads (slim-html.ts) (a few
 * milliseconds where extraction takes tens to hundreds), and the background
 * parses and extracts (Chromium's offscreen document, Firefox's background
 * page). Falls back to reading in the page when the HTML is too long for a
 * message (or the message fails), or the background cannot read it (no
 * offscreen document and no DOM) or does not answer.
 */
export async function readOffPage(
  url: string,
  { doc = document, budget = PAGE_BUDGET, send = (u, html) => sendMessage({ type: 'read-html', url: u, html }), readHere = readWithinBudget }: OffPageDeps = {},
): Promise<PageReading> {
  const readable = readableDocument(doc, budget);
  if (!readable) return { kind: 'skip', reason: 'too_large' };
  // Open shadow roots are not in outerHTML: a page with them is sent composed.
  const html = slimHtml(pageHtml(readable));
  if (html.length <= MAX_HTML_CHARS) {
    try {
      return await send(url, html);
    } catch (error) {
      console.debug('[Déjà Lu] reading off the page failed, reading here:', error);
    }
  }
  return readHere(doc, url, budget);
}
