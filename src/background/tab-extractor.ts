import { browser } from 'wxt/browser';
import { sendTabMessage, type PageReading } from '../messaging';

/** Where WXT writes the content script (entrypoints/content/index.ts). */
export const CONTENT_SCRIPT_FILE = '/content-scripts/content.js';

export interface TabExtractorDeps {
  askTab?: (tabId: number) => Promise<PageReading>;
  injectContentScript?: (tabId: number) => Promise<unknown>;
}

/**
 * Gets the article of a tab from its content script. Tabs opened before the
 * extension was installed (or updated) have none: then, with the `activeTab`
 * grant the user gave by opening the popup, the content script is injected
 * once and asked again.
 */
export function tabExtractor({
  askTab = (tabId) => sendTabMessage(tabId, { type: 'extract' }),
  injectContentScript = (tabId) => browser.scripting.executeScript({ target: { tabId }, files: [CONTENT_SCRIPT_FILE] }),
}: TabExtractorDeps = {}): (tabId: number) => Promise<PageReading> {
  return async (tabId) => {
    try {
      return await askTab(tabId);
    } catch {
      await injectContentScript(tabId);
      return askTab(tabId);
    }
  };
}
