import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { listen } from '../protocol';
import { loadSettings } from '../settings';
import { signCheckedDocument } from '../core';
import { openHistory, type History } from '../store';
import { ChineseDictionary } from './chinese-dictionary';
import { CopiedPartsService } from './copied-parts';
import { highlightInTab } from './highlight-in-tab';
import { htmlReader } from './html-reader';
import { browserOffscreenDocument, openOnNavigation } from './offscreen-document';
import { resetToolbarBadge, toolbarBadge } from './badge';
import { backgroundHandlers } from './message-handlers';
import { PageChecker } from './page-checker';
import { pruneHistory, throttled } from './retention';
import { RouteLimiter, trackNavigations } from './route-limiter';
import { contentInjector, injectAfterLoad, NewDocuments } from './content-injection';
import { oncePerSession, readOpenTabs, type OpenTab, type SessionFlag } from './open-tabs';
import { tabExtractor } from './tab-extractor';
import { registerShortcuts, type ShortcutApi } from './shortcuts';
import { sessionTabReports } from './tab-reports';
import { VisitService } from './visit-service';
import { keepAliveWhile } from './keep-alive';
import { openWelcomeOnInstall } from './welcome';
import { watchedUrls } from '../watch/watched-urls';

/** Expired pages are looked for at most this often (and whenever the worker starts). */
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

export interface BackgroundOptions {
  open?: () => Promise<History>;
  /**
   * Whether the manifest declares the content script (the Firefox build):
   * the browser injects it then, and the background must not add a second
   * copy after the load event.
   */
  declaresContentScript?: () => boolean;
  /** The tabs showing http(s) pages now (read once a session, open-tabs.ts). */
  queryWebTabs?: () => Promise<OpenTab[]>;
  /** Whether this browser session's open tabs were read already. */
  openTabsRead?: SessionFlag;
  /** The keyboard command and context-menu APIs (shortcuts.ts). */
  shortcutApi?: ShortcutApi;
}

/** Kept in storage.session, which the browser empties on restart and when the extension is updated, reloaded or disabled. */
const OPEN_TABS_READ_KEY = 'session:open-tabs-read';

const sessionFlag: SessionFlag = {
  get: async () => (await storage.getItem<boolean>(OPEN_TABS_READ_KEY)) === true,
  set: () => storage.setItem(OPEN_TABS_READ_KEY, true),
};

/**
 * Builds the background's services and registers its listeners. Listeners
 * are registered synchronously, as a restarted service worker must have them
 * in place before the event that woke it is dispatched; the history opens
 * in the meantime.
 */
export function startBackground({
  open = () => openHistory(),
  declaresContentScript = manifestDeclaresContentScript,
  queryWebTabs = () => browser.tabs.query({ url: ['http://*/*', 'https://*/*'] }),
  openTabsRead = sessionFlag,
  shortcutApi,
}: BackgroundOptions = {}): void {
  // A schema upgrade of a large history outlasts the worker's idle timeout (keep-alive.ts).
  const historyReady = keepAliveWhile(open());
  // An import the worker's stop cut short left entries to file (store/blocks/runs.ts); a million pages' take ~20 s.
  void keepAliveWhile(historyReady.then((history) => history.finishImports())).catch(logError);
  // Documents the worker saw commit, injected after their load without a ping (Chromium).
  const newDocuments = new NewDocuments();
  const ensureContentScript = contentInjector({ newDocuments });
  // Firefox grants webNavigation only with a permission that warns at install ("Access browser
  // activity during navigation"); without it a page's own check is the content script's word.
  const committed = (browser as { webNavigation?: typeof browser.webNavigation }).webNavigation?.onCommitted;
  const routes = new RouteLimiter({ trustLoadClaims: committed === undefined });
  const chinese = new ChineseDictionary();
  const offscreen = browserOffscreenDocument();
  const tabReports = sessionTabReports();
  const extractFromTab = tabExtractor({ injectContentScript: ensureContentScript });
  const visits = new VisitService({
    checker: new PageChecker({ history: historyReady, sign: (text, scheme) => chinese.use((deps) => signCheckedDocument(text, deps, scheme)) }),
    loadSettings,
    tabReports,
    setBadge: toolbarBadge(),
    resetBadge: resetToolbarBadge(),
    extractFromTab,
    routes,
    watched: watchedUrls(),
    // A background page that declares its content script runs all session (Firefox, MV2).
    ...(declaresContentScript() ? { startedAt: Date.now() } : {}),
  });
  const prune = throttled(async () => pruneHistory(await historyReady, (await loadSettings()).retentionDays, Date.now()), PRUNE_INTERVAL_MS);

  const copiedParts = new CopiedPartsService({
    tabReports,
    history: historyReady,
    loadSettings,
    extractFromTab,
    withDictionary: (run) => chinese.use(run),
    highlight: highlightInTab({ styled: declaresContentScript() }),
  });

  listen('background', backgroundHandlers(visits, { afterVisit: () => void prune().catch(logError), copiedParts, readHtml: htmlReader({ offscreen }) }));
  browser.tabs.onRemoved.addListener((tabId) => void visits.forgetTab(tabId).catch(logError));
  openWelcomeOnInstall(logError);
  registerShortcuts({ api: shortcutApi, logError });
  if (committed) trackNavigations(routes, committed);
  if (committed && offscreen) openOnNavigation(offscreen, committed);
  if (!declaresContentScript()) {
    injectAfterLoad(ensureContentScript, { newDocuments });
    // Pages that loaded before anything listened: open at install, enable or update, restored
    // or opened as the browser started. (Firefox injects its declared content script into them.)
    const readOpen = oncePerSession(openTabsRead, () => readOpenTabs({
      query: queryWebTabs,
      loadSettings,
      inject: ensureContentScript,
      loadedEarlier: (tabId, url) => visits.loadedEarlier(tabId, url),
      onError: (error) => console.debug('[Déjà Lu] open tab not read:', error),
    }));
    // The listener makes the browser start the worker with the browser, not at the first page.
    browser.runtime.onStartup.addListener(() => void readOpen().catch(logError));
    void readOpen().catch(logError);
  }
  void prune().catch(logError);
}

function manifestDeclaresContentScript(): boolean {
  return Boolean(browser.runtime.getManifest().content_scripts?.length);
}

function logError(error: unknown): void {
  console.error('[Déjà Lu]', error);
}
