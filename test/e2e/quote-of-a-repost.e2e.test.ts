import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, openPage, type UiLocale } from './support/browser';
import { openPopup, screenshot, waitForReport } from './support/extension';
import { startFixtureServer, type FixtureServer } from './support/server';

/**
 * A page quoting an article the user read twice: as the original on one site
 * and as a repost on another (src/background/quoted-copies.ts). The fixture
 * server answers on 127.0.0.1 and localhost; a third site, the quoting one,
 * is a name Chromium resolves to the same server.
 */
const THIRD_SITE = 'essays.test';
/** A fourth, for a second repost. */
const FOURTH_SITE = 'mirror.test';
const RESOLVER = `--host-resolver-rules=MAP ${THIRD_SITE} 127.0.0.1,MAP ${FOURTH_SITE} 127.0.0.1`;

let server: FixtureServer;

beforeAll(async () => {
  server = await startFixtureServer();
});

afterAll(async () => {
  await server?.close();
});

describe('a page quoting an article the user read on two sites', () => {
  it.each([
    ['en', 'also read on localhost'],
    ['zh-CN', '也在 localhost 读过'],
  ] as const)('names the article once, where it was read first, and the other site beside it (%s)', async (locale: UiLocale, alsoRead) => {
    const browser = await launchWithExtension(locale, [RESOLVER]);
    try {
      const { context, worker, extensionId } = browser;
      const originalUrl = server.siteA('/news/zh-original.html');
      const repostUrl = server.siteB('/mirror/zh-repost.html');
      let since = Date.now();
      await openPage(context, originalUrl);
      expect((await waitForReport(worker, originalUrl, since)).report.status).toBe('new');
      since = Date.now();
      await openPage(context, repostUrl);
      expect((await waitForReport(worker, repostUrl, since)).report.matches.map((m) => [m.url, m.verdict])).toEqual([[originalUrl, 'duplicate']]);

      const quoteUrl = `http://${THIRD_SITE}:${server.port}/essays/zh-quote.html`;
      since = Date.now();
      await openPage(context, quoteUrl);
      const { tabId, report } = await waitForReport(worker, quoteUrl, since);
      expect(report.status).toBe('quote');
      // One row, not one for the original and one for its repost.
      expect(report.matches.map((m) => [m.url, m.verdict, m.alsoReadOn])).toEqual([[originalUrl, 'quote', ['localhost']]]);

      const popup = await openPopup(context, extensionId, tabId);
      expect(await popup.locator('.match').count()).toBe(1);
      await expect(popup.locator('.match-title').getAttribute('href')).resolves.toBe(originalUrl);
      await expect(popup.locator('.match-meta').textContent()).resolves.toContain(alsoRead);
      await screenshot(popup, `${locale === 'en' ? 'en' : 'zh'}-popup-quote-read-twice`, { fullPage: true });
    } finally {
      await browser.close();
    }
  });

  it('names it too when the user read it at three sites: a passage in three pages of one article is not common text (was silent)', async () => {
    const browser = await launchWithExtension('en', [RESOLVER]);
    try {
      const { context, worker } = browser;
      const originalUrl = server.siteA('/news/zh-original.html');
      const reposts = [server.siteB('/mirror/zh-repost.html'), `http://${FOURTH_SITE}:${server.port}/copy/zh-repost.html`];
      let since = Date.now();
      await openPage(context, originalUrl);
      await waitForReport(worker, originalUrl, since);
      for (const url of reposts) {
        since = Date.now();
        await openPage(context, url);
        expect((await waitForReport(worker, url, since)).report.status).toBe('repost');
      }
      const quoteUrl = `http://${THIRD_SITE}:${server.port}/essays/zh-quote.html`;
      since = Date.now();
      await openPage(context, quoteUrl);
      const { report } = await waitForReport(worker, quoteUrl, since);
      expect(report.status).toBe('quote');
      expect(report.matches.map((m) => [m.url, m.alsoReadOn])).toEqual([[originalUrl, ['localhost', FOURTH_SITE]]]);
    } finally {
      await browser.close();
    }
  });
});
