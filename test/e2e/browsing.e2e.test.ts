import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, openPage, type ExtensionBrowser } from './support/browser';
import { badge, openOptions, openPopup, readNotice, screenshot, setSettings, stopServiceWorker, storedPages, visitPage, waitForReport } from './support/extension';
import { startFixtureServer, type FixtureServer } from './support/server';
import { OFFSCREEN_IDLE_MS } from '../../src/background/offscreen-document';

interface OffscreenProbe {
  sendMessage(message: unknown): Promise<unknown>;
  getContexts(filter: { contextTypes: string[] }): Promise<unknown[]>;
}

/**
 * One browser for the whole file; each test uses its own articles and
 * addresses, so the history they share never decides an outcome.
 */
let server: FixtureServer;
let browser: ExtensionBrowser;
/** Every request the browser made, from pages and workers alike: "<resource type> <url>". */
const requests: string[] = [];

beforeAll(async () => {
  server = await startFixtureServer();
  browser = await launchWithExtension('en');
  browser.context.on('request', (request) => requests.push(`${request.resourceType()} ${request.url()}`));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('flagging reposts while browsing', () => {
  const originalUrl = () => server.siteA('/tech/2019/vidyard-video/en-original.html');

  it('flags a repost at another site: badge, in-page notice, popup listing the original', async () => {
    const { context, worker, extensionId } = browser;
    const repostUrl = server.siteB('/blog/copied/en-repost.html');

    let since = Date.now();
    const original = await openPage(context, originalUrl());
    const first = await waitForReport(worker, originalUrl(), since);
    expect(first.report.status).toBe('new');
    expect(await badge(worker, first.tabId)).toMatchObject({ text: '' });
    expect(await readNotice(original)).toBeUndefined();

    since = Date.now();
    const repost = await openPage(context, repostUrl);
    const { tabId, report } = await waitForReport(worker, repostUrl, since);
    expect(report.status).toBe('repost');
    expect(report.matches[0]).toMatchObject({ url: originalUrl(), site: '127.0.0.1', verdict: 'duplicate' });
    expect(report.firstPublished).toBe('earlier_page');

    const { text, title } = await badge(worker, tabId);
    expect(text).toBe('1');
    expect(title).toContain('Rewriting Rules of Engagement');

    const notice = await readNotice(repost);
    expect(notice?.shadowRootType).toBe('closed');
    expect(notice?.text).toContain('Looks like a repost of Rewriting Rules of Engagement');
    expect(notice?.text).toContain('(127.0.0.1), which you read on');
    expect(notice?.text).toMatch(/\d+% similar/);
    expect(notice?.text).toContain('The earlier page was published first (Sep 20, 2019)');
    expect(notice?.links).toContain(originalUrl());
    // Page scripts cannot reach into the notice.
    expect(await repost.evaluate(() => document.querySelector('deja-lu-notice')?.shadowRoot ?? null)).toBeNull();
    await screenshot(repost, 'en-notice');

    const popup = await openPopup(context, extensionId, tabId);
    await expect(popup.locator('.pill').textContent()).resolves.toBe('Repost');
    await expect(popup.locator('.match-title').getAttribute('href')).resolves.toBe(originalUrl());
    await expect(popup.locator('.match-score').textContent()).resolves.toMatch(/similar · distance \d/);
    await screenshot(popup, 'en-popup-repost', { fullPage: true });

    const urls = (await storedPages(worker)).map((p) => p.url);
    expect(urls).toEqual(expect.arrayContaining([originalUrl(), repostUrl]));
    await Promise.all([original.close(), repost.close(), popup.close()]);
  });

  it('reads pages in the offscreen document, which answers its own message and leaves the background\'s alone', async () => {
    const { context, worker } = browser;
    const url = server.siteA('/offscreen/short.html');
    const { page } = await visitPage(context, worker, url);
    // From the worker, runtime.sendMessage reaches the extension's other pages: here only the offscreen document.
    const replies = await worker.evaluate(async (pageUrl) => {
      const { runtime } = (globalThis as unknown as { chrome: { runtime: OffscreenProbe } }).chrome;
      const ask = (message: unknown) => runtime.sendMessage(message).then((reply) => reply ?? 'no reply', (error: Error) => `no reply: ${error.message}`);
      return {
        documents: (await runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] })).length,
        own: await ask({ type: 'offscreen-read', url: pageUrl, html: '<title>Hi</title><p>Hello.</p>' }),
        background: await ask({ type: 'should-check', url: pageUrl }),
      };
    }, url);
    expect(replies.documents).toBe(1);
    expect(replies.own).toMatchObject({ ok: true, value: { kind: expect.stringMatching(/^(page|skip)$/) } });
    expect(replies.background).toMatch(/^no reply/);
    await page.close();
  });

  it('closes the offscreen document when no page came for a while, and opens it again for the next page', async () => {
    const { context, worker } = browser;
    const documents = () => worker.evaluate(async () => (await (globalThis as unknown as { chrome: { runtime: OffscreenProbe } }).chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] })).length);
    const first = await visitPage(context, worker, server.siteA('/offscreen/short.html'));
    await first.page.close();
    await expect.poll(documents, { timeout: OFFSCREEN_IDLE_MS + 15_000, interval: 1_000 }).toBe(0);
    const next = await visitPage(context, worker, server.siteB('/offscreen/short.html'));
    expect(next.report.status).toBe(first.report.status);
    expect(await documents()).toBe(1);
    await next.page.close();
  }, OFFSCREEN_IDLE_MS + 45_000);

  it('dismisses the notice with its close button', async () => {
    const repostUrl = server.siteB('/another/copy/en-repost.html');
    const since = Date.now();
    const repost = await openPage(browser.context, repostUrl);
    await waitForReport(browser.worker, repostUrl, since);
    expect(await readNotice(repost)).toBeDefined();
    // The close button is inside the closed root, out of reach of selectors: click where it is drawn.
    const width = await repost.evaluate(() => window.innerWidth);
    await repost.mouse.click(width - 38, 38);
    await expect.poll(() => readNotice(repost)).toBeUndefined();
    await repost.close();
  });

  it('does not flag a revisit of the same address (tracking parameters and fragment ignored)', async () => {
    const { context, worker } = browser;
    const since = Date.now();
    const again = await openPage(context, `${originalUrl()}?utm_source=newsletter&utm_medium=email#comments`);
    const { tabId, report } = await waitForReport(worker, originalUrl(), since);
    expect(report).toMatchObject({ status: 'read_before', matches: [], visitCount: 2 });
    expect((await badge(worker, tabId)).text).toBe('');
    expect(await readNotice(again)).toBeUndefined();
    const stored = (await storedPages(worker)).filter((p) => p.url === originalUrl());
    expect(stored).toHaveLength(1);
    expect(stored[0]?.visitCount).toBe(2);
    await again.close();
  });

  it('records a short page as too short to judge and never flags it', async () => {
    const { context, worker, extensionId } = browser;
    const first = server.siteA('/info/short.html');
    const copy = server.siteB('/elsewhere/short.html');
    let since = Date.now();
    const a = await openPage(context, first);
    expect((await waitForReport(worker, first, since)).report.status).toBe('too_short');
    since = Date.now();
    const b = await openPage(context, copy);
    const { tabId, report } = await waitForReport(worker, copy, since);
    expect(report).toMatchObject({ status: 'too_short', matches: [] });
    expect((await badge(worker, tabId)).text).toBe('');
    expect(await readNotice(b)).toBeUndefined();
    expect((await storedPages(worker)).map((p) => p.url)).toEqual(expect.arrayContaining([first, copy]));
    const popup = await openPopup(context, extensionId, tabId);
    await expect(popup.locator('.pill').textContent()).resolves.toBe('Too short');
    await screenshot(popup, 'en-popup-too-short', { fullPage: true });
    await Promise.all([a.close(), b.close(), popup.close()]);
  });

  it('flags a page too short on its own whose text is all from a short article read before (decisions/0085)', async () => {
    const { context, worker } = browser;
    const articleUrl = server.siteA('/news/2015/en-brief.html');
    const partUrl = server.siteB('/gossip/en-brief-part.html');
    let since = Date.now();
    const article = await openPage(context, articleUrl);
    expect((await waitForReport(worker, articleUrl, since)).report.status).toBe('new');
    since = Date.now();
    const part = await openPage(context, partUrl);
    const { tabId, report } = await waitForReport(worker, partUrl, since);
    expect(report.status).toBe('partial');
    expect(report.matches.map((m) => [m.url, m.verdict])).toEqual([[articleUrl, 'partial']]);
    expect((await badge(worker, tabId)).title).toMatch(/^Déjà Lu: partial copy of “\u2068\$150K Pearl Oscar Dress/);
    await Promise.all([article.close(), part.close()]);
  });

  it('picks up single-page-app navigations (history.pushState)', async () => {
    const { context, worker } = browser;
    const articleUrl = server.siteA('/reviews/vision-pro/en-other.html');
    let since = Date.now();
    const article = await openPage(context, articleUrl);
    await waitForReport(worker, articleUrl, since);

    since = Date.now();
    const app = await openPage(context, server.siteB('/app/'));
    expect((await waitForReport(worker, server.siteB('/app/'), since)).report.status).toBe('too_short');
    since = Date.now();
    await app.evaluate(() => (window as unknown as { openStory(): void }).openStory());
    const { tabId, report } = await waitForReport(worker, server.siteB('/app/story/42'), since);
    expect(report.status).toBe('repost');
    expect(report.matches[0]?.url).toBe(articleUrl);
    expect((await badge(worker, tabId)).text).toBe('1');
    expect((await readNotice(app))?.text).toContain('Apple’s Vision Pro');
    await Promise.all([article.close(), app.close()]);
  });

  it('flags a partial copy of an article read before', async () => {
    const { context, worker, extensionId } = browser;
    const url = server.siteB('/excerpts/en-other-partial.html');
    const since = Date.now();
    const excerpt = await openPage(context, url);
    const { tabId, report } = await waitForReport(worker, url, since);
    expect(report.status).toBe('partial');
    expect(report.matches.map((m) => m.url)).toContain(server.siteA('/reviews/vision-pro/en-other.html'));
    expect((await badge(worker, tabId)).title).toMatch(/^Déjà Lu: partial copy of “\u2068Apple’s Vision Pro/);
    expect((await readNotice(excerpt))?.text).toContain('Looks like a partial copy of Apple’s Vision Pro');
    const popup = await openPopup(context, extensionId, tabId);
    await expect.poll(() => popup.locator('.pill').textContent()).toBe('Partial copy');
    await screenshot(excerpt, 'en-notice-partial');
    await screenshot(popup, 'en-popup-partial', { fullPage: true });
    await Promise.all([excerpt.close(), popup.close()]);
  });

  it('keeps the history and still flags reposts after the service worker restarts (Chinese pages)', async () => {
    const { context, worker } = browser;
    const originalUrl = server.siteA('/tansuo/2017/zh-original.html');
    const repostUrl = server.siteB('/zixun/zh-repost.html');
    let since = Date.now();
    const original = await openPage(context, originalUrl);
    expect((await waitForReport(worker, originalUrl, since)).report.status).toBe('new');
    const before = (await storedPages(worker)).length;

    await stopServiceWorker(original);

    since = Date.now();
    const repost = await openPage(context, repostUrl);
    const { tabId, report } = await waitForReport(worker, repostUrl, since);
    expect(report.status).toBe('repost');
    expect(report.matches[0]).toMatchObject({ url: originalUrl, title: expect.stringContaining('宇航员在太空中喝酒会怎么样') });
    expect((await badge(worker, tabId)).text).toBe('1');
    expect((await readNotice(repost))?.text).toContain('宇航员在太空中喝酒会怎么样');
    expect(await storedPages(worker)).toHaveLength(before + 1);
    await Promise.all([original.close(), repost.close()]);
  });

  it('excluded site: nothing read or stored; "Check this page" still looks it up and records on request', async () => {
    const { context, worker, extensionId } = browser;
    const originalUrl = server.siteA('/shehui/zh-other.html');
    const repostUrl = server.siteB('/excluded/zh-other-repost.html');
    let since = Date.now();
    const original = await openPage(context, originalUrl);
    await waitForReport(worker, originalUrl, since);

    // Exclude "localhost" in the settings form; it offers to delete what is stored from there.
    const options = await openOptions(context, extensionId, '#settings');
    const storedFromLocalhost = (await storedPages(worker)).filter((p) => p.site === 'localhost').length;
    expect(storedFromLocalhost).toBeGreaterThan(0);
    const dialog = new Promise<string>((resolve) => options.once('dialog', (d) => {
      resolve(d.message());
      void d.accept();
    }));
    await options.fill('#site-input', 'http://localhost:1234/some/page');
    await options.click('#add-site');
    expect(await dialog).toContain(`${storedFromLocalhost} pages from localhost`);
    await expect.poll(() => options.locator('#site-list li').count()).toBe(1);
    await expect.poll(async () => (await storedPages(worker)).filter((p) => p.site === 'localhost').length).toBe(0);
    await expect.poll(() => options.locator('#site-busy').textContent()).toBe(`Deleted ${storedFromLocalhost} pages from localhost.`);
    await screenshot(options, 'en-settings', { fullPage: true });

    since = Date.now();
    const repost = await openPage(context, repostUrl);
    const { tabId, report } = await waitForReport(worker, repostUrl, since);
    expect(report.status).toBe('excluded');
    expect((await badge(worker, tabId)).text).toBe('');
    expect(await readNotice(repost)).toBeUndefined();
    expect((await storedPages(worker)).some((p) => p.url === repostUrl)).toBe(false);

    const popup = await openPopup(context, extensionId, tabId);
    await expect(popup.locator('.pill').textContent()).resolves.toBe('Excluded site');
    await popup.click('#check');
    await expect.poll(() => popup.locator('.pill').textContent()).toBe('Repost');
    await expect.poll(() => popup.locator('.match-title').getAttribute('href')).toBe(originalUrl);
    await expect.poll(() => popup.locator('#record-prompt').isVisible()).toBe(true);
    expect((await storedPages(worker)).some((p) => p.url === repostUrl)).toBe(false);
    await screenshot(popup, 'en-popup-manual-check', { fullPage: true });
    await popup.click('#record-yes');
    await expect.poll(() => popup.locator('#popup-note').textContent()).toBe('Added to your history.');
    expect((await storedPages(worker)).find((p) => p.url === repostUrl)).toMatchObject({ source: 'manual' });

    await setSettings(worker, { excludedSites: [] });
    await Promise.all([original.close(), repost.close(), popup.close(), options.close()]);
  });

  it('"Check this page" works with automatic mode off', async () => {
    const { context, worker, extensionId } = browser;
    await setSettings(worker, { autoMode: false });
    const url = server.siteB('/manual/en-other-repost.html');
    const since = Date.now();
    const tab = await openPage(context, url);
    const { tabId, report } = await waitForReport(worker, url, since);
    expect(report.status).toBe('off');
    const popup = await openPopup(context, extensionId, tabId);
    await expect.poll(() => popup.locator('.pill').textContent()).toBe('Automatic checks off');
    await popup.click('#check');
    await expect.poll(() => popup.locator('.pill').textContent()).toBe('Repost');
    await popup.click('#record-no');
    await expect.poll(() => popup.locator('#record-prompt').isVisible()).toBe(false);
    expect((await storedPages(worker)).some((p) => p.url === url)).toBe(false);
    await setSettings(worker, { autoMode: true });
    await Promise.all([tab.close(), popup.close()]);
  });

  it('made no network requests of its own: only the pages the tests opened were fetched', () => {
    const web = requests.filter((entry) => /^\S+ https?:/.test(entry));
    expect(web.length).toBeGreaterThan(0);
    expect(web.filter((entry) => !entry.startsWith('document '))).toEqual([]);
    expect(server.requests.filter((path) => path !== '/favicon.ico' && !/\.html$|^\/app\/$/.test(path))).toEqual([]);
  });
});
