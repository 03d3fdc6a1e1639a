import { defineContentScript } from 'wxt/utils/define-content-script';
import { createNotice } from './notice';
import { watchPage } from './page-watcher';
import { readOffPage } from './read-off-page';

/**
 * Runs in every http(s) page once it is idle. The background decides whether
 * the page may be read (excluded sites, automatic mode, incognito) before any
 * text is extracted. The article is extracted off the page's main thread: in
 * Chromium's offscreen document, in Firefox's background page
 * (src/background/html-reader.ts); the page only serialises its DOM.
 */
export default defineContentScript({
  matches: ['http://*/*', 'https://*/*'],
  runAt: 'document_idle',
  main(ctx) {
    watchPage(ctx, { notice: createNotice(), read: (url) => readOffPage(url) });
  },
});
