import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openWelcomeOnInstall, shouldOpenWelcome, welcomeOnInstall, WELCOME_PAGE } from '../../src/background/welcome';

describe('shouldOpenWelcome: the welcome page opens once, on a first install', () => {
  it.each<[string, string, boolean, boolean]>([
    ['install → open', 'install', false, true],
    ['update → not', 'update', false, false],
    ['install when the flag is already set (installed again in the same profile) → not', 'install', true, false],
    ['update when the flag is set → not', 'update', true, false],
    ['browser updated (Chromium) → not', 'chrome_update', false, false],
    ['browser updated (Firefox) → not', 'browser_update', false, false],
    ['shared module updated → not', 'shared_module_update', false, false],
  ])('%s', (_name, reason, alreadyShown, opens) => {
    expect(shouldOpenWelcome(reason, alreadyShown)).toBe(opens);
  });
});

describe('welcomeOnInstall', () => {
  /** A flag kept in memory, and the pages opened. */
  function fakes(alreadyShown = false) {
    let shown = alreadyShown;
    const opened: number[] = [];
    return {
      opened,
      isShown: () => shown,
      deps: {
        shown: { get: async () => shown, set: async () => { shown = true; } },
        open: async () => { opened.push(opened.length + 1); },
      },
    };
  }

  it('opens the page and sets the flag, so a second install in the profile opens nothing', async () => {
    const { opened, isShown, deps } = fakes();
    await welcomeOnInstall('install', deps);
    expect(opened).toEqual([1]);
    expect(isShown()).toBe(true);
    await welcomeOnInstall('install', deps);
    expect(opened).toEqual([1]);
  });

  it('leaves the flag unset when the page could not open', async () => {
    const { isShown, deps } = fakes();
    await expect(welcomeOnInstall('install', { ...deps, open: async () => { throw new Error('no window'); } })).rejects.toThrow('no window');
    expect(isShown()).toBe(false);
  });
});

describe('in the extension (storage.local, tabs)', () => {
  beforeEach(() => fakeBrowser.reset());

  const welcomeTabs = async () => (await fakeBrowser.tabs.query({})).filter((tab) => tab.url === fakeBrowser.runtime.getURL(WELCOME_PAGE));

  it.each<[string, string[], number]>([
    ['an install opens the welcome page in a tab', ['install'], 1],
    ['an update opens nothing', ['update'], 0],
    ['an install again, its storage kept, opens nothing more', ['install', 'install'], 1],
    ['an install after updates opens it', ['update', 'chrome_update', 'install'], 1],
  ])('%s', async (_name, reasons, tabs) => {
    for (const reason of reasons) await welcomeOnInstall(reason);
    expect(await welcomeTabs()).toHaveLength(tabs);
  });

  it('the listener opens it when the browser reports the install', async () => {
    const errors: unknown[] = [];
    openWelcomeOnInstall((error) => errors.push(error));
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    await expect.poll(welcomeTabs).toHaveLength(1);
    await expect.poll(async () => (await fakeBrowser.storage.local.get('welcome-shown'))['welcome-shown']).toBe(true);
    expect(errors).toEqual([]);
  });
});
