import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { IDLE_TIMEOUT_MS, pageLoaded, type LoadingPage } from '../../entrypoints/content/page-loaded';
import { MAX_LOAD_WAIT_MS } from '../../src/page-reading/load-wait';

/** A page in a given loading state, `sinceNavigation` ms after its navigation started, whose `load` event the test fires. */
function loadingPage(readyState: DocumentReadyState, sinceNavigation = 0): LoadingPage & EventTarget & { fireLoad: () => void } {
  const target = new EventTarget();
  const started = Date.now() - sinceNavigation;
  return Object.assign(target, {
    document: { readyState },
    performance: { now: () => Date.now() - started },
    fireLoad: () => target.dispatchEvent(new Event('load')),
  });
}

/** The context's timers and listeners, with idle callbacks queued for the test to run. */
function context() {
  const idle: { callback: () => void; timeout: number | undefined }[] = [];
  const ctx = {
    setTimeout: (handler: () => void, ms: number) => setTimeout(handler, ms) as unknown as number,
    requestIdleCallback: (callback: () => void, options?: IdleRequestOptions) => idle.push({ callback, timeout: options?.timeout }),
    addEventListener: (target: EventTarget, type: string, listener: () => void, options?: AddEventListenerOptions) => target.addEventListener(type, listener, options),
  } as unknown as ContentScriptContext;
  return { ctx, idle };
}

/** What counts as a long task (the Long Tasks API's threshold). */
const LONG_TASK_MS = 50;

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('pageLoaded: the first check waits for the load event, then for an idle moment', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each<[string, DocumentReadyState, (page: ReturnType<typeof loadingPage>) => Promise<void>]>([
    ['already loaded', 'complete', async () => {}],
    ['loading, then its load event', 'loading', async (page) => page.fireLoad()],
    ['parsed, then its load event', 'interactive', async (page) => page.fireLoad()],
    ['never firing load: after the longest wait', 'interactive', async () => void (await vi.advanceTimersByTimeAsync(MAX_LOAD_WAIT_MS))],
  ])('a page %s is read at the next idle moment, not before', async (_name, readyState, load) => {
    const page = loadingPage(readyState);
    const { ctx, idle } = context();
    const loaded = pageLoaded(ctx, page);
    if (readyState !== 'complete') expect(idle).toEqual([]);
    await load(page);
    expect(idle).toEqual([{ callback: expect.any(Function), timeout: IDLE_TIMEOUT_MS }]);
    expect(await settled(loaded)).toBe(false);
    idle[0]?.callback();
    expect(await settled(loaded)).toBe(true);
  });

  it('a page never idle after its load is read at most a long task (50 ms) later: the verdict waits on it', async () => {
    const page = loadingPage('complete');
    const { ctx } = context();
    // The browser runs an idle callback when its timeout expires, idle moment or not.
    (ctx as unknown as { requestIdleCallback: typeof requestIdleCallback }).requestIdleCallback = (callback, options) =>
      setTimeout(() => callback({ didTimeout: true, timeRemaining: () => 0 }), options?.timeout ?? Infinity) as unknown as number;
    const loaded = pageLoaded(ctx, page);
    await vi.advanceTimersByTimeAsync(LONG_TASK_MS - 1);
    expect(await settled(loaded)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(loaded)).toBe(true);
  });

  it('a load event after the longest wait does not ask for a second idle moment', async () => {
    const page = loadingPage('loading');
    const { ctx, idle } = context();
    void pageLoaded(ctx, page);
    await vi.advanceTimersByTimeAsync(MAX_LOAD_WAIT_MS);
    page.fireLoad();
    expect(idle).toHaveLength(1);
  });

  it.each([
    ['from its navigation start, not from when the script arrived', 4_000, MAX_LOAD_WAIT_MS - 4_000],
    ['not at all when the page is already past it (the background injected it as a fallback)', MAX_LOAD_WAIT_MS + 500, 0],
  ])('the longest wait is counted %s', async (_name, sinceNavigation, wait) => {
    const page = loadingPage('interactive', sinceNavigation);
    const { ctx, idle } = context();
    void pageLoaded(ctx, page);
    if (wait > 0) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(idle).toEqual([]);
    }
    await vi.advanceTimersByTimeAsync(1);
    expect(idle).toHaveLength(1);
  });
});
