import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINGERPRINT_SCHEME } from '../../src/core/scheme';
import { ROOT, launchWithExtension, openPage, type ExtensionBrowser } from './support/browser';
import { importHistoryFile, openOptions, openPopup, readNotice, screenshot, storedPages, waitForReport } from './support/extension';
import { startFixtureServer, type FixtureServer } from './support/server';

/**
 * Reposts converted between Simplified and Traditional Chinese (fingerprint
 * scheme 2), and histories written before a scheme still matching after the
 * upgrade: before script folding, and before the weight cap of scheme 3
 * (docs/decisions/0001, 0002, 0006). Browser in Chinese.
 */
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

/** Imports a history an older main exported (test/fixtures/history/`file`) on the options page, `added` pages of it new. */
async function importOldHistory(file: string, added: number) {
  const options = await openOptions(browser.context, browser.extensionId);
  const status = await importHistoryFile(options, join(ROOT, 'test/fixtures/history', file));
  expect(status).toBe(`导入完成：新增 ${added} 个，更新 0 个，未变 0 个。`);
  return options;
}

/** Visits a repost of `articleUrl`: flagged as one, and recorded in the current scheme (the page recorded is returned). */
async function visitRepostOf(url: string, articleUrl: string) {
  const repost = await visit(url);
  expect(repost.report.status).toBe('repost');
  expect(repost.report.matches.map((m) => m.url)).toContain(articleUrl);
  const stored = (await storedPages(browser.worker)).find((p) => p.url === repost.report.url);
  expect(stored?.scheme).toBe(FINGERPRINT_SCHEME);
  return { repost, stored };
}

type CountingWorker = typeof globalThis & { dictionaryFetches?: number };

/** Counts, from now on, the service worker's fetches of the Chinese dictionary file (Resource Timing leaves out the extension's own files). */
async function countDictionaryFetches(): Promise<() => Promise<number>> {
  await browser.worker.evaluate(() => {
    const worker = globalThis as CountingWorker;
    const fetchOriginal = worker.fetch.bind(worker);
    worker.dictionaryFetches = 0;
    worker.fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).endsWith('/zh-dictionary.bin')) worker.dictionaryFetches! += 1;
      return fetchOriginal(input, init);
    };
  });
  return () => browser.worker.evaluate(() => (globalThis as CountingWorker).dictionaryFetches ?? 0);
}

describe('the Chinese dictionary', () => {
  it('is not part of the background script: fetched once, when the first page with Chinese text is checked', async () => {
    const dictionaryFetches = await countDictionaryFetches();
    const english = await visit(server.siteA('/tech/2019/vidyard-video/en-original.html'));
    expect(english.report.status).toBe('new');
    expect(await dictionaryFetches()).toBe(0);
    const chinese = await visit(server.siteA('/zh/zh-other.html'));
    expect(chinese.report.status).toBe('new');
    const another = await visit(server.siteB('/zh/zh-other-repost.html'));
    expect(another.report.status).toBe('repost');
    expect(await dictionaryFetches()).toBe(1);
    await Promise.all([english.page.close(), chinese.page.close(), another.page.close()]);
  });
});

describe('Simplified ↔ Traditional reposts', () => {
  it('flags a Taiwan-script repost (OpenCC s2twp) of a Simplified article read before', async () => {
    const originalUrl = server.siteA('/tansuo/2017/zh-original.html');
    const original = await visit(originalUrl);
    expect(original.report.status).toBe('new');
    const repost = await visit(server.siteB('/tw/zh-hant-repost.html'));
    expect(repost.report.status).toBe('repost');
    expect(repost.report.matches[0]).toMatchObject({ url: originalUrl, verdict: 'duplicate' });
    expect((await readNotice(repost.page))?.text).toContain('这篇文章似乎转载自 宇航员在太空中喝酒会怎么样');
    await screenshot(repost.page, 'zh-notice-traditional-repost');
    const popup = await openPopup(browser.context, browser.extensionId, repost.tabId);
    await expect.poll(() => popup.locator('.pill').textContent()).toBe('转载');
    await screenshot(popup, 'zh-popup-traditional-repost', { fullPage: true });
    await Promise.all([original.page.close(), repost.page.close(), popup.close()]);
  });

  it('a history exported before the upgrade (main at 8b3852d) still matches: a repost of its Traditional article is flagged', async () => {
    const options = await importOldHistory('export-v1-main-8b3852d.json', 2);
    const imported = (await storedPages(browser.worker)).filter((p) => p.site === 'old.example.tw');
    expect(imported.map((p) => p.scheme)).toEqual([1, 1]);

    const { repost } = await visitRepostOf(server.siteB('/movies/zh-hant-old-repost.html'), 'https://old.example.tw/netease-zh-hant.txt');
    await Promise.all([repost.page.close(), options.close()]);
  });
});

