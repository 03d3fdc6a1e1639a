import { browser } from 'wxt/browser';
import { BACKGROUND_REQUESTS, parseRequest } from '../message-validation';
import { listen } from '../messaging';
import { loadSettings } from '../settings';
import { openHistory, type History } from '../store';
import { resetToolbarBadge, toolbarBadge } from './badge';
import { backgroundHandlers } from './message-handlers';
import { PageChecker } from './page-checker';
import { pruneHistory, throttled } from './retention';
import { RouteLimiter, trackNavigations } from './route-limiter';
import { contentInjector, injectAfterLoad } from './content-injection';
import { tabExtractor } from './tab-extractor';
import { sessionTabReports } from './tab-reports';
import { VisitService } from './visit-service';

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
}

/**
 * Builds the background's services and registers its listeners. Listeners
 * are registered synchronously, as a restarted service worker must have them
 * in place before the event that woke it is dispatched; the history opens
 * in the meantime.
 */
export function startBackground({ open = () => openHistory(), declaresContentScript = manifestDeclaresContentScript }: BackgroundOptions = {}): void {
  const historyReady = open();
  const ensureContentScript = contentInjector();
  const routes = new RouteLimiter();
  const visits = new VisitService({
    checker: new PageChecker({ history: historyReady }),
    loadSettings,
    tabReports: sessionTabReports(),
    setBadge: toolbarBadge(),
    resetBadge: resetToolbarBadge(),
    extractFromTab: tabExtractor({ injectContentScript: ensureContentScript }),
    routes,
  });
  const prune = throttled(async () => pruneHistory(await historyReady, (await loadSettings()).retentionDays, Date.now()), PRUNE_INTERVAL_MS);

  listen(backgroundHandlers(visits, { afterVisit: () => void prune().catch(logError) }), (raw) => parseRequest(raw, BACKGROUND_REQUESTS));
  browser.tabs.onRemoved.addListener((tabId) => void visits.forgetTab(tabId).catch(logError));
  trackNavigations(routes, browser.webNavigation.onCommitted);
  if (!declaresContentScript()) injectAfterLoad(ensureContentScript);
  void prune().catch(logError);
}

function manifestDeclaresContentScript(): boolean {
  return Boolean(browser.runtime.getManifest().content_scripts?.length);
}

function logError(error: unknown): void {
  console.error('[Déjà Lu]', error);
}
