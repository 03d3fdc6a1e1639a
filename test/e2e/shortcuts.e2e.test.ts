import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_PAGE_COMMAND, MENU_CHECK_PAGE, MENU_CHECK_SELECTION } from '../../src/background/shortcuts';
import { EXTENSION_DIR, launchWithExtension, openPage, type ExtensionBrowser } from './support/browser';
import { openPopup, screenshot, setSettings, storedPages, visitPage, waitForReport } from './support/extension';
import { startFixtureServer, type FixtureServer } from './support/server';

/**
 * Checking without the mouse: the keyboard shortcut, the context menu and
 * the popup's paste box, in the built extension. Playwright can neither
 * press a browser-level shortcut (Chromium handles extension commands in
 * its window, which the DevTools protocol's key events never reach) nor
 * click a native context menu, so the tests fire the very events the
 * browser would, in the service worker (`onCommand.dispatch`,
 * `onClicked.dispatch`): the background's own listeners run, as for a real
 * key press or click, and open the popup page beside the tab.
 */
let server: FixtureServer;

/** The service worker's `chrome`, as far as these tests use it. */
interface WorkerChrome {
  tabs: { get(id: number): Promise<object> };
  commands: { onCommand: { dispatch(command: string, tab: object): void } };
  contextMenus: { onClicked: { dispatch(info: object, tab: object): void } };
  storage: { session: { get(key: null): Promise<Record<string, unknown>> } };
}

/** Fires `event` in the background for tab `tabId`, as the browser does, and returns the page it opens. */
async function fire(context: BrowserContext, worker: Worker, event: { command: string } | { menuItemId: string; selectionText?: string }, tabId: number): Promise<Page> {
  const opened = context.waitForEvent('page');
  await worker.evaluate(async ({ event, tabId }) => {
    const { chrome } = globalThis as unknown as { chrome: WorkerChrome };
    const tab = await chrome.tabs.get(tabId);
    if ('command' in event) chrome.commands.onCommand.dispatch(event.command, tab);
    else chrome.contextMenus.onClicked.dispatch({ editable: false, ...event }, tab);
  }, { event, tabId });
  const page = await opened;
  await page.waitForLoadState();
  return page;
}

/** The article text of a fixture page, as a reader would select it. */
function articleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const article = document.querySelector('article')!;
    getSelection()!.selectAllChildren(article);
    return getSelection()!.toString();
  });
}

beforeAll(async () => {
  server = await startFixtureServer();
});

afterAll(async () => {
  await server?.close();
});