describe('a history from before the weight cap (scheme 3)', () => {
  it('a Latin-script page exported by main at 8bc8286 (scheme 2) still matches: its repost is flagged', async () => {
    const options = await importOldHistory('export-v2-main-8bc8286.json', 1);
    const imported = (await storedPages(browser.worker)).filter((p) => p.site === 'old.example.com');
    expect(imported.map((p) => p.scheme)).toEqual([2]);

    const { repost } = await visitRepostOf(server.siteB('/games/en-old-repost.html'), 'https://old.example.com/fx/tumblr.txt');
    await Promise.all([repost.page.close(), options.close()]);
  });
});

describe('a history from before every chunk was kept (scheme 4)', () => {
  it('a page exported by main at 623a09a (scheme 3, six passages) still matches: its repost is flagged', async () => {
    const articleUrl = 'https://old.example.com/fx/dropbox-blog.txt';
    const options = await importOldHistory('export-v2-main-623a09a.json', 1);
    const imported = (await storedPages(browser.worker)).find((p) => p.url === articleUrl);
    expect([imported?.scheme, imported?.passages.length]).toEqual([3, 6]);

    const { repost, stored } = await visitRepostOf(server.siteB('/dev/en-scheme3-repost.html'), articleUrl);
    expect(stored?.passages.length).toBeGreaterThan(6);
    await Promise.all([repost.page.close(), options.close()]);
  });
});

describe('a history from before the current passages', () => {
  // The same repost at addresses the tests above did not read it at.
  it.each([
    ['passages were chunked by paragraph (scheme 5): main at 3b1edf1, scheme 4', 'export-v2-main-3b1edf1.json', 'https://old.example.com/v4/dropbox-blog.txt', 4, () => server.siteA('/dev/en-scheme3-repost.html')],
    ['passages were sketches (scheme 6): main at 196e53d, scheme 5', 'export-v2-main-196e53d.json', 'https://old.example.com/v5/dropbox-blog.txt', 5, () => server.siteB('/v5/en-scheme3-repost.html')],
  ] as const)('before %s: the page still matches, its repost is flagged', async (_name, file, articleUrl, scheme, repostUrl) => {
    const options = await importOldHistory(file, 1);
    const imported = (await storedPages(browser.worker)).find((p) => p.url === articleUrl);
    expect(imported?.scheme).toBe(scheme);

    const { repost } = await visitRepostOf(repostUrl(), articleUrl);
    await Promise.all([repost.page.close(), options.close()]);
  });
});

describe('a history from before the wider passage sample (scheme 7)', () => {
  it('a long article exported by main at 08c42ac (scheme 6, 64 passages) still matches, and its repost, kept in scheme 7, is found by an answer quoting a chunk scheme 6 left out', async () => {
    const articleUrl = 'https://old.example.com/v6/mozilla-wikipedia.txt';
    const options = await importOldHistory('export-v2-main-08c42ac.json', 1);
    const imported = (await storedPages(browser.worker)).find((p) => p.url === articleUrl);
    expect([imported?.scheme, imported?.passages.length]).toEqual([6, 64]);

    const { repost, stored } = await visitRepostOf(server.siteB('/web/en-scheme6-repost.html'), articleUrl);
    expect(stored?.passages.length).toBeGreaterThan(64);

    // On another site than the mirror: a quote names only pages of other sites.
    const answer = await visit(server.siteA('/qa/en-wide-sample-answer.html'));
    expect(answer.report.status).toBe('quote');
    expect(answer.report.matches.map((m) => [m.url, m.verdict])).toEqual([[repost.report.url, 'quote']]);
    await Promise.all([repost.page.close(), answer.page.close(), options.close()]);
  });
});
