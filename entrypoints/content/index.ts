import { defineContentScript } from 'wxt/utils/define-content-script';
import { createNotice } from './notice';
import { watchPage } from './page-watcher';

/**
 * Runs in every http(s) page once it is idle. The background decides whether
 * the page may be read (excluded sites, automatic mode, incognito) before any
 * text is extracted.
 */
export default defineContentScript({
  matches: ['http://*/*', 'https://*/*'],
  runAt: 'document_idle',
  main(ctx) {
    watchPage(ctx, { notice: createNotice() });
  },
});
