import { describe, expect, it } from 'vitest';
import { firefoxForFile, storedPages, updateExtension, visit, waitForReport } from '../support/firefox';

/**
 * Firefox: tabs open when the extension is updated (or installed, enabled)
 * get the declared content script from Firefox itself, so their pages are
 * read again; that is no new visit (issue 17 item 6). Chromium's own test,
 * with the background injecting into open tabs, is test/e2e/open-tabs.e2e.test.ts.
 */
const session = firefoxForFile('en');

describe('Firefox: tabs open when the extension is updated', () => {
  // Before the content script told the background when its document loaded, every open
  // tab's page gained a visit at each update.
  it('are read again without a visit, and a page opened after the update is a visit', async () => {
    const { server, firefox } = session;
    const openUrl = server.siteA('/open-at-update/en-other.html');
    const open = await visit(firefox, openUrl);
    expect(open.report).toMatchObject({ status: 'new', visitCount: 1 });

    const since = Date.now();
    await updateExtension(firefox);
    // Read again by the content script Firefox injected: a report, and no visit added.
    expect((await waitForReport(firefox, openUrl, since)).report).toMatchObject({ status: 'read_before', recorded: true, visitCount: 1 });

    const again = await visit(firefox, openUrl);
    expect(again.report).toMatchObject({ status: 'read_before', visitCount: 2 });
    expect((await storedPages(firefox)).find((page) => page.url === openUrl)?.visitCount).toBe(2);
    await Promise.all([open.page.close(), again.page.close()]);
  });
});
