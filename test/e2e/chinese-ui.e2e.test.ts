import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, openPage, type ExtensionBrowser } from './support/browser';
import { badge, openOptions, openPopup, readNotice, screenshot, waitForReport } from './support/extension';
import { startFixtureServer, type FixtureServer } from './support/server';

/** A half-width glyph is at most this wide, in em; CJK full-width forms are 1 em. */
const HALF_WIDTH_EM = 0.6;

/** How wide `text` is drawn in the page's body font, in em. */
function glyphWidthEm(page: Page, text: string): Promise<number> {
  return page.evaluate((t) => {
    const span = document.createElement('span');
    span.textContent = t;
    document.body.append(span);
    const width = span.getBoundingClientRect().width / parseFloat(getComputedStyle(span).fontSize);
    span.remove();
    return width;
  }, text);
}

/** The browser in Chinese (--lang=zh-CN, LANGUAGE=zh_CN): every piece of UI follows it. */
let server: FixtureServer;
let browser: ExtensionBrowser;

beforeAll(async () => {
  server = await startFixtureServer();
  browser = await launchWithExtension('zh-CN');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function visit(url: string) {
  const since = Date.now();
  const page = await openPage(browser.context, url);
  return { page, ...(await waitForReport(browser.worker, url, since)) };
}

describe('Chinese UI', () => {
  it('notice, badge tooltip and popup in Chinese on a Chinese repost', async () => {
    const originalUrl = server.siteA('/tansuo/2017/zh-original.html');
    const original = await visit(originalUrl);
    const repost = await visit(server.siteB('/zixun/zh-repost.html'));
    expect(repost.report.status).toBe('repost');

    const notice = await readNotice(repost.page);
    expect(notice?.text).toContain('这篇文章似乎转载自 宇航员在太空中喝酒会怎么样');
    expect(notice?.text).toContain('（127.0.0.1），你在');
    expect(notice?.text).toContain('打开之前的页面');
    await screenshot(repost.page, 'zh-notice');

    expect((await badge(browser.worker, repost.tabId)).title).toMatch(/^Déjà Lu（似曾读过）: 转载自《\u2068宇航员/);

    const popup = await openPopup(browser.context, browser.extensionId, repost.tabId);
    await expect.poll(() => popup.locator('.pill').textContent()).toBe('转载');
    await expect.poll(() => popup.locator('.matches h2').textContent()).toBe('以前读过的版本');
    await expect.poll(() => popup.locator('#check').textContent()).toBe('检查此页');
    await screenshot(popup, 'zh-popup-repost', { fullPage: true });
    await Promise.all([original.page.close(), repost.page.close(), popup.close()]);
  });

  it('English articles with long titles, flagged in the Chinese UI', async () => {
    const original = await visit(server.siteA('/tech/2019/en-original.html'));
    const repost = await visit(server.siteB('/reprint/en-repost.html'));
    expect(repost.report.status).toBe('repost');
    expect((await readNotice(repost.page))?.text).toContain('先前读过的页面发布得更早');
    await screenshot(repost.page, 'zh-notice-long-title');
    const popup = await openPopup(browser.context, browser.extensionId, repost.tabId);
    await screenshot(popup, 'zh-popup-long-title', { fullPage: true });
    await Promise.all([original.page.close(), repost.page.close(), popup.close()]);
  });

  it('history and settings pages in Chinese', async () => {
    const short = await visit(server.siteA('/info/short.html'));
    await short.page.close();
    const options = await openOptions(browser.context, browser.extensionId);
    await expect.poll(() => options.title()).toBe('Déjà Lu — 历史与设置');
    await expect.poll(() => options.locator('#history-summary').textContent()).toMatch(/^5 个页面 · 占用 /);
    await expect.poll(() => options.locator('#export-json').textContent()).toBe('导出 JSON');
    await screenshot(options, 'zh-history', { fullPage: true });
    // The titles of English articles: "Apple’s", not the CJK font's full-width "Apple’ s".
    expect(await glyphWidthEm(options, '’')).toBeLessThan(HALF_WIDTH_EM);

    await options.click('#tab-settings');
    await expect.poll(() => options.locator('#settings h1').textContent()).toBe('设置');
    await screenshot(options, 'zh-settings', { fullPage: true });
    await options.close();
  });
});
