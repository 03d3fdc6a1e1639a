import type { PageReading } from '../messaging';
import { sendTabMessage } from '../protocol';
import { contentInjector, type ContentScriptEnsurer } from './content-injection';

export interface TabExtractorDeps {
  askTab?: (tabId: number) => Promise<PageReading>;
  injectContentScript?: ContentScriptEnsurer;
}

/**
 * Gets the article of a tab from its content script. A page has none yet
 * while it loads (it is injected after `load`), nor in tabs the background
 * did not read when it started (open before the install or update on an
 * excluded site, or with automatic mode off: open-tabs.ts): then, with the
 * `activeTab` grant the user gave by opening the popup, the content script is
 * injected and asked again.
 */
export function tabExtractor({
  askTab = (tabId) => sendTabMessage(tabId, { type: 'extract' }),
  injectContentScript = contentInjector(),
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
