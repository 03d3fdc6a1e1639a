import { defineContentScript } from 'wxt/utils/define-content-script';
import { createNotice } from './notice';
import { watchPage } from './page-watcher';
import { readWithinBudget } from '../../src/page-reading/read-page';
import { readOffPage } from './read-off-page';

/**
 * Runs in every http(s) page once it is idle. The background decides whether
 * the page may be read (excluded sites, automatic mode, incognito) before any
 * text is extracted. In Chromium the article is extracted in the offscreen
 * document, off the page's main thread; Firefox has no offscreen documents,
 * so there the page reads itself.
 */
export default defineContentScript({
  matches: ['http://*/*', 'https://*/*'],
  runAt: 'document_idle',
  main(ctx) {
    const read = import.meta.env.FIREFOX ? (url: string) => readWithinBudget(document, url) : (url: string) => readOffPage(url);
    watchPage(ctx, { notice: createNotice(), read });
  },
});
