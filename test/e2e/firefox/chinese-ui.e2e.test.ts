import { describe, expect, it } from 'vitest';
import { badge, firefoxForFile, openOptions, openPopup, readNotice, screenshot, textOf, visit } from '../support/firefox';

/**
 * Firefox in Chinese (intl.locale.requested=zh-CN with Debian's zh-CN language
 * pack, as a Chinese Firefox is): the extension's UI follows it, as in
 * chinese-ui.e2e.test.ts for Chromium.
 */
const session = firefoxForFile('zh-CN');

describe('Firefox: Chinese UI', () => {
  it('notice, badge tooltip and popup in Chinese on a Chinese repost', async () => {
    const { server, firefox } = session;
    const original = await visit(firefox, server.siteA('/tansuo/2017/zh-original.html'));
    const repost = await visit(firefox, server.siteB('/zixun/zh-repost.html'));
    expect(repost.report.status).toBe('repost');

    const notice = await readNotice(firefox, repost.page);
    expect(notice?.text).toContain('这篇文章似乎转载自 宇航员在太空中喝酒会怎么样');
    expect(notice?.text).toContain('（127.0.0.1），你在');
    expect(notice?.text).toContain('打开之前的页面');
    await screenshot(repost.page, 'firefox-zh-notice');

    expect((await badge(firefox, repost.tabId)).title).toMatch(/^Déjà Lu（似曾读过）: 转载自《\u2068宇航员/);

    const popup = await openPopup(firefox, repost.tabId);
    expect(await textOf(popup, '.pill')).toBe('转载');
    expect(await textOf(popup, '.matches h2')).toBe('以前读过的版本');
    expect(await textOf(popup, '#check')).toBe('检查此页');
    await screenshot(popup, 'firefox-zh-popup-repost', { fullPage: true });
    await Promise.all([original.page.close(), repost.page.close(), popup.close()]);
  });

  it('history and settings pages in Chinese', async () => {
    const { firefox } = session;
    const options = await openOptions(firefox);
    expect(await options.title()).toBe('Déjà Lu — 历史与设置');
    expect(await textOf(options, '#history-summary')).toMatch(/^2 个页面 · 占用 /);
    expect(await textOf(options, '#export-json')).toBe('导出 JSON');
    await screenshot(options, 'firefox-zh-history', { fullPage: true });

    await options.click('#tab-settings');
    await options.waitForFunction(() => document.querySelector('#settings h1')?.textContent === '设置');
    await screenshot(options, 'firefox-zh-settings', { fullPage: true });
    await options.close();
  });
});
