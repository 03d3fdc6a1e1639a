import { browser } from 'wxt/browser';
import type { HighlightResult } from '../messaging';
import { COPIED_HIGHLIGHT_CSS } from '../page-reading/copied-highlight';
import { sendTabMessage } from '../protocol';

export interface HighlightInTabDeps {
  /** Adds the ::highlight() rule to the tab as the extension's stylesheet, which the page's DOM does not list. */
  insertCss?: (tabId: number, css: string) => Promise<void>;
  send?: (tabId: number, parts: string[]) => Promise<HighlightResult>;
}

/** Sends the copied parts to a tab's content script to highlight (none clears), their style added first. */
export function highlightInTab({
  insertCss = (tabId, css) => browser.scripting.insertCSS({ target: { tabId }, css }),
  send = (tabId, parts) => sendTabMessage(tabId, { type: 'highlight-copied', parts }),
}: HighlightInTabDeps = {}): (tabId: number, parts: string[]) => Promise<HighlightResult> {
  return async (tabId, parts) => {
    if (parts.length > 0) await insertCss(tabId, COPIED_HIGHLIGHT_CSS);
    return send(tabId, parts);
  };
}
