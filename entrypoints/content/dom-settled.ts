import type { ContentScriptContext } from 'wxt/utils/content-script-context';

/** No DOM change for this long means a single-page app has finished rendering the new view. */
export const QUIET_MS = 600;
/** Pages that never stop changing (tickers, animations) are read after this long anyway. */
export const MAX_WAIT_MS = 5_000;

/** Resolves once the document has stopped changing, or after MAX_WAIT_MS. */
export function domSettled(ctx: ContentScriptContext, root: Node = document.documentElement): Promise<void> {
  return new Promise((resolve) => {
    let quietTimer: number | undefined;
    const done = () => {
      observer.disconnect();
      clearTimeout(quietTimer);
      clearTimeout(maxTimer);
      resolve();
    };
    const observer = new MutationObserver(() => {
      clearTimeout(quietTimer);
      quietTimer = ctx.setTimeout(done, QUIET_MS);
    });
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    quietTimer = ctx.setTimeout(done, QUIET_MS);
    const maxTimer = ctx.setTimeout(done, MAX_WAIT_MS);
    ctx.onInvalidated(done);
  });
}
