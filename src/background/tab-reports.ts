import { storage } from 'wxt/utils/storage';
import { MAX_REPORTED_MATCHES, type PageReport } from '../messaging';

/**
 * The last report for each open tab, for the popup. Kept in `storage.session`
 * so it survives the service worker being stopped, and is gone when the
 * browser closes; tabs are forgotten when they close.
 */
export interface TabReports {
  get(tabId: number): Promise<PageReport | null>;
  set(tabId: number, report: PageReport): Promise<void>;
  remove(tabId: number): Promise<void>;
  /** Forgets every tab's report (they name pages of the history); resolves to the tabs that had one. */
  clear(): Promise<number[]>;
}

const KEY_PREFIX = 'tab-report:';

type SessionArea = Pick<typeof storage, 'getItem' | 'setItem' | 'removeItem' | 'removeItems' | 'snapshot'>;

export function sessionTabReports(area: SessionArea = storage): TabReports {
  const key = (tabId: number) => `session:${KEY_PREFIX}${tabId}` as const;
  return {
    get: (tabId) => area.getItem<PageReport>(key(tabId)),
    set: (tabId, report) => area.setItem(key(tabId), boundedReport(report)),
    remove: (tabId) => area.removeItem(key(tabId)),
    async clear() {
      const tabIds = Object.keys(await area.snapshot('session'))
        .filter((name) => name.startsWith(KEY_PREFIX))
        .map((name) => Number(name.slice(KEY_PREFIX.length)));
      await area.removeItems(tabIds.map(key));
      return tabIds;
    },
  };
}

/**
 * The report as a tab keeps it: no more than MAX_REPORTED_MATCHES copies
 * (PageChecker already picks the nearest), so one tab's state stays small
 * whatever produced the report; `matchCount` still says how many there were.
 */
export function boundedReport(report: PageReport): PageReport {
  return report.matches.length <= MAX_REPORTED_MATCHES ? report : { ...report, matches: report.matches.slice(0, MAX_REPORTED_MATCHES) };
}
