import { describe, expect, it } from 'vitest';
import { MAX_SWAPPED_CHECKS_PER_SITE } from '../../../src/messaging';
import { firefoxForFile, openPage, storedPages, visit, waitForReport } from '../support/firefox';
import { PROBE_WITHIN_MS, probeIndexes, runProbe } from '../support/probe';

/**
 * Firefox: the probing attack of test/e2e/probing.e2e.test.ts (issue 17 item
 * 2). The background hears no navigations here (webNavigation would need a
 * permission that warns at install): a page's own check is the one its
 * content script makes first, at the address the document was loaded at.
 */
const session = firefoxForFile('en');

describe('Firefox: a page probing what the user read', () => {
  // Before the content script said so, every page load counted against its site's budget
  // for swapped-in content: the fourth article read on a site within a minute was not checked.
  it('articles opened one after another on one site are each checked', async () => {
    const { server, firefox } = session;
    const opened = [];
    for (const fixture of ['en-other.html', 'zh-other.html', 'zh-original.html', 'en-old-repost.html', 'en-scheme3-repost.html']) opened.push(await visit(firefox, server.siteB(`/one-site/${fixture}`)));
    expect(opened.map(({ report }) => report.status)).not.toContain('rate_limited');
    await Promise.all(opened.map(({ page }) => page.close()));
  });

  it(`learns the status of at most ${MAX_SWAPPED_CHECKS_PER_SITE} swapped-in articles and adds no more pages than that`, async () => {
    const { server, firefox } = session;
    const original = await visit(firefox, server.siteA('/news/en-original.html'));
    expect(original.report.status).toBe('new');
    const since = Date.now();
    const probeUrl = server.siteB('/quiz/probe.html');
    const probe = await openPage(firefox, probeUrl);
    await waitForReport(firefox, probeUrl, since);

    const { statuses, noticeSeen, ms } = await runProbe({
      swap: (i, html) => probe.evaluate((n: number, h: string) => (window as unknown as { swapIn(n: number, html: string): void }).swapIn(n, h), i, html),
      reportStatus: async (i, after) => (await waitForReport(firefox, server.siteB(`/probe/${i}`), after)).report.status,
      noticeShown: () => probe.evaluate(() => document.querySelector('deja-lu-notice') !== null),
    }, 'en-original.html');
    expect(ms).toBeLessThan(PROBE_WITHIN_MS);

    expect(statuses).toEqual(['new', 'repost', 'new']);
    expect(noticeSeen).toEqual([1]);
    expect(probeIndexes((await storedPages(firefox)).map((page) => page.url))).toEqual([0, 1, 2]);
    await Promise.all([original.page.close(), probe.close()]);
  });
});
