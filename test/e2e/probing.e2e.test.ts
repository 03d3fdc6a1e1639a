import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SWAPPED_CHECKS_PER_SITE } from '../../src/messaging';
import { launchWithExtension, openPage, type ExtensionBrowser } from './support/browser';
import { storedPages, waitForReport, type SessionReports } from './support/extension';
import { PROBE_WITHIN_MS, probeIndexes, runProbe } from './support/probe';
import { startFixtureServer, type FixtureServer } from './support/server';

/**
 * Issue 17 item 2 (docs/privacy.md, "Probing by swapped content"): a page
 * that swaps candidate articles into its DOM and pushes a new address for
 * each, watching for the notice, learns the status of at most
 * MAX_SWAPPED_CHECKS_PER_SITE of them and adds at most that many pages to
 * the history. The article the user read comes once among the first swaps
 * and once after them: only the first time can the page see a notice. Past
 * the limit the content script holds the next check until the minute is
 * over (route-gate.ts), and the background would refuse it before then
 * (route-limiter.ts): no report, no notice, no page.
 */
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

describe('a page probing what the user read', () => {
  it(`learns the status of at most ${MAX_SWAPPED_CHECKS_PER_SITE} swapped-in articles and adds no more pages than that`, async () => {
    const { context, worker } = browser;
    const originalUrl = server.siteA('/news/en-original.html');
    let since = Date.now();
    const original = await openPage(context, originalUrl);
    expect((await waitForReport(worker, originalUrl, since)).report.status).toBe('new');

    since = Date.now();
    const probeUrl = server.siteB('/quiz/probe.html');
    const probe = await openPage(context, probeUrl);
    await waitForReport(worker, probeUrl, since);

    const limit = MAX_SWAPPED_CHECKS_PER_SITE;
    const { statuses, noticeSeen, ms } = await runProbe({
      swap: (i, html) => probe.evaluate(([n, h]) => (window as unknown as { swapIn(n: number, html: string): void }).swapIn(n, h), [i, html] as const),
      reportStatus: async (i, after) => (await waitForReport(worker, server.siteB(`/probe/${i}`), after)).report.status,
      noticeShown: () => probe.evaluate(() => document.querySelector('deja-lu-notice') !== null),
    }, 'en-original.html');
    expect(ms).toBeLessThan(PROBE_WITHIN_MS);

    expect(statuses).toEqual(['new', 'repost', 'new']);
    // The read article past the limit shows nothing, as every other candidate does.
    expect(noticeSeen).toEqual([1]);
    // The tab's report (one per tab) is still the last swap checked: the popup has nothing to tell of the others.
    const reports = await worker.evaluate(() => (globalThis as unknown as { chrome: { storage: { session: { get(k: null): Promise<SessionReports> } } } }).chrome.storage.session.get(null));
    expect(probeIndexes(Object.values(reports).map((report) => report.url))).toEqual([limit - 1]);
    expect(probeIndexes((await storedPages(worker)).map((page) => page.url))).toEqual([0, 1, 2]);
    await Promise.all([original.close(), probe.close()]);
  });
});
