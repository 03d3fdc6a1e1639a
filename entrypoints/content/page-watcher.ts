import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { normalizeUrl } from '../../src/core/url';
import { untilAnswered, type PageReading, type RetryOptions } from '../../src/messaging';
import { listen, sendMessage } from '../../src/protocol';
import { domSettled } from './dom-settled';
import type { Notice } from './notice';
import { pageLoaded } from './page-loaded';
import { messageUrl, siteRoot } from './page-url';
import { RouteGate, type RouteGateOptions } from './route-gate';
import { readWithinBudget } from '../../src/page-reading/read-page';
import { highlightCopied } from '../../src/page-reading/copied-highlight';
import type { HighlightResult } from '../../src/messaging';

export interface PageWatcherDeps {
  notice: Notice;
  /** Reads the page, to be sent as `url`. */
  read?: (url: string) => PageReading | Promise<PageReading>;
  currentUrl?: () => string;
  /** Resolves when the page may be read without delaying its loading; the first check waits for it. */
  loaded?: () => Promise<void>;
  /** Resolves when the DOM has settled after an in-app navigation. */
  settled?: () => Promise<void>;
  /** Clock and timers of the in-app navigation gate (route-gate.ts); the content script's own by default. */
  routeGate?: RouteGateOptions;
  /** How the document was loaded: Navigation Timing's `type` ('navigate', 'reload', 'back_forward', 'prerender'). */
  navigationType?: () => string | undefined;
  /** The address the document was loaded at (Navigation Timing's `name`), which no script of the page can change. */
  loadedUrl?: () => string | undefined;
  /** When the document's navigation began, ms since the epoch. */
  loadedAt?: () => number;
  /** Whether the document has fired its `load` event already (Chromium injects the script after it). */
  hasLoaded?: () => boolean;
  /** Waits between attempts to reach a background that is not listening yet; the content script's timers by default. */
  retry?: RetryOptions;
  /** Highlights the parts of the page the popup's "Show copied parts" sends (none clears them). */
  highlight?: (parts: readonly string[]) => HighlightResult;
}

/**
 * Loads that are not a new visit: a reload, and a history traversal, which is
 * also how a restored session loads its tabs (Chromium reports it as
 * 'back_forward'). The page is checked, but adds no visit to one already read.
 */
const REVISITS: ReadonlySet<string> = new Set(['reload', 'back_forward']);

function documentNavigation(): PerformanceNavigationTiming | undefined {
  return performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
}

/**
 * Checks the page once it has loaded and is idle, and again after every in-app navigation
 * (history.pushState and friends), and answers the popup's "Check this page"
 * by extracting on demand, and its "Show copied parts" by highlighting them.
 */
export function watchPage(
  ctx: ContentScriptContext,
  {
    notice,
    read = (url) => readWithinBudget(document, url),
    currentUrl = () => location.href,
    loaded = () => pageLoaded(ctx),
    settled = () => domSettled(ctx),
    routeGate = {},
    navigationType = () => documentNavigation()?.type,
    loadedUrl = () => documentNavigation()?.name,
    loadedAt = () => performance.timeOrigin,
    hasLoaded = () => document.readyState === 'complete',
    retry = {},
    highlight = (parts) => highlightCopied(parts),
  }: PageWatcherDeps,
): void {
  const extract = async (): Promise<PageReading> => {
    const url = messageUrl(currentUrl());
    return url === undefined ? { kind: 'skip', reason: 'too_large' } : await read(url);
  };
  const stopListening = listen('content', { extract, ping: async () => true, 'highlight-copied': async ({ parts }) => highlight(parts) });
  ctx.onInvalidated(stopListening);

  let checkedUrl: string | undefined;
  /** The text last sent in a visit: an app that only changes its address has no new page to record. */
  let visitedText: string | undefined;
  /**
   * Asks whether the page may be read; the first time, until the background
   * answers: a page loaded as the browser starts can come before the
   * background listens (Firefox starts it after restoring the session's tabs).
   */
  const mayRead = (url: string, first: boolean): Promise<boolean> => {
    const ask = () => sendMessage({ type: 'should-check', url });
    if (!first) return ask();
    const sleep = (ms: number) => new Promise<void>((resolve) => ctx.setTimeout(resolve, ms));
    return untilAnswered(ask, { sleep, stop: () => !ctx.isValid, ...retry });
  };

  /**
   * The first check's question, asked while the script waits for an idle
   * moment when the page has loaded already: its answer crosses to the
   * background and back meanwhile, not after the wait. Nothing of the page
   * but its address goes with it.
   */
  let early: { identity: string; answer: Promise<boolean> } | undefined;

  /**
   * Checks the current address; resolves to whether a visit was sent. The
   * first check is the document's own, a revisit when the document was
   * reloaded or restored; later ones follow in-app navigations.
   */
  const check = async (first = false): Promise<boolean> => {
    const href = currentUrl();
    const { identity, sendable, url } = addressOf(href);
    if (identity === checkedUrl || !ctx.isValid) return false;
    checkedUrl = identity;
    const asked = first && early?.identity === identity ? early.answer : undefined;
    early = undefined;
    if (!(await (asked ?? mayRead(url, first)))) return false;
    const reading: PageReading = sendable === undefined ? { kind: 'skip', reason: 'too_large' } : await read(url);
    if (!ctx.isValid) return false;
    if (reading.kind === 'skip') {
      await sendMessage({ type: 'skip', url, reason: reading.reason });
      return false;
    }
    if (reading.page.text === visitedText) return false;
    visitedText = reading.page.text;
    const revisit = first && REVISITS.has(navigationType() ?? '');
    // Not when the page pushed another address before its first check: that content is swapped in.
    const loaded = loadedUrl();
    const ownLoad = first && loaded !== undefined && (normalizeUrl(loaded) ?? loaded) === identity;
    const { report, showNotice } = await sendMessage({
      type: 'visit',
      page: reading.page,
      ...(revisit ? { revisit: true as const } : {}),
      ...(ownLoad ? { ownLoad: true as const } : {}),
      ...(first ? { loadedAt: loadedAt() } : {}),
    });
    if (showNotice && ctx.isValid) notice.show(report);
    return true;
  };

  const routes = new RouteGate(async () => {
    await settled();
    return check();
  }, { setTimer: (callback, ms) => ctx.setTimeout(callback, ms), onError: reportError, ...routeGate });
  if (hasLoaded()) {
    const { identity, url } = addressOf(currentUrl());
    const answer = mayRead(url, true);
    // Awaited by the first check, unless the page moved to another address before it.
    answer.catch(() => {});
    early = { identity, answer };
  }
  void loaded().then(() => check(true)).catch(reportError);
  ctx.addEventListener(window, 'wxt:locationchange', () => {
    notice.hide();
    // The copied parts were the last page's.
    highlight([]);
    routes.changed();
  });
}

/**
 * What a check of `href` goes by: its identity (a new fragment or tracking
 * parameter is still the same page), the address sent with it when it is
 * short enough to record, and the one the background is asked about (an
 * address too long to record still belongs to a site, which may be
 * excluded).
 */
function addressOf(href: string): { identity: string; sendable: string | undefined; url: string } {
  const sendable = messageUrl(href);
  return { identity: normalizeUrl(href) ?? href, sendable, url: sendable ?? siteRoot(href) };
}

/** A failed check must not break the page; the console is where a developer looks. */
function reportError(error: unknown): void {
  console.debug('[Déjà Lu] page check failed:', error);
}
