import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ShortcutApi } from '../../src/background/shortcuts';
import { startBackground } from '../../src/background/start';
import { englishMessage } from '../support/english';
import { freshHistory } from './fakes';

/** fakeBrowser.reset() leaves webNavigation's listeners in place (its fake has no resetState): cleared here. */
function resetBrowser(): void {
  fakeBrowser.reset();
  fakeBrowser.i18n.getMessage = englishMessage as typeof fakeBrowser.i18n.getMessage;
  for (const event of [fakeBrowser.webNavigation.onCompleted, fakeBrowser.webNavigation.onDOMContentLoaded, fakeBrowser.runtime.onStartup]) {
    (event as unknown as { removeAllListeners(): void }).removeAllListeners();
  }
}

describe('startBackground', () => {
  beforeEach(resetBrowser);

  it.each([
    ['Chromium build (no content script in the manifest): the background injects it once a page has loaded, and into the tabs open when it starts', false, true],
    ['Firefox build (the manifest declares it): the browser injects it, also into open tabs; the background adds no second copy', true, false],
  ])('%s', async (_name, declared, injectsAfterLoad) => {
    const queryWebTabs = vi.fn(async () => []);
    const shortcutApi = {
      commands: { onCommand: { addListener: vi.fn() } },
      contextMenus: { create: vi.fn(), removeAll: vi.fn(async () => {}), onClicked: { addListener: vi.fn() } },
    } satisfies ShortcutApi;
    startBackground({ open: () => freshHistory(Date.now), declaresContentScript: () => declared, queryWebTabs, openTabsRead: { get: async () => false, set: async () => {} }, shortcutApi });
    if (injectsAfterLoad) await vi.waitFor(() => expect(queryWebTabs).toHaveBeenCalledOnce());
    else await new Promise((resolve) => setTimeout(resolve, 50)).then(() => expect(queryWebTabs).not.toHaveBeenCalled());
    // The worker starts with the browser, to read the tabs it restores.
    expect(fakeBrowser.runtime.onStartup.hasListeners()).toBe(injectsAfterLoad);
    expect(fakeBrowser.webNavigation.onCompleted.hasListeners()).toBe(injectsAfterLoad);
    expect(fakeBrowser.webNavigation.onDOMContentLoaded.hasListeners()).toBe(injectsAfterLoad);
    // Either way it answers the content script and the popup, forgets closed tabs and welcomes a new user.
    expect(fakeBrowser.runtime.onMessage.hasListeners()).toBe(true);
    expect(fakeBrowser.tabs.onRemoved.hasListeners()).toBe(true);
    expect(fakeBrowser.runtime.onInstalled.hasListeners()).toBe(true);
    // And the keyboard shortcut and the context menu (shortcuts.ts).
    expect(shortcutApi.commands.onCommand.addListener).toHaveBeenCalledOnce();
    expect(shortcutApi.contextMenus.onClicked.addListener).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(shortcutApi.contextMenus.create).toHaveBeenCalledTimes(2));
  });
});
