import type { BrowserContext, Page, Worker } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { installExtension, launchWithExtension, type ExtensionBrowser, type UiLocale } from './support/browser';
import { eventually, screenshot } from './support/extension';

/** How long a welcome page that should not open is given to open all the same. */
const NO_WELCOME_WAIT_MS = 2_000;

let browser: ExtensionBrowser | undefined;

afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

function welcomePages(context: BrowserContext): Page[] {
  return context.pages().filter((page) => new URL(page.url()).pathname === '/welcome.html');
}

/** The welcome tab the install opened, once its text is filled in. */
async function welcomePage(context: BrowserContext): Promise<Page> {
  const page = await eventually(async () => welcomePages(context)[0], 'the welcome page');
  await page.waitForFunction(() => document.querySelector('h1')?.textContent !== '');
  return page;
}

/** The worker's `chrome` global, typed with the polyfill's API. */
type WithChrome = { chrome: typeof import('wxt/browser').browser };

function welcomeShown(worker: Worker): Promise<unknown> {
  return worker.evaluate(async () => (await (globalThis as unknown as WithChrome).chrome.storage.local.get('welcome-shown'))['welcome-shown']);
}

async function launch(locale: UiLocale): Promise<{ context: BrowserContext; worker: Worker; page: Page }> {
  browser = await launchWithExtension(locale);
  return { context: browser.context, worker: browser.worker, page: await welcomePage(browser.context) };
}

describe('welcome page', () => {
  it('opens once on a fresh install, says what the extension does, and links to the import', async () => {
    const { context, worker, page } = await launch('en');
    await expect.poll(() => page.title()).toBe('Welcome to Déjà Lu');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Welcome to Déjà Lu');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toMatch(/^en/);
    expect(await page.locator('main').textContent()).toContain('makes no network requests of its own');
    expect(await page.locator('code.command').textContent()).toMatch(/^deja-lu import-file /);
    expect(welcomePages(context)).toHaveLength(1);
    expect(await welcomeShown(worker)).toBe(true);
    await screenshot(page, 'welcome-en');

    await page.click('#welcome-import');
    await page.waitForURL(/\/options\.html#history$/);
    await expect.poll(() => page.locator('#import-json').isVisible()).toBe(true);
    await expect.poll(() => page.locator('#import-json').textContent()).toBe('Import JSON…');
  });

  it('is in Chinese when the browser is', async () => {
    const { page } = await launch('zh-CN');
    await expect.poll(() => page.locator('h1').textContent()).toBe('欢迎使用 Déjà Lu（似曾读过）');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('zh-CN');
    await expect.poll(() => page.locator('#welcome-import').textContent()).toBe('导入历史记录');
    expect(await page.locator('main').textContent()).toContain('不发出任何网络请求');
    await screenshot(page, 'welcome-zh');
  });

  it('does not open again when the extension is updated, flag or no flag', async () => {
    browser = await launchWithExtension('en', [], { installLater: true });
    let worker = await installExtension(browser.context);
    await (await welcomePage(browser.context)).close();
    expect(await welcomeShown(worker)).toBe(true);

    worker = await installExtension(browser.context);
    await new Promise((resolve) => setTimeout(resolve, NO_WELCOME_WAIT_MS));
    expect(welcomePages(browser.context)).toEqual([]);

    // Without the flag, the update's reason alone keeps the page closed.
    await worker.evaluate(() => (globalThis as unknown as WithChrome).chrome.storage.local.remove('welcome-shown'));
    await installExtension(browser.context);
    await new Promise((resolve) => setTimeout(resolve, NO_WELCOME_WAIT_MS));
    expect(welcomePages(browser.context)).toEqual([]);
  });
});
