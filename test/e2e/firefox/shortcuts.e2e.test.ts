import { describe, expect, it } from 'vitest';
import { CHECK_PAGE_COMMAND } from '../../../src/background/shortcuts';
import { popupPagePath, selectionKey } from '../../../src/messaging';
import { firefoxForFile, openExtensionPage, openPage, setSettings, storedPages, textOf, visit } from '../support/firefox';

/**
 * Firefox: checking without the mouse. Firefox takes the keyboard command;
 * what the shortcut and the context menu open (the popup page, by the address
 * src/background/shortcuts.ts builds) checks the page, the selected text
 * left in storage.session, and pasted text. Firefox's events have no
 * `dispatch` to fire the background's own listeners with, as the Chromium
 * tests do (test/e2e/shortcuts.e2e.test.ts): the pages are opened here at
 * the addresses the listeners open.
 */
const session = firefoxForFile('en');

type WithBrowser = { browser: { commands: { getAll(): Promise<object[]> }; storage: { session: { set(items: object): Promise<void>; get(key: null): Promise<object> } } } };

/** The article text of a fixture page, as a reader would select it. */
function articleText(page: Awaited<ReturnType<typeof openPage>>): Promise<string> {
  return page.evaluate(() => {
    getSelection()!.selectAllChildren(document.querySelector('article')!);
    return getSelection()!.toString();
  });
}

describe('Firefox: check without the mouse', () => {
  it('takes Alt+Shift+D for "Check this page"', async () => {
    const commands = await session.firefox.control.evaluate(() => (globalThis as unknown as WithBrowser).browser.commands.getAll());
    expect(commands).toContainEqual(expect.objectContaining({ name: CHECK_PAGE_COMMAND, shortcut: 'Alt+Shift+D', description: 'Check this page' }));
  });

  it('the page the shortcut opens checks the tab; the one "Check selected text" opens checks the selection; neither records', async () => {
    const { server, firefox } = session;
    const originalUrl = server.siteA('/shortcuts/en-original.html');
    const original = await visit(firefox, originalUrl);
    await setSettings(firefox, { autoMode: false });
    try {
      const copy = await visit(firefox, server.siteB('/shortcuts/en-repost.html'));
      expect(copy.report.status).toBe('off');

      const checked = await openExtensionPage(firefox, popupPagePath({ tabId: copy.tabId, check: true }).slice(1));
      await checked.waitForFunction(() => document.querySelector('#report .pill')?.textContent === 'Repost');
      expect(await checked.$eval('#report .match-title', (a) => a.getAttribute('href'))).toBe(originalUrl);

      const selected = await articleText(copy.page);
      await firefox.control.evaluate((key, text) => (globalThis as unknown as WithBrowser).browser.storage.session.set({ [key.replace(/^session:/, '')]: text }), selectionKey('firefox-1'), selected);
      const fromMenu = await openExtensionPage(firefox, popupPagePath({ tabId: copy.tabId, selection: 'firefox-1' }).slice(1));
      await fromMenu.waitForFunction(() => document.querySelector('#text-report .pill')?.textContent === 'Repost');
      expect(await textOf(fromMenu, '#text-report .summary')).toBe('A copy of an article you read before.');
      const left = await firefox.control.evaluate(() => (globalThis as unknown as WithBrowser).browser.storage.session.get(null));
      expect(Object.keys(left).filter((key) => key.startsWith('selection:'))).toEqual([]);

      await fromMenu.$eval('#paste-text', (box) => {
        (box as HTMLTextAreaElement).value = 'A line too short to judge.';
        box.dispatchEvent(new Event('input'));
      });
      await fromMenu.click('#check-text');
      await fromMenu.waitForFunction(() => document.querySelector('#text-report .pill')?.textContent === 'Too short');

      expect((await storedPages(firefox)).map((page) => page.url)).toEqual([originalUrl]);
      await Promise.all([copy.page.close(), checked.close(), fromMenu.close()]);
    } finally {
      await setSettings(firefox, { autoMode: true });
    }
    await original.page.close();
  });
});
