import { browser } from 'wxt/browser';

/**
 * The tab the popup is about: the active tab of its window, or the one named
 * by `?tabId=` when the popup page is opened in a tab of its own (keyboard
 * users and the end-to-end tests do that).
 */
export async function targetTabId(search: string = location.search): Promise<number> {
  const fromQuery = Number(new URLSearchParams(search).get('tabId'));
  if (Number.isSafeInteger(fromQuery) && fromQuery > 0) return fromQuery;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  if (tab?.id === undefined) throw new Error('no active tab');
  return tab.id;
}
