import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchWithExtension, openPage, type ExtensionBrowser } from './support/browser';
import { badge, openOptions, openPopup, readNotice, screenshot, storedSettings, waitForReport } from './support/extension';
import { startFixtureServer, type FixtureServer } from './support/server';

/**
 * The quote verdict (docs/decisions/0030-quote-verdict.md): `zh-quote.html`
 * is a profile page with five paragraphs (598 of 3,388 characters) of
 * `zh-original.html` in the middle. A browser for each test: the history
 * must hold the original only, not the quoting page read by another test.
 */
let server: FixtureServer;
let browser: ExtensionBrowser;

beforeAll(async () => {
  server = await startFixtureServer();
});

beforeEach(async () => {
  browser = await launchWithExtension('en');
});

afterEach(async () => {
  await browser?.close();
});

afterAll(async () => {
  await server?.close();
});

describe('a page quoting a passage of an article read before', () => {
  const originalUrl = () => server.siteA('/news/zh-original.html');

  it('is reported quietly: a quotation mark on the button, the article in the popup, no notice on the page', async () => {
    const { context, worker, extensionId } = browser;
    let since = Date.now();
    const original = await openPage(context, originalUrl());
    expect((await waitForReport(worker, originalUrl(), since)).report.status).toBe('new');

    const quoteUrl = server.siteB('/essays/zh-quote.html');
    since = Date.now();
    const page = await openPage(context, quoteUrl);
    const { tabId, report } = await waitForReport(worker, quoteUrl, since);
    expect(report.status).toBe('quote');
    expect(report.matches.map((m) => [m.url, m.verdict])).toEqual([[originalUrl(), 'quote']]);
    expect(await badge(worker, tabId)).toMatchObject({ text: '“', title: expect.stringContaining('quotes a passage of') });
    expect(await readNotice(page)).toBeUndefined();

    const popup = await openPopup(context, extensionId, tabId);
    await expect(popup.locator('.pill').textContent()).resolves.toBe('Quotes');
    await expect(popup.locator('.summary').textContent()).resolves.toBe('Quotes a passage of an article you read before.');
    await expect(popup.locator('.matches h2').textContent()).resolves.toBe('Quoted articles');
    await expect(popup.locator('.match-title').getAttribute('href')).resolves.toBe(originalUrl());
    await expect(popup.locator('.match .score').textContent()).resolves.toMatch(/^(1 passage|\d+ passages) in common$/);
    await screenshot(popup, 'en-popup-quote', { fullPage: true });
    await Promise.all([original.close(), page.close(), popup.close()]);
  });

  it('is not reported once the user turns quotes off in the settings', async () => {
    const { context, worker, extensionId } = browser;
    const options = await openOptions(context, extensionId, '#settings');
    const box = options.locator('input[name="showQuotes"]');
    await expect(box.isChecked()).resolves.toBe(true);
    await box.uncheck();
    await expect.poll(async () => (await storedSettings(worker)).showQuotes).toBe(false);
    await options.close();

    let since = Date.now();
    const original = await openPage(context, originalUrl());
    await waitForReport(worker, originalUrl(), since);
    const quoteUrl = server.siteB('/essays/zh-quote.html');
    since = Date.now();
    const page = await openPage(context, quoteUrl);
    const { tabId, report } = await waitForReport(worker, quoteUrl, since);
    expect(report.status).toBe('new');
    expect((await badge(worker, tabId)).text).toBe('');
    await Promise.all([original.close(), page.close()]);
  });
});