describe('check without the mouse (English)', () => {
  let browser: ExtensionBrowser;
  const originalUrl = () => server.siteA('/shortcuts/en-original.html');

  beforeAll(async () => {
    browser = await launchWithExtension('en');
    // The history holds one article; the pages checked below are not checked automatically.
    const original = await visitPage(browser.context, browser.worker, originalUrl());
    await original.page.close();
    await setSettings(browser.worker, { autoMode: false });
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** Opens `path` on the second site, which automatic checks (off) leave unchecked, once the background has said so. */
  async function openUnchecked(path: string): Promise<{ page: Page; tabId: number }> {
    const url = server.siteB(path);
    const since = Date.now();
    const page = await openPage(browser.context, url);
    return { page, tabId: (await waitForReport(browser.worker, url, since)).tabId };
  }

  /** What the history holds: only the article read at the start, whatever was checked since. */
  const historyUrls = async () => (await storedPages(browser.worker)).map((page) => page.url);

  it('declares Alt+Shift+D in the built manifest, and Chromium takes it', async () => {
    const manifest = JSON.parse(await readFile(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as { commands: Record<string, unknown> };
    expect(manifest.commands).toEqual({ [CHECK_PAGE_COMMAND]: { suggested_key: { default: 'Alt+Shift+D' }, description: '__MSG_commandCheckPage__' } });
    const commands = await browser.worker.evaluate(() => (globalThis as unknown as { chrome: { commands: { getAll(): Promise<object[]> } } }).chrome.commands.getAll());
    expect(commands).toContainEqual({ name: CHECK_PAGE_COMMAND, description: 'Check this page', shortcut: 'Alt+Shift+D' });
  });

  it.each([
    ['the keyboard shortcut', { command: CHECK_PAGE_COMMAND }, '/shortcuts/key/en-repost.html'],
    ['"Check this page with Déjà Lu" in the context menu', { menuItemId: MENU_CHECK_PAGE }, '/shortcuts/menu/en-repost.html'],
  ])('%s checks the page as the popup\'s button does: the verdict beside it, nothing recorded', async (_name, event, path) => {
    const { context, worker } = browser;
    const { page: repost, tabId } = await openUnchecked(path);

    const result = await fire(context, worker, event, tabId);
    expect(new URL(result.url()).search).toBe(`?tabId=${tabId}&check=1`);
    await expect.poll(() => result.locator('#report .pill').textContent()).toBe('Repost');
    await expect(result.locator('#report .match-title').getAttribute('href')).resolves.toBe(originalUrl());
    // As after the popup's own check: the page is offered for the history, not put in it.
    await expect(result.locator('#record-prompt').isVisible()).resolves.toBe(true);
    expect(await historyUrls()).toEqual([originalUrl()]);
    await Promise.all([repost.close(), result.close()]);
  });

  it('"Check selected text with Déjà Lu": the selection is checked in the popup page\'s paste box, and not kept', async () => {
    const { context, worker } = browser;
    const { page: repost, tabId } = await openUnchecked('/shortcuts/selection/en-repost.html');
    const selected = await articleText(repost);

    const result = await fire(context, worker, { menuItemId: MENU_CHECK_SELECTION, selectionText: selected }, tabId);
    await expect.poll(() => result.locator('#text-report .pill').textContent()).toBe('Repost');
    await expect(result.locator('#text-report .match-title').getAttribute('href')).resolves.toBe(originalUrl());
    await expect(result.locator('#paste-text').inputValue()).resolves.toBe(selected);
    // The page's own verdict above is untouched: the text is no page of the tab.
    await expect(result.locator('#report .pill').textContent()).resolves.toBe('Automatic checks off');
    // The text left the session store once read, and went into no history.
    const session = await worker.evaluate(() => (globalThis as unknown as { chrome: WorkerChrome }).chrome.storage.session.get(null));
    expect(Object.keys(session).filter((key) => key.startsWith('selection:'))).toEqual([]);
    expect(await historyUrls()).toEqual([originalUrl()]);
    await Promise.all([repost.close(), result.close()]);
  });

  it('the paste box in the popup: a copy, an unrelated article and a line, each judged as a page would be', async () => {
    const { context } = browser;
    const { page: other, tabId } = await openUnchecked('/shortcuts/paste/en-other.html');
    const unrelated = await articleText(other);
    const { page: source } = await openUnchecked('/shortcuts/paste/en-repost.html');
    const copy = await articleText(source);
    const popup = await openPopup(context, browser.extensionId, tabId);
    const check = popup.locator('#check-text');
    await expect(check.isDisabled()).resolves.toBe(true);

    for (const [text, pill, summary] of [
      [unrelated, 'New', 'Nothing like this text in your history.'],
      ['Is this the article I read last week?', 'Too short', 'Too short to judge: there is not enough text for a reliable comparison.'],
      [copy, 'Repost', 'A copy of an article you read before.'],
    ] as const) {
      await popup.locator('#paste-text').fill(text);
      await check.click();
      await expect.poll(() => popup.locator('#text-report .pill').textContent()).toBe(pill);
      await expect(popup.locator('#text-report .summary').textContent()).resolves.toBe(summary);
    }
    await expect(popup.locator('#text-report .match-title').getAttribute('href')).resolves.toBe(originalUrl());
    expect(await historyUrls()).toEqual([originalUrl()]);

    // As opened by the shortcut or the menu: a tab of its own.
    await popup.setViewportSize({ width: 1280, height: 800 });
    await popup.locator('#paste-text').evaluate((box: HTMLTextAreaElement) => box.scrollTo(0, 0));
    await popup.mouse.move(0, 0);
    await screenshot(popup, 'en-popup-paste');
    await Promise.all([other.close(), source.close(), popup.close()]);
  });
});

describe('check without the mouse (Chinese)', () => {
  let browser: ExtensionBrowser;

  beforeAll(async () => {
    browser = await launchWithExtension('zh-CN');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('the paste box in Chinese, on a pasted Chinese repost', async () => {
    const { context, worker } = browser;
    const original = await visitPage(context, worker, server.siteA('/shortcuts/zh-original.html'));
    await setSettings(worker, { autoMode: false });
    const source = await openPage(context, server.siteB('/shortcuts/zh-repost.html'));
    const copy = await articleText(source);
    const popup = await openPopup(context, browser.extensionId, original.tabId);
    await expect(popup.locator('#paste-heading').textContent()).resolves.toBe('检查任意文字');
    await expect(popup.locator('#paste-text').getAttribute('placeholder')).resolves.toBe('粘贴文字，与你的历史记录比对');

    await popup.setViewportSize({ width: 1280, height: 800 });
    await popup.locator('#paste-text').fill(copy);
    await popup.locator('#check-text').click();
    await expect.poll(() => popup.locator('#text-report .pill').textContent()).toBe('转载');
    await expect(popup.locator('#text-report .summary').textContent()).resolves.toBe('这段文字复制自你以前读过的文章。');
    await popup.locator('#paste-text').evaluate((box: HTMLTextAreaElement) => box.scrollTo(0, 0));
    await popup.mouse.move(0, 0);
    await screenshot(popup, 'zh-popup-paste');
    await Promise.all([original.page.close(), source.close(), popup.close()]);
  });
});
