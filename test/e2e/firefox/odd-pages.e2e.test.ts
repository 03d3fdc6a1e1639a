import type { Page } from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { PageStatus } from '../../../src/messaging';
import { firefoxForFile, storedPages, visit, waitForReport } from '../support/firefox';
import { ODD_PAGES, ODD_PAGE_ROUTES } from '../support/odd-pages';

/**
 * Firefox: the odd pages of test/e2e/hostile.e2e.test.ts end in a verdict or
 * a clean skip. Firefox's background page reads the page's HTML itself (no
 * offscreen document), so its limits are checked here on their own.
 */
const session = firefoxForFile('en', { routes: ODD_PAGE_ROUTES });

/** Opens `url` without waiting for its load (the 50 MB page takes longer to load than its check) and waits for the report. */
async function visitOdd(url: string, timeoutMs: number): Promise<{ tab: Page; status: PageStatus; ms: number }> {
  const { firefox } = session;
  const since = Date.now();
  const tab = await firefox.browser.newPage();
  // Not awaited: the report is what counts, and an image document never reports DOMContentLoaded over BiDi.
  void tab.goto(url, { waitUntil: 'load', timeout: timeoutMs }).catch(() => undefined);
  const { report } = await waitForReport(firefox, url, since, timeoutMs);
  return { tab, status: report.status, ms: Date.now() - since };
}

describe('Firefox: odd pages end in a verdict or a clean skip within bounded time', () => {
  const timings: string[] = [];
  afterAll(() => console.log(`[measured] Firefox: ${timings.join('; ')}`));

  it.each(ODD_PAGES)('%s', async (name, path, statuses, withinMs) => {
    const { tab, status, ms } = await visitOdd(session.server.siteA(path), withinMs);
    timings.push(`${name}: ${status} in ${ms} ms`);
    expect(statuses).toContain(status);
    // The tab survived the check.
    await expect(tab.evaluate(() => document.readyState)).resolves.toBeTruthy();
    await tab.close();
  });

  it('a PDF: nothing is read or stored, and nothing breaks', async () => {
    const { firefox, server } = session;
    const url = server.siteA('/hostile/pdf/source.pdf');
    const tab = await firefox.browser.newPage();
    await tab.goto(url, { waitUntil: 'load' }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await storedPages(firefox)).some((page) => page.url === url)).toBe(false);
    await tab.close();
  });

  it('the background still answers and reads the next article after all of it', async () => {
    const { firefox, server } = session;
    const after = await visit(firefox, server.siteA('/news/en-original.html'));
    expect(after.report.status).toBe('new');
    await after.page.close();
  });
});
