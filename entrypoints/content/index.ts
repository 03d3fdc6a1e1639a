import { defineContentScript } from 'wxt/utils/define-content-script';
import { createNotice } from './notice';
import { watchPage } from './page-watcher';
import { readOffPage } from './read-off-page';
// The ::highlight() rule of "Show copied parts", in the manifest with the script where it is declared (Firefox).
import '../../src/page-reading/copied-highlight.css';

/**
 * Runs in every http(s) page. In Chromium the background injects it once the
 * page has loaded (src/background/content-injection.ts): a content script
 * declared in the manifest enters the page as soon as its DOM is parsed,
 * inside the page's load. Firefox, where that cost is not measured, keeps the
 * declared one (`document_idle`). Either way it reads the page only after
 * `load` (page-loaded.ts). The background decides whether the page may be
 * read (excluded sites, automatic mode, incognito) before any text is
 * extracted. The article is extracted off the page's main thread: in
 * Chromium's offscreen document, in Firefox's background page
 * (src/background/html-reader.ts); the page only serialises its DOM.
 */
export default defineContentScript({
  // Injected at runtime, `matches` become the host permissions the injection needs.
  matches: ['http://*/*', 'https://*/*'],
  registration: { chrome: 'runtime', firefox: 'manifest' },
  runAt: 'document_idle',
  main(ctx) {
    watchPage(ctx, { notice: createNotice(), read: (url) => readOffPage(url) });
  },
});
