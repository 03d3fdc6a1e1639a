import { browser } from 'wxt/browser';
import { sendTabMessage } from '../protocol';
import { MAX_LOAD_WAIT_MS } from '../page-reading/load-wait';

/** Where WXT writes the content script (entrypoints/content/index.ts). */
export const CONTENT_SCRIPT_FILE = '/content-scripts/content.js';

/**
 * Makes sure a tab's page runs the content script; resolves to true when it
 * was injected now, false when it was there already; rejects when the page
 * may not be scripted. With `documentId` (the page's document, from
 * webNavigation), only that document is injected, not whatever the tab
 * shows by then.
 */
export type ContentScriptEnsurer = (tabId: number, documentId?: string) => Promise<boolean>;

/** What webNavigation.onCommitted says about a navigation (Chromium). */
export interface CommitDetails {
  tabId: number;
  frameId: number;
  documentId?: string;
  transitionQualifiers?: readonly string[];
}

/**
 * The documents the worker knows have no content script yet: each tab's
 * latest top-frame document committed while this worker runs, until
 * something is injected into that tab. Such a document needs no ping before
 * its injection (one message round trip to the page, 9 ms at the median of
 * the time-to-verdict bench). A document the worker does not know (it
 * committed before the worker started, or the popup or the open-tabs pass
 * injected into the tab since) is pinged first, as before.
 */
export class NewDocuments {
  private readonly latest = new Map<number, string>();

  committed({ tabId, frameId, documentId, transitionQualifiers = [] }: CommitDetails): void {
    if (frameId !== 0 || tabId < 0) return;
    // Going back or forward may restore a document from the back/forward cache with its content script.
    if (documentId === undefined || transitionQualifiers.includes('forward_back')) this.latest.delete(tabId);
    else this.latest.set(tabId, documentId);
  }

  /**
   * Whether `documentId` is the tab's new document, known to have no content
   * script; the tab is then forgotten, as the caller injects into it.
   */
  take(tabId: number, documentId: string | undefined): boolean {
    const isNew = documentId !== undefined && this.latest.get(tabId) === documentId;
    this.latest.delete(tabId);
    return isNew;
  }

  forget(tabId: number): void {
    this.latest.delete(tabId);
  }
}

export interface ContentInjectorDeps {
  /** Resolves when the tab's page already runs the content script, rejects when nothing answers. */
  ping?: (tabId: number) => Promise<unknown>;
  inject?: (tabId: number, documentId?: string) => Promise<unknown>;
  /** The documents injected without a ping (none by default: every page is pinged). */
  newDocuments?: NewDocuments;
}

/**
 * Injects the content script into a tab's page unless it already runs there:
 * a second copy would take over from the first (WXT invalidates the older
 * one) and check the page again. A document in `newDocuments` has none, so
 * it is not asked; any other is pinged first. Calls for a tab while one is
 * under way share it, for the same reason.
 */
export function contentInjector({
  ping = (tabId) => sendTabMessage(tabId, { type: 'ping' }),
  inject = (tabId, documentId) => browser.scripting.executeScript({ target: documentId === undefined ? { tabId } : { tabId, documentIds: [documentId] }, files: [CONTENT_SCRIPT_FILE] }),
  newDocuments = new NewDocuments(),
}: ContentInjectorDeps = {}): ContentScriptEnsurer {
  const underway = new Map<number, Promise<boolean>>();
  return (tabId, documentId) => {
    const running = underway.get(tabId);
    if (running) return running;
    const injectNow = async () => {
      await inject(tabId, documentId);
      return true;
    };
    const attempt = (newDocuments.take(tabId, documentId) ? injectNow() : ping(tabId).then(() => false, injectNow))
      .finally(() => underway.delete(tabId));
    underway.set(tabId, attempt);
    return attempt;
  };
}

/** What a webNavigation event says about the frame; `frameId` 0 is a tab's top frame. */
export interface NavigationDetails {
  tabId: number;
  frameId: number;
  /** The frame's document (Chromium 106+). */
  documentId?: string;
}

interface NavigationEvent<Details = NavigationDetails> {
  addListener(callback: (details: Details) => void, filters?: { url: { schemes: string[] }[] }): void;
}

export interface InjectAfterLoadDeps {
  /** Told each commit, to inject new documents without a ping (the same as the ensurer's). */
  newDocuments?: NewDocuments;
  onCommitted?: NavigationEvent<CommitDetails>;
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
    newDocuments,
    onCommitted = browser.webNavigation.onCommitted,
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
  const injectNow = (tabId: number, documentId: string | undefined) => {
    cancelFallback(tabId);
    // Pages the browser keeps extensions out of (its web store, for one) refuse it.
    ensure(tabId, documentId).catch(onError);
  };
  if (newDocuments) onCommitted.addListener((details) => newDocuments.committed(details), WEB_PAGES);
  onCompleted.addListener(({ tabId, frameId, documentId }) => {
    if (frameId === 0 && tabId >= 0) injectNow(tabId, documentId);
  }, WEB_PAGES);
  onDOMContentLoaded.addListener(({ tabId, frameId, documentId }) => {
    if (frameId !== 0 || tabId < 0) return;
    cancelFallback(tabId);
    fallbacks.set(tabId, setTimer(() => injectNow(tabId, documentId), MAX_LOAD_WAIT_MS));
  }, WEB_PAGES);
  onTabRemoved.addListener((tabId) => {
    cancelFallback(tabId);
    newDocuments?.forget(tabId);
  });
}
