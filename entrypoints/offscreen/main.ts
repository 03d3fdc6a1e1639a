import { browser } from 'wxt/browser';
import { OFFSCREEN_REQUESTS, parseRequest } from '../../src/message-validation';
import type { Envelope, PageReading } from '../../src/messaging';
import { readHtml } from '../../src/page-reading/read-page';

/**
 * The offscreen document (Chromium): reads pages from the HTML their content
 * script sends through the background, so that extraction runs here and not
 * on the page's main thread. Every extension context also hears the content
 * scripts' own messages: only `offscreen-read` is answered here, the rest is
 * left to the background.
 */
browser.runtime.onMessage.addListener((raw: unknown, sender: { id?: string }, sendResponse: (reply: Envelope<PageReading>) => void) => {
  if ((raw as { type?: unknown } | null)?.type !== 'offscreen-read' || sender.id !== browser.runtime.id) return false;
  try {
    const request = parseRequest(raw, OFFSCREEN_REQUESTS);
    if (request.type === 'offscreen-read') sendResponse({ ok: true, value: readHtml(request.html, request.url) });
  } catch (error) {
    sendResponse({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
  return true;
});
