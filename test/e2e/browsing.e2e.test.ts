import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, openPage, type ExtensionBrowser } from './support/browser';
import { badge, openPopup, readNotice, screenshot, storedPages, waitForReport } from './support/extension';
import { startFixtureServer, type FixtureServer } from './support/server';

let server: FixtureServer;
let browser: ExtensionBrowser;

beforeAll(async () => {
  server = await startFixtureServer();
  browser = await launchWithExtension('en');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('flagging reposts while browsing', () => {
  it('flags a repost at another site: badge, in-page notice, popup listing the original', async () => {
    const { context, worker, extensionId } = browser;
    const originalUrl = server.siteA('/tech/2019/vidyard-video/en-original.html');
    const repostUrl = server.siteB('/blog/copied/en-repost.html');

    let since = Date.now();
    const original = await openPage(context, originalUrl);
    const first = await waitForReport(worker, originalUrl, since);
    expect(first.report.status).toBe('new');
    expect(await badge(worker, first.tabId)).toMatchObject({ text: '' });
    expect(await readNotice(original)).toBeUndefined();

    since = Date.now();
    const repost = await openPage(context, repostUrl);
    const { tabId, report } = await waitForReport(worker, repostUrl, since);
    expect(report.status).toBe('repost');
    expect(report.matches[0]).toMatchObject({ url: originalUrl, site: '127.0.0.1', verdict: 'duplicate' });
    expect(report.firstPublished).toBe('earlier_page');

    const { text, title } = await badge(worker, tabId);
    expect(text).toBe('1');
    expect(title).toContain('Rewriting Rules of Engagement');

    const notice = await readNotice(repost);
    expect(notice?.shadowRootType).toBe('closed');
    expect(notice?.text).toContain('Looks like a repost of Rewriting Rules of Engagement');
    expect(notice?.text).toContain('(127.0.0.1)');
    expect(notice?.text).toContain('The earlier page was published first');
    expect(notice?.links).toContain(originalUrl);
    // The page itself cannot reach into the notice.
    expect(await repost.evaluate(() => document.querySelector('deja-lu-notice')?.shadowRoot ?? null)).toBeNull();
    await screenshot(repost, 'en-notice');

    const popup = await openPopup(context, extensionId, tabId);
    await expect(popup.locator('.pill').textContent()).resolves.toBe('Repost');
    await expect(popup.locator('.match-title').getAttribute('href')).resolves.toBe(originalUrl);
    await screenshot(popup, 'en-popup-repost', { fullPage: true });

    const urls = (await storedPages(worker)).map((p) => p.url);
    expect(urls).toEqual(expect.arrayContaining([originalUrl, repostUrl]));
    await Promise.all([original.close(), repost.close(), popup.close()]);
  });
});
