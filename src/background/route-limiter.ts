import { normalizeUrl } from '../core/url';
import { MAX_SWAPPED_CHECKS_PER_SITE, SWAP_WINDOW_MS } from '../messaging';
import { registrableSite } from '../same-site';

export { MAX_SWAPPED_CHECKS_PER_SITE, SWAP_WINDOW_MS };

export interface RouteLimiterOptions {
  now?: () => number;
  maxPerWindow?: number;
  windowMs?: number;
  /**
   * Believe the content script when it says a check is its document's own
   * (the first, at the address the document was loaded at): where the
   * background hears no navigations (Firefox, whose webNavigation needs a
   * permission that warns at install). Elsewhere `navigated` decides.
   */
  trustLoadClaims?: boolean;
}

/**
 * Decides which automatic checks a page gets. The first check of the
 * address a real navigation of the tab's top frame committed (a new
 * document, told by `webNavigation.onCommitted`, which the page cannot fake)
 * is the page's own; every other check from the tab is content swapped in,
 * and counts against its registrable site, whatever tab it comes from.
 *
 * The counts live in the service worker's memory: a worker stopped after
 * 30 s without events forgets them, which gives a page at most another
 * MAX_SWAPPED_CHECKS_PER_SITE after a pause it could have waited out anyway.
 */
export class RouteLimiter {
  private readonly now: () => number;
  private readonly maxPerWindow: number;
  private readonly windowMs: number;
  /** Per tab, the address of its current document while that has not had its own check. */
  private readonly freshDocuments = new Map<number, string>();
  /** Times of the swapped-in checks per site, oldest first, within the window. */
  private readonly swaps = new Map<string, number[]>();

  private readonly trustLoadClaims: boolean;

  constructor({ now = Date.now, maxPerWindow = MAX_SWAPPED_CHECKS_PER_SITE, windowMs = SWAP_WINDOW_MS, trustLoadClaims = false }: RouteLimiterOptions = {}) {
    this.now = now;
    this.maxPerWindow = maxPerWindow;
    this.windowMs = windowMs;
    this.trustLoadClaims = trustLoadClaims;
  }

  /** A new document was committed in the tab's top frame, at `url`. */
  navigated(tabId: number, url: string): void {
    this.freshDocuments.set(tabId, normalizeUrl(url) ?? url);
  }

  /**
   * Whether a page in `tabId` at `url` may be checked and recorded now; counts
   * it when it may. `claimedLoad`: the content script says this is its
   * document's own check (believed only with `trustLoadClaims`).
   */
  allow(tabId: number, url: string, claimedLoad = false): boolean {
    if (claimedLoad && this.trustLoadClaims) return true;
    // Once, and only for the address that was loaded: a pushed address is a swap.
    if (this.freshDocuments.get(tabId) === (normalizeUrl(url) ?? url)) {
      this.freshDocuments.delete(tabId);
      return true;
    }
    const site = registrableSite(url) ?? url;
    const now = this.now();
    const recent = (this.swaps.get(site) ?? []).filter((time) => now - time < this.windowMs);
    if (recent.length >= this.maxPerWindow) {
      this.swaps.set(site, recent);
      return false;
    }
    recent.push(now);
    this.swaps.set(site, recent);
    this.forgetQuietSites(now);
    return true;
  }

  forgetTab(tabId: number): void {
    this.freshDocuments.delete(tabId);
  }

  /** Sites with no check in the window are dropped, so the map holds only recently active sites. */
  private forgetQuietSites(now: number): void {
    for (const [site, times] of this.swaps) {
      if (times.every((time) => now - time >= this.windowMs)) this.swaps.delete(site);
    }
  }
}

interface CommittedEvent {
  addListener(callback: (details: { tabId: number; frameId: number; url: string }) => void, filters?: { url: { schemes: string[] }[] }): void;
}

/**
 * Tells `limiter` of every new document in a tab's top frame. `onCommitted`
 * fires for loads, reloads and back/forward, never for history.pushState or
 * fragment changes (those are `onHistoryStateUpdated` and
 * `onReferenceFragmentUpdated`), so only a real navigation earns a page its
 * own check.
 */
export function trackNavigations(limiter: Pick<RouteLimiter, 'navigated'>, onCommitted: CommittedEvent): void {
  onCommitted.addListener(({ tabId, frameId, url }) => {
    if (frameId === 0 && tabId >= 0) limiter.navigated(tabId, url);
  }, { url: [{ schemes: ['http', 'https'] }] });
}
