import { listen } from '../../src/protocol';
import { readHtml } from '../../src/page-reading/read-page';

/**
 * The offscreen document (Chromium): reads pages from the HTML their content
 * script sends through the background, so that extraction runs here and not
 * on the page's main thread. It also hears the content scripts' own
 * messages, and leaves them to the background (src/protocol.ts, `listen`).
 */
listen('offscreen', { 'offscreen-read': async ({ url, html }) => readHtml(html, url) });
