import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { MAX_LOAD_WAIT_MS } from '../../src/page-reading/load-wait';

/**
 * Longest wait for an idle moment once the page has loaded: a long task's
 * length, since the page side of a read (budget check and serialising the
 * DOM, p95 15 ms) is shorter than one, while every millisecond waited delays
 * the verdict. Pages that keep the main thread busy (animations, tickers)
 * give no idle moment; with a 1 s wait, a check's p95 from load to badge was
 * over 1 s in the bench (docs/decisions/0024-short-idle-wait.md).
 */
export const IDLE_TIMEOUT_MS = 50;

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
