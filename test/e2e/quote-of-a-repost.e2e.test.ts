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
    const browser = await launchWithExtension(locale, [`--host-resolver-rules=MAP ${THIRD_SITE} 127.0.0.1`]);
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
});
