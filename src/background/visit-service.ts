import { normalizeUrl, siteOf } from '../core/url';
import type { ExtractedPage, PageReading, PageReport, PageStatus, SkipReason, VisitResponse } from '../messaging';
import { isSiteExcluded, type Settings } from '../settings';
import { sameBadge, type BadgeResetter, type BadgeSetter } from './badge';
import type { PageChecker } from './page-checker';
import type { RouteLimiter } from './route-limiter';
import type { TabReports } from './tab-reports';
import type { PageSource } from '../store';
import type { WatchedUrls } from '../watch/watched-urls';

export interface TabInfo {
  id: number;
  incognito: boolean;
}

export interface VisitServiceDeps {
  checker: PageChecker;
  loadSettings: () => Promise<Settings>;
  tabReports: TabReports;
  setBadge: BadgeSetter;
  resetBadge: BadgeResetter;
  /** Asks the page in a tab for its article, or why it has none. */
  extractFromTab: (tabId: number) => Promise<PageReading>;
  /** Which automatic checks a page gets: its own, and a few of content swapped in (route-limiter.ts). */
  routes: Pick<RouteLimiter, 'allow' | 'forgetTab' | 'navigated'>;
  /** The addresses of the user's own articles from an imported sitemap (src/watch/watched-urls.ts). */
  watched?: Pick<WatchedUrls, 'has' | 'remove'>;
  now?: () => number;
  /**
   * When the background began to listen, where it runs for the browser's
   * whole session (Firefox's background page): a document whose navigation
   * began before that was open before the extension started (installed,
   * updated, enabled, or a tab restored as the browser started), and its
   * first check adds no visit. Not for Chromium's service worker, which
   * stops and starts many times a session: there readOpenTabs marks such
   * tabs (loadedEarlier).
   */
  startedAt?: number;
}

const NOTHING_WATCHED: Pick<WatchedUrls, 'has' | 'remove'> = { has: async () => false, remove: async () => {} };

/**
 * What happens when a page is opened (automatic mode) or checked from the
 * popup: which pages may be read at all, the lookup, the badge, and the report
 * the popup shows later.
 */
export class VisitService {
  private readonly deps: Required<VisitServiceDeps>;
  /** Per tab, the address of a page loaded before the extension started, until its check (loadedEarlier). */
  private readonly lateReads = new Map<number, string>();

  constructor(deps: VisitServiceDeps) {
    this.deps = { now: Date.now, watched: NOTHING_WATCHED, startedAt: Number.NEGATIVE_INFINITY, ...deps };
  }

  /**
   * Called by the content script before it extracts anything: on excluded sites,
   * with automatic mode off, or in incognito windows (unless allowed) the page's
   * text never leaves the page. The reason is kept for the popup.
   */
  async shouldCheck(url: string, tab: TabInfo): Promise<boolean> {
    const blocked = blockedStatus(url, tab, await this.deps.loadSettings());
    if (blocked) await this.publish(tab.id, this.emptyReport(url, blocked));
    return blocked === undefined;
  }

  /**
   * The page in `tab` at `url` was loaded before its content script arrived
   * (a tab open when the extension started): its next check is not a new
   * visit. Kept in memory; the check follows within seconds. Returns what
   * undoes it.
   */
  loadedEarlier(tabId: number, url: string): () => void {
    const address = normalizeUrl(url) ?? url;
    this.lateReads.set(tabId, address);
    // Its document was committed before the background listened (route-limiter.ts): its own check, not a swap.
    this.deps.routes.navigated(tabId, url);
    return () => {
      if (this.lateReads.get(tabId) === address) this.lateReads.delete(tabId);
    };
  }

  /** Whether a document whose navigation began at `loadedAt` was open before the background started (startedAt). */
  private loadedBeforeStart(loadedAt: number | undefined): boolean {
    return loadedAt !== undefined && loadedAt < this.deps.startedAt;
  }

  /** Whether this check of `url` in `tabId` is the late read of a tab open at start (once). */
  private isLateRead(tabId: number, url: string): boolean {
    if (this.lateReads.get(tabId) !== (normalizeUrl(url) ?? url)) return false;
    this.lateReads.delete(tabId);
    return true;
  }

  /**
   * An automatic visit: looked up, recorded, and flagged when it repeats an
   * earlier article. A `revisit` (reload, restored session, back/forward) or
   * the late read of a tab open at start adds no visit to a page already read.
   */
  async visit(page: ExtractedPage, tab: TabInfo, { revisit = false, ownLoad = false, loadedAt }: { revisit?: boolean; ownLoad?: boolean; loadedAt?: number } = {}): Promise<VisitResponse> {
    const settings = await this.deps.loadSettings();
    // The settings may have changed since `shouldCheck`; they are the background's to enforce.
    const blocked = blockedStatus(page.url, tab, settings)
      // Content swapped in too often says nothing about the history and adds nothing to it.
      ?? (this.deps.routes.allow(tab.id, page.url, ownLoad) ? undefined : 'rate_limited');
    // The badge goes up as soon as the verdict is known, not after the visit's write.
    let badged: PageReport | undefined;
    const onVerdict = async (early: PageReport): Promise<void> => {
      badged = early;
      await this.deps.setBadge(tab.id, early);
    };
    const report = blocked
      ? this.emptyReport(page.url, blocked, page.title)
      : await this.deps.checker.check(page, { ...checkOptions(settings), record: true, countVisit: !(this.isLateRead(tab.id, page.url) || revisit || this.loadedBeforeStart(loadedAt)), source: await this.sourceOf(page.url, 'visit'), onVerdict });
    await this.publish(tab.id, report, badged);
    return { report, showNotice: settings.showNotice && isFlagged(report) };
  }

