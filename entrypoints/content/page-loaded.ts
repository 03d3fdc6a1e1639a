import type { ContentScriptContext } from 'wxt/utils/content-script-context';

/**
 * Longest wait for the page's `load` event before reading it anyway. A page
 * with a stalled image or a streaming request may never finish loading; by
 * then its load is already slow, and the visit still has to be recorded.
 */
export const MAX_LOAD_WAIT_MS = 10_000;

/**
 * Longest wait for an idle moment once the page has loaded. Pages that keep
 * the main thread busy (animations, tickers) give none; they are read after
 * this long anyway.
 */
export const IDLE_TIMEOUT_MS = 1_000;

/** The parts of `window` this needs (a parameter, so that tests can drive the page's loading). */
export interface LoadingPage {
  document: { readyState: DocumentReadyState };
}

/**
 * Resolves once the page has fired its `load` event (or at once if it
 * already has) and the main thread is then idle. Chromium runs
 * `document_idle` content scripts as soon as the DOM is parsed, often before
 * `load`: reading the page then (a synchronous extraction of tens of
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
    const maxTimer = ctx.setTimeout(whenIdle, MAX_LOAD_WAIT_MS);
    if (page.document.readyState === 'complete') whenIdle();
    else ctx.addEventListener(page as Window, 'load', whenIdle, { once: true });
  });
}
