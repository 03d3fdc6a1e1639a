import { browser } from 'wxt/browser';
import type { HighlightResult } from '../messaging';
import copiedHighlightCss from '../page-reading/copied-highlight.css?inline';
import { sendTabMessage } from '../protocol';

export interface HighlightInTabDeps {
  /**
   * Whether the page has the ::highlight() rule already: the content script
   * the manifest declares (Firefox) brings it along. Otherwise (Chromium,
   * which injects the script at run time) it is inserted before the parts are
   * sent.
   */
  styled?: boolean;
  /** Adds the rule to the tab as the extension's stylesheet, which the page's DOM does not list. */
  insertCss?: (tabId: number, css: string) => Promise<void>;
  send?: (tabId: number, parts: string[]) => Promise<HighlightResult>;
}

/** Sends the copied parts to a tab's content script to highlight (none clears), their style added first. */
export function highlightInTab({
  styled = false,
  insertCss = (tabId, css) => browser.scripting.insertCSS({ target: { tabId }, css }),
  send = (tabId, parts) => sendTabMessage(tabId, { type: 'highlight-copied', parts }),
}: HighlightInTabDeps = {}): (tabId: number, parts: string[]) => Promise<HighlightResult> {
  return async (tabId, parts) => {
    if (parts.length > 0 && !styled) await insertCss(tabId, copiedHighlightCss);
    return send(tabId, parts);
  };
}