  /** The content script read nothing (no text, or a page over its budget): the popup and tooltip say why. */
  async skip(url: string, reason: SkipReason, tab: TabInfo): Promise<void> {
    const blocked = blockedStatus(url, tab, await this.deps.loadSettings());
    await this.publish(tab.id, this.emptyReport(url, blocked ?? reason));
  }

  /**
   * "Check this page" in the popup: works on excluded sites and with automatic
   * mode off, because the user asked. Records only when `record` is true.
   */
  async checkTab(tabId: number, record: boolean): Promise<PageReport> {
    const reading = await this.deps.extractFromTab(tabId);
    const settings = await this.deps.loadSettings();
    const report = reading.kind === 'page'
      ? await this.deps.checker.check(reading.page, { ...checkOptions(settings), record, source: await this.sourceOf(reading.page.url, 'manual') })
      : this.emptyReport('', reading.reason);
    await this.publish(tabId, report);
    return report;
  }

  /**
   * "This is my article" in the popup (or taking it back): the tab's page, if
   * the history holds it, changes source; one not recorded yet is read from
   * the tab and recorded as the user's. Unmarking also forgets the address
   * from an imported sitemap, or the next visit would mark it again.
   */
  async markOwn(tabId: number, mine: boolean): Promise<PageReport> {
    const current = await this.deps.tabReports.get(tabId);
    const url = current?.url ?? '';
    const changed = url !== '' && await this.deps.checker.markOwn(url, mine);
    if (!mine) {
      if (url !== '') await this.deps.watched.remove(url);
      if (current === null) return this.emptyReport('', 'no_article');
      const report: PageReport = { ...current };
      delete report.own;
      await this.publish(tabId, report);
      return report;
    }
    if (changed && current !== null) {
      const report: PageReport = { ...current, own: true };
      await this.publish(tabId, report);
      return report;
    }
    const reading = await this.deps.extractFromTab(tabId);
    const settings = await this.deps.loadSettings();
    const report = reading.kind === 'page'
      ? await this.deps.checker.check(reading.page, { ...checkOptions(settings), record: true, source: 'author' })
      : this.emptyReport('', reading.reason);
    await this.publish(tabId, report);
    return report;
  }

  /** `author` for an address of the user's own site they imported a sitemap of, else `otherwise`. */
  private async sourceOf(url: string, otherwise: PageSource): Promise<PageSource> {
    return (await this.deps.watched.has(url)) ? 'author' : otherwise;
  }

  /**
   * A text the user pasted or selected, judged against the history with the
   * user's settings like a page: any time, since the user asked, and never
   * recorded nor shown on a tab's badge (it is no tab's page).
   */
  async checkText(text: string): Promise<PageReport> {
    return this.deps.checker.checkText(text, checkOptions(await this.deps.loadSettings()));
  }

  tabStatus(tabId: number): Promise<PageReport | null> {
    return this.deps.tabReports.get(tabId);
  }

  forgetTab(tabId: number): Promise<void> {
    this.deps.routes.forgetTab(tabId);
    this.lateReads.delete(tabId);
    return this.deps.tabReports.remove(tabId);
  }

  /**
   * After "clear all": the reports kept for the popup and the badge tooltips
   * name pages of the history, so they go too. Tabs closed meanwhile are skipped.
   */
  async forgetAllTabs(): Promise<void> {
    const tabIds = await this.deps.tabReports.clear();
    await Promise.all(tabIds.map((tabId) => this.deps.resetBadge(tabId).catch(() => undefined)));
  }

  /** The report for the popup, and the badge unless `badged` already shows what it would. */
  private async publish(tabId: number, report: PageReport, badged?: PageReport): Promise<void> {
    const shown = badged !== undefined && sameBadge(badged, report);
    await Promise.all([this.deps.tabReports.set(tabId, report), shown ? undefined : this.deps.setBadge(tabId, report)]);
  }

  private emptyReport(url: string, status: PageStatus, title = ''): PageReport {
    return {
      status,
      url,
      title,
      site: siteOf(url),
      matches: [],
      matchCount: 0,
      recorded: false,
      visitCount: 0,
      firstPublished: 'unknown',
      checkedAt: this.deps.now(),
    };
  }
}

export function isFlagged(report: PageReport): boolean {
  return report.status === 'repost' || report.status === 'partial';
}

/** Why automatic mode may not read `url` in `tab`, or undefined when it may. */
export function blockedStatus(url: string, tab: TabInfo, settings: Settings): PageStatus | undefined {
  if (!settings.autoMode) return 'off';
  if (isSiteExcluded(siteOf(url), settings.excludedSites)) return 'excluded';
  if (tab.incognito && !settings.recordIncognito) return 'incognito';
  return undefined;
}

function checkOptions(settings: Settings) {
  return { maxDistance: settings.maxDistance, minLength: settings.minLength, quotes: settings.showQuotes };
}
