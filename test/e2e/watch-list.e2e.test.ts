import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, openPage, type ExtensionBrowser, type UiLocale } from './support/browser';
import { openOptions, openPopup, readNotice, screenshot, storedPages, visitPage } from './support/extension';
import { startFixtureServer, type FixtureServer } from './support/server';

/**
 * My articles: the user marks a page as theirs in the popup (or imports
 * their feed or sitemap), a copy on another site is then flagged as a copy
 * of their article, and the options page lists it, as CSV too.
 */
let server: FixtureServer;
let files: string;
const SCREEN = { width: 1280, height: 800 };

beforeAll(async () => {
  server = await startFixtureServer();
  files = await mkdtemp(join(tmpdir(), 'deja-lu-watch-'));
});

afterAll(async () => {
  await server?.close();
});

/** The article element of a fixture page, as the feed's HTML content of one item. */
async function articleHtml(fixture: string): Promise<string> {
  const html = await readFile(join(import.meta.dirname, 'fixtures', fixture), 'utf8');
  return /<article[\s\S]*<\/article>/.exec(html)![0];
}

const cdata = (text: string) => `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

async function markAsMine(browser: ExtensionBrowser, tabId: number): Promise<Page> {
  const popup = await openPopup(browser.context, browser.extensionId, tabId);
  await popup.locator('#own-toggle').click();
  await expect.poll(() => popup.locator('#own-note').isVisible()).toBe(true);
  return popup;
}

/** The My articles tab once its list is filled in. */
async function myArticles(browser: ExtensionBrowser): Promise<Page> {
  const options = await openOptions(browser.context, browser.extensionId, '#mine');
  await options.setViewportSize(SCREEN);
  await options.waitForFunction(() => document.getElementById('mine-summary')?.textContent !== '');
  return options;
}

describe('My articles (English)', () => {
  let browser: ExtensionBrowser;
  const originalUrl = () => server.siteA('/mine/en-original.html');
  const copyUrl = () => server.siteB('/copied/en-repost.html');

  beforeAll(async () => {
    browser = await launchWithExtension('en');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('"This is my article" in the popup marks the page; a copy elsewhere is then a copy of your article', async () => {
    const { context, worker } = browser;
    const original = await visitPage(context, worker, originalUrl());
    const popup = await markAsMine(browser, original.tabId);
    await expect(popup.locator('#own-toggle').textContent()).resolves.toBe('Not my article');
    expect((await storedPages(worker)).find((page) => page.url === originalUrl())?.source).toBe('author');
    await screenshot(popup, 'popup-own-en', { fullPage: true });
    await popup.close();

    const copy = await openPage(context, copyUrl());
    await copy.setViewportSize(SCREEN);
    await expect.poll(async () => (await readNotice(copy))?.text ?? '').toContain('Looks like a copy of your article Rewriting Rules of Engagement');
    const notice = (await readNotice(copy))!;
    expect(notice.text).toContain('Your article');
    expect(notice.text).toContain('Open your article');
    expect(notice.links).toContain(originalUrl());
    await screenshot(copy, 'notice-author-en');
    await Promise.all([original.page.close(), copy.close()]);
  });

  it('the My articles tab lists the copy with its link and dates, and exports it as CSV', async () => {
    const options = await myArticles(browser);
    const article = options.locator('.mine-article', { hasText: 'Rewriting Rules of Engagement' });
    await expect(article.locator('h2 a').getAttribute('href')).resolves.toBe(originalUrl());
    await expect(article.locator('.copy-title').getAttribute('href')).resolves.toBe(copyUrl());
    await expect(article.locator('tr.copy .col-match').textContent()).resolves.toMatch(/^Repost\d+%$/);
    await expect(options.locator('#mine-summary').textContent()).resolves.toBe('Articles: 1 · copies seen: 1 · sitemap addresses watched: 0');
    await screenshot(options, 'my-articles-en');

    // The printed report: the list and the date it was made, without the page's controls.
    await options.emulateMedia({ media: 'print' });
    await expect(options.locator('.masthead').isVisible()).resolves.toBe(false);
    await expect(options.locator('#mine-export-csv').isVisible()).resolves.toBe(false);
    await expect(options.locator('#mine-printed-on').textContent()).resolves.toMatch(/^Copies of my articles seen while reading, as of /);
    await expect(options.locator('#mine-printed-on').isVisible()).resolves.toBe(true);
    await expect(article.locator('tr.copy').isVisible()).resolves.toBe(true);
    await screenshot(options, 'my-articles-print-en');
    await options.emulateMedia({ media: 'screen' });

    const [download] = await Promise.all([options.waitForEvent('download'), options.click('#mine-export-csv')]);
    expect(download.suggestedFilename()).toMatch(/^deja-lu-my-articles-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = join(files, 'mine.csv');
    await download.saveAs(path);
    const [header, row, ...rest] = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header).toBe('articleTitle,articleUrl,copyTitle,copyUrl,copySite,verdict,similarity,firstSeen,lastSeen');
    expect(row).toContain(`,${originalUrl()},`);
    expect(row).toContain(`,${copyUrl()},localhost,duplicate,`);
    expect(rest).toEqual([]);
    await options.close();
  });

  it('a feed file marks its articles as yours without fetching anything; their copies are flagged', async () => {
    const { context, worker } = browser;
    const articleUrl = server.siteA('/feed/en-other.html');
    const feed = join(files, 'feed.xml');
    await writeFile(feed, `<?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Mine</title>
      <item><title>Vision Pro hands-on</title><link>${articleUrl}</link><pubDate>Tue, 06 Jun 2023 10:00:00 GMT</pubDate>
      <content:encoded>${cdata(await articleHtml('en-other.html'))}</content:encoded></item></channel></rss>`);
    const requested = server.requests.length;
    const options = await myArticles(browser);
    await options.setInputFiles('#mine-file', feed);
    await expect.poll(() => options.locator('#mine-status').textContent()).toBe('Articles from the feed now marked as yours: 1.');
    expect(server.requests.slice(requested).filter((path) => path.includes('/feed/'))).toEqual([]);
    expect((await storedPages(worker)).find((page) => page.url === articleUrl)).toMatchObject({ source: 'author', title: 'Vision Pro hands-on' });
    await options.close();

    const copy = await visitPage(context, worker, server.siteB('/elsewhere/en-other-repost.html'));
    expect(copy.report.matches[0]).toMatchObject({ url: articleUrl, source: 'author' });
    await copy.page.close();
  });

  it('a sitemap\'s addresses are recorded as yours when visited, and "Not my article" takes it back', async () => {
    const { context, worker } = browser;
    const articleUrl = server.siteA('/sitemap/zh-original.html');
    const sitemap = join(files, 'sitemap.xml');
    await writeFile(sitemap, `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${articleUrl}</loc></url></urlset>`);
    const options = await myArticles(browser);
    await options.setInputFiles('#mine-file', sitemap);
    await expect.poll(() => options.locator('#mine-status').textContent()).toBe('1 new addresses from the sitemap (1 in all): visiting one records it as your article.');
    await options.close();

    const article = await visitPage(context, worker, articleUrl);
    expect(article.report.own).toBe(true);
    const copy = await visitPage(context, worker, server.siteB('/copy/zh-repost.html'));
    expect(copy.report.matches[0]).toMatchObject({ url: articleUrl, source: 'author' });

    const popup = await openPopup(context, browser.extensionId, article.tabId);
    await expect.poll(() => popup.locator('#own-toggle').textContent()).toBe('Not my article');
    await popup.locator('#own-toggle').click();
    await expect.poll(() => popup.locator('#own-toggle').textContent()).toBe('This is my article');
    expect((await storedPages(worker)).find((page) => page.url === articleUrl)?.source).toBe('visit');
    await Promise.all([article.page.close(), copy.page.close(), popup.close()]);
  });
});

describe('My articles (Chinese)', () => {
  let browser: ExtensionBrowser;
  const locale: UiLocale = 'zh-CN';

  beforeAll(async () => {
    browser = await launchWithExtension(locale);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('says 这是我的文章, flags the copy and lists it', async () => {
    const { context, worker } = browser;
    const original = await visitPage(context, worker, server.siteA('/mine/zh-original.html'));
    const popup = await markAsMine(browser, original.tabId);
    await expect(popup.locator('#own-toggle').textContent()).resolves.toBe('不是我的文章');
    await popup.close();

    const copy = await openPage(context, server.siteB('/copied/zh-repost.html'));
    await copy.setViewportSize(SCREEN);
    await expect.poll(async () => (await readNotice(copy))?.text ?? '').toMatch(/你的文章/);
    await screenshot(copy, 'notice-author-zh');

    const options = await myArticles(browser);
    await expect(options.locator('#mine-summary').textContent()).resolves.toBe('1 篇文章 · 发现 1 个副本 · 关注 0 个站点地图地址');
    await expect(options.locator('.copy-title').getAttribute('href')).resolves.toBe(server.siteB('/copied/zh-repost.html'));
    await screenshot(options, 'my-articles-zh');
    await Promise.all([original.page.close(), copy.close(), options.close()]);
  });
});
