/**
 * Keeping the service worker alive through long work that makes no extension
 * API call of its own: Chromium stops an extension's worker after 30 s
 * without events or API calls, and opening the history may run a schema
 * upgrade for longer (version 7 → 8 took 46 s for a million pages,
 * docs/decisions/0069). Stopped part way, the upgrade is rolled back and
 * starts over at the next start, so without this it might never finish.
 */
import { browser } from 'wxt/browser';

/** Under Chromium's 30 s idle timeout, with room for a busy worker's late timer. */
export const KEEP_ALIVE_INTERVAL_MS = 20_000;

export interface KeepAliveDeps {
  /** An extension API call: each resets the worker's idle timer. */
  ping?: () => Promise<unknown>;
  setInterval?: (run: () => void, ms: number) => unknown;
  clearInterval?: (timer: never) => void;
}

/** `work`, with an extension API call every KEEP_ALIVE_INTERVAL_MS until it settles. */
export function keepAliveWhile<T>(work: Promise<T>, {
  ping = () => browser.runtime.getPlatformInfo(),
  setInterval: every = (run, ms) => setInterval(run, ms),
  clearInterval: stop = (timer) => clearInterval(timer),
}: KeepAliveDeps = {}): Promise<T> {
  const timer = every(() => void ping().catch(() => undefined), KEEP_ALIVE_INTERVAL_MS);
  const done = () => stop(timer as never);
  work.then(done, done);
  return work;
}
