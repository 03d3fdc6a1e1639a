import { MAX_SWAPPED_CHECKS_PER_SITE, SWAP_WINDOW_MS } from '../../src/messaging';

/**
 * An in-app address has to stay this long before it is checked. Apps
 * often push or replace several addresses for one route (a redirect, a
 * query rewritten, a feed's position) within a few hundred milliseconds;
 * only where the address comes to rest is a page someone reads.
 */
export const ROUTE_DEBOUNCE_MS = 1_000;

export interface RouteGateOptions {
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  debounceMs?: number;
  /** Checks that sent a visit, at most this many in any window of `windowMs`: the background's limit per site. */
  maxPerWindow?: number;
  windowMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Turns the page's in-app navigations into checks: one for each address
 * the app comes to rest on (debounced), never two at once, and no more
 * visits than the background accepts for content swapped in
 * (MAX_SWAPPED_CHECKS_PER_SITE per SWAP_WINDOW_MS); past that the latest
 * address waits for the window instead of being refused. A flood of
 * `pushState` calls thus costs one timer, not a check each.
 */
export class RouteGate {
  private readonly now: () => number;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;
  private readonly debounceMs: number;
  private readonly maxPerWindow: number;
  private readonly windowMs: number;
  private readonly onError: (error: unknown) => void;
  private timer: unknown;
  private lastChange = 0;
  private pending = false;
  private running = false;
  /** When the checks that sent a visit ran, oldest first. */
  private visits: number[] = [];

  /** `run` checks the current address and resolves to whether it sent a visit. */
  constructor(
    private readonly run: () => Promise<boolean>,
    {
      now = Date.now,
      setTimer = (callback, ms) => setTimeout(callback, ms),
      clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
      debounceMs = ROUTE_DEBOUNCE_MS,
      maxPerWindow = MAX_SWAPPED_CHECKS_PER_SITE,
      windowMs = SWAP_WINDOW_MS,
      onError = () => {},
    }: RouteGateOptions = {},
  ) {
    this.now = now;
    this.setTimer = setTimer;
    this.clearTimer = clearTimer;
    this.debounceMs = debounceMs;
    this.maxPerWindow = maxPerWindow;
    this.windowMs = windowMs;
    this.onError = onError;
  }

  /** The app moved to another address. */
  changed(): void {
    this.lastChange = this.now();
    this.pending = true;
    if (!this.running) this.schedule();
  }

  private schedule(): void {
    this.clearTimer(this.timer);
    const at = Math.max(this.lastChange + this.debounceMs, this.windowOpensAt());
    this.timer = this.setTimer(() => void this.fire(), Math.max(0, at - this.now()));
  }

  /** When the next visit fits in the window (now or earlier when it already does). */
  private windowOpensAt(): number {
    const now = this.now();
    this.visits = this.visits.filter((time) => now - time < this.windowMs);
    return this.visits.length < this.maxPerWindow ? now : this.visits[0]! + this.windowMs;
  }

  private async fire(): Promise<void> {
    this.timer = undefined;
    if (!this.pending || this.running) return;
    // The address moved again, or the window filled, since this timer was set.
    if (this.now() < Math.max(this.lastChange + this.debounceMs, this.windowOpensAt())) {
      this.schedule();
      return;
    }
    this.pending = false;
    this.running = true;
    try {
      if (await this.run()) this.visits.push(this.now());
    } catch (error) {
      this.onError(error);
    } finally {
      this.running = false;
      // Addresses that came while it ran are checked in their turn.
      if (this.pending) this.schedule();
    }
  }
}
