import { describe, expect, it } from 'vitest';
import { badge, drawnBadge, firefoxForFile, openPopup, readNotice, screenshot, setSettings, textOf, visit } from '../support/firefox';

/**
 * Firefox: the quote verdict (docs/decisions/0030-quote-verdict.md), as in
 * test/e2e/quotes.e2e.test.ts: `zh-quote.html` holds six paragraphs of
 * `zh-original.html` inside a profile page on another site; the second test
 * uses the English pair (`en-quote.html`, two paragraphs of
 * `en-original.html`), which the first test's history knows nothing of.
 */
const session = firefoxForFile('en');

describe('Firefox: a page quoting a passage of an article read before', () => {
  it('is reported quietly: a quotation mark on the button, the article in the popup, no notice on the page', async () => {
    const { server, firefox } = session;
    const originalUrl = server.siteA('/news/zh-original.html');
    expect((await visit(firefox, originalUrl)).report.status).toBe('new');

    const quote = await visit(firefox, server.siteB('/essays/zh-quote.html'));
    expect(quote.report.status).toBe('quote');
    expect(quote.report.matches.map((m) => [m.url, m.verdict])).toEqual([[originalUrl, 'quote']]);
    expect(await badge(firefox, quote.tabId)).toMatchObject({ text: '“', title: expect.stringContaining('quotes a passage of') });
    await expect.poll(() => drawnBadge(firefox, quote.page)).toBe('“');
    expect(await readNotice(firefox, quote.page)).toBeUndefined();

    const popup = await openPopup(firefox, quote.tabId);
    expect(await textOf(popup, '.pill')).toBe('Quotes');
    expect(await textOf(popup, '.summary')).toBe('Quotes a passage of an article you read before.');
    expect(await textOf(popup, '.matches h2')).toBe('Quoted articles');
    expect(await popup.$eval('.match-title', (a) => a.getAttribute('href'))).toBe(originalUrl);
    expect(await textOf(popup, '.match .score')).toMatch(/^(1 passage|\d+ passages) in common$/);
    await screenshot(popup, 'firefox-en-popup-quote', { fullPage: true });
    await Promise.all([quote.page.close(), popup.close()]);
  });

  it('is not reported once the user turns quotes off', async () => {
    const { server, firefox } = session;
    await setSettings(firefox, { showQuotes: false });
    try {
      expect((await visit(firefox, server.siteA('/news/en-original.html'))).report.status).toBe('new');
      const quote = await visit(firefox, server.siteB('/essays/en-quote.html'));
      expect(quote.report).toMatchObject({ status: 'new', matches: [] });
      expect((await badge(firefox, quote.tabId)).text).toBe('');
      await quote.page.close();
    } finally {
      await setSettings(firefox, { showQuotes: true });
    }
  });
});
