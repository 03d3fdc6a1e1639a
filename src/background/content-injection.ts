import { browser } from 'wxt/browser';
import { sendTabMessage } from '../protocol';
import { MAX_LOAD_WAIT_MS } from '../page-reading/load-wait';

/** Where WXT writes the content script (entrypoints/content/index.ts). */
export const CONTENT_SCRIPT_FILE = '/content-scripts/content.js';

/**
 * Makes sure a tab's page runs the content script; resolves to true when it
 * was injected now, false when it was there already; rejects when the page
 * may not be scripted.
 */
export type ContentScriptEnsurer = (tabId: number) => Promise<boolean>;

export interface ContentInjectorDeps {
  /** Resolves when the tab's page already runs the content script, rejects when nothing answers. */
  ping?: (tabId: number) => Promise<unknown>;
  inject?: (tabId: number) => Promise<unknown>;
}

/**
 * Injects the content script into a tab's page unless it already runs there:
 * a second copy would take over from the first (WXT invalidates the older
 * one) and check the page again. Calls for a tab while one is under way
 * share it, for the same reason.
 */
export function contentInjector({
  ping = (tabId) => sendTabMessage(tabId, { type: 'ping' }),
  inject = (tabId) => browser.scripting.executeScript({ target: { tabId }, files: [CONTENT_SCRIPT_FILE] }),
}: ContentInjectorDeps = {}): ContentScriptEnsurer {
  const underway = new Map<number, Promise<boolean>>();
  return (tabId) => {
    const running = underway.get(tabId);
    if (running) return running;
    const attempt = ping(tabId)
      .then(
        () => false,
        async () => {
          await inject(tabId);
          return true;
        },
      )
      .finally(() => underway.delete(tabId));
    underway.set(tabId, attempt);
    return attempt;
  };
}

/** What a webNavigation event says about the frame; `frameId` 0 is a tab's top frame. */
export interface NavigationDetails {
  tabId: number;
  frameId: number;
}

interface NavigationEvent {
  addListener(callback: (details: NavigationDetails) => void, filters?: { url: { schemes: string[] }[] }): void;
}

export interface InjectAfterLoadDeps {
  onCompleted?: NavigationEvent;
  onDOMContentLoaded?: NavigationEvent;
  onTabRemoved?: { addListener(callback: (tabId: number) => void): void };
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  onError?: (error: unknown) => void;
}

/** The pages the content script is for (also its `matches`, entrypoints/content/index.ts). */
const WEB_PAGES = { url: [{ schemes: ['http', 'https'] }] };

/**
 * Puts the content script into each web page once it has loaded (its load
 * event and its frames'), not earlier: a content script declared in the
 * manifest runs as soon as the DOM is parsed, so the browser sets up the
 * extension's script world and compiles the script inside the page's load
 * (docs/performance.md, page impact). A page that never finishes loading (a stalled image) gets it
 * MAX_LOAD_WAIT_MS after its DOM was parsed, as the visit still has to be
 * recorded. Only top frames: the content script reads the tab's page.
 */
export function injectAfterLoad(
  ensure: ContentScriptEnsurer,
  {
    onCompleted = browser.webNavigation.onCompleted,
    onDOMContentLoaded = browser.webNavigation.onDOMContentLoaded,
    onTabRemoved = browser.tabs.onRemoved,
    setTimer = (callback, ms) => setTimeout(callback, ms),
    clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    onError = (error) => console.debug('[Déjà Lu] content script not injected:', error),
  }: InjectAfterLoadDeps = {},
): void {
  const fallbacks = new Map<number, unknown>();
  const cancelFallback = (tabId: number) => {
    if (!fallbacks.has(tabId)) return;
    clearTimer(fallbacks.get(tabId));
    fallbacks.delete(tabId);
  };
  const injectNow = (tabId: number) => {
    cancelFallback(tabId);
    // Pages the browser keeps extensions out of (its web store, for one) refuse it.
    ensure(tabId).catch(onError);
  };
  onCompleted.addListener(({ tabId, frameId }) => {
    if (frameId === 0 && tabId >= 0) injectNow(tabId);
  }, WEB_PAGES);
  onDOMContentLoaded.addListener(({ tabId, frameId }) => {
    if (frameId !== 0 || tabId < 0) return;
    cancelFallback(tabId);
    fallbacks.set(tabId, setTimer(() => injectNow(tabId), MAX_LOAD_WAIT_MS));
  }, WEB_PAGES);
  onTabRemoved.addListener(cancelFallback);
}
