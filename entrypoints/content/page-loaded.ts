import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { MAX_LOAD_WAIT_MS } from '../../src/page-reading/load-wait';

/**
 * Longest wait for an idle moment once the page has loaded. Pages that keep
 * the main thread busy (animations, tickers) give none; they are read after
 * this long anyway.
 */
export const IDLE_TIMEOUT_MS = 1_000;

/** The parts of `window` this needs (a parameter, so that tests can drive the page's loading). */
export interface LoadingPage {
  document: { readyState: DocumentReadyState };
  /** Milliseconds since the page's navigation started. */
  performance: { now(): number };
}

/**
 * Resolves once the page has fired its `load` event (or at once if it
 * already has) and the main thread is then idle, or once MAX_LOAD_WAIT_MS
 * have passed since its navigation started. The background injects the
 * content script after `load`; this guards the other ways in (the popup's
 * check of a page still loading, the fallback for pages that never finish):
 * reading a page before `load` (a synchronous extraction of tens of
 * milliseconds) delayed the load event, 28 ms at the median over the real
 * pages of the bench (docs/performance.md, page impact).
 */
export function pageLoaded(ctx: ContentScriptContext, page: LoadingPage & EventTarget = window): Promise<void> {
  return new Promise((resolve) => {
    let waiting = true;
    const whenIdle = () => {
      if (!waiting) return;
      waiting = false;
      clearTimeout(maxTimer);
      ctx.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    };
    const maxTimer = ctx.setTimeout(whenIdle, Math.max(0, MAX_LOAD_WAIT_MS - page.performance.now()));
    if (page.document.readyState === 'complete') whenIdle();
    else ctx.addEventListener(page as Window, 'load', whenIdle, { once: true });
  });
}
