import { browser } from 'wxt/browser';
import { readPopupRequest } from '../../src/messaging';

/**
 * The tab the popup is about: the active tab of its window, or the one named
 * by `?tabId=` when the popup page is opened in a tab of its own (by the
 * keyboard shortcut and the context menu, by keyboard users and the
 * end-to-end tests).
 */
export async function targetTabId(search: string = location.search): Promise<number> {
  const { tabId } = readPopupRequest(search);
  if (tabId !== undefined) return tabId;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  if (tab?.id === undefined) throw new Error('no active tab');
  return tab.id;
}
