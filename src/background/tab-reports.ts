import { storage } from 'wxt/utils/storage';
import type { PageReport } from '../messaging';

/**
 * The last report for each open tab, for the popup. Kept in `storage.session`
 * so it survives the service worker being stopped, and is gone when the
 * browser closes; tabs are forgotten when they close.
 */
export interface TabReports {
  get(tabId: number): Promise<PageReport | null>;
  set(tabId: number, report: PageReport): Promise<void>;
  remove(tabId: number): Promise<void>;
}

export function sessionTabReports(area: Pick<typeof storage, 'getItem' | 'setItem' | 'removeItem'> = storage): TabReports {
  const key = (tabId: number) => `session:tab-report:${tabId}` as const;
  return {
    get: (tabId) => area.getItem<PageReport>(key(tabId)),
    set: (tabId, report) => area.setItem(key(tabId), report),
    remove: (tabId) => area.removeItem(key(tabId)),
  };
}
