import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';

/** The welcome page (entrypoints/welcome), as the build names it. */
export const WELCOME_PAGE = '/welcome.html';

/**
 * Set once the welcome page has opened. storage.local outlives updates,
 * disabling and browser restarts (uninstalling empties it), so a profile
 * that saw the page never sees it again, whatever the browser reports.
 */
const WELCOME_SHOWN_KEY = 'local:welcome-shown';

/** Whether the welcome page has opened in this profile. */
export interface ShownFlag {
  get(): Promise<boolean>;
  set(): Promise<void>;
}

export interface WelcomeDeps {
  shown: ShownFlag;
  /** Opens the welcome page in a tab. */
  open: () => Promise<unknown>;
}

const storedFlag: ShownFlag = {
  get: async () => (await storage.getItem<boolean>(WELCOME_SHOWN_KEY)) === true,
  set: () => storage.setItem(WELCOME_SHOWN_KEY, true),
};

const defaultDeps: WelcomeDeps = {
  shown: storedFlag,
  open: () => browser.tabs.create({ url: browser.runtime.getURL(WELCOME_PAGE) }),
};

/**
 * Only a first install opens the page: not an update, a browser update
 * ("chrome_update", "browser_update") or a shared module's, and not an
 * install in a profile that has seen it.
 */
export function shouldOpenWelcome(reason: string, alreadyShown: boolean): boolean {
  return reason === 'install' && !alreadyShown;
}

/** What `runtime.onInstalled` does with `reason`: opens the page if it should, then remembers it did. */
export async function welcomeOnInstall(reason: string, { shown, open }: WelcomeDeps = defaultDeps): Promise<void> {
  if (!shouldOpenWelcome(reason, await shown.get())) return;
  await open();
  await shown.set();
}

/** Registers the listener (synchronously, as the worker's start-up must: onInstalled is what woke it). */
export function openWelcomeOnInstall(onError: (error: unknown) => void, deps: WelcomeDeps = defaultDeps): void {
  browser.runtime.onInstalled.addListener(({ reason }) => void welcomeOnInstall(reason, deps).catch(onError));
}
