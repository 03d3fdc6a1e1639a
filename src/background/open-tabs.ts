import type { Settings } from '../settings';
import type { ContentScriptEnsurer } from './content-injection';
import { blockedStatus } from './visit-service';

/** What `tabs.query` tells about a tab (its URL only where the extension has host access: http(s) pages). */
export interface OpenTab {
  id?: number;
  url?: string;
  incognito: boolean;
  /** Unloaded by the browser to save memory: nothing to read until the user returns to it. */
  discarded?: boolean;
}

export interface OpenTabsDeps {
  /** The tabs showing http(s) pages. */
  query: () => Promise<OpenTab[]>;
  loadSettings: () => Promise<Settings>;
  /** Puts the content script into the tab unless it is there (content-injection.ts). */
  inject: ContentScriptEnsurer;
  /**
   * Called for each tab about to be read: its page was loaded before the
   * content script came, so the background must neither take its check for
   * content swapped in (route-limiter.ts) nor count it as a new visit.
   * Returns what undoes it, for a tab that had the content script already.
   */
  loadedEarlier: (tabId: number, url: string) => () => void;
  onError?: (error: unknown) => void;
}

const WEB_PAGE = /^https?:\/\//i;

/**
 * Reads the pages already open when the background starts for the first time
 * in a browser session: after the extension is installed, enabled, updated
 * or reloaded, and when the browser starts (tabs restored, or a page that
 * loaded before the service worker listened). Their loads came before any
 * listener: without this they are never read. Only what automatic mode
 * would read: nothing when it is off, no excluded site, no incognito tab
 * unless allowed; discarded tabs wait until they are loaded again.
 * Resolves to the tabs injected.
 */
export async function readOpenTabs({ query, loadSettings, inject, loadedEarlier, onError = () => {} }: OpenTabsDeps): Promise<number[]> {
  const settings = await loadSettings();
  if (!settings.autoMode) return [];
  const readable = (await query()).filter(
    (tab): tab is OpenTab & { id: number; url: string } =>
      tab.id !== undefined && tab.id >= 0 && tab.url !== undefined && WEB_PAGE.test(tab.url) && !tab.discarded
      && blockedStatus(tab.url, { id: tab.id, incognito: tab.incognito }, settings) === undefined,
  );
  const injected = await Promise.all(readable.map(async (tab) => {
    // Before the injection: the content script's check may follow at once.
    const undo = loadedEarlier(tab.id, tab.url);
    // A tab that has the content script already (it answers the ping) checked its page itself.
    const fresh = await inject(tab.id).catch((error: unknown) => {
      onError(error);
      return false;
    });
    if (!fresh) undo();
    return fresh ? tab.id : undefined;
  }));
  return injected.filter((id) => id !== undefined);
}

/** Where the background notes that this browser session's open tabs were read (storage.session: gone on restart, update, disable). */
export interface SessionFlag {
  get(): Promise<boolean>;
  set(): Promise<void>;
}

/**
 * Runs `run` once per browser session of the extension: the first time the
 * background starts after an install, enable, update, reload or browser
 * start, not each time an idle service worker is woken again.
 */
export function oncePerSession(flag: SessionFlag, run: () => Promise<unknown>): () => Promise<void> {
  let underway: Promise<void> | undefined;
  return () => {
    underway ??= (async () => {
      if (await flag.get()) return;
      await flag.set();
      await run();
    })();
    return underway;
  };
}
