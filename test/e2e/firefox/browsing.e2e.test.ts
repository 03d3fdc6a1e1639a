import { describe, expect, it } from 'vitest';
import { badge, drawnBadge, firefoxForFile, openPopup, readNotice, screenshot, setSettings, storedPages, textOf, visit } from '../support/firefox';

/**
 * Firefox: the Chromium journeys of browsing.e2e.test.ts that the Firefox build
 * must pass as well, on one browser for the file (each test has its own articles
 * and addresses). In Firefox the manifest's content script reads each page and
 * the background (an MV2 background page) keeps the history.
 */
const session = firefoxForFile('en');

describe('Firefox: flagging reposts while browsing', () => {
  it('flags a repost at another site: badge on the toolbar, in-page notice, popup listing the original', async () => {
    const { server, firefox } = session;
    const originalUrl = server.siteA('/tech/2019/vidyard-video/en-original.html');
    const repostUrl = server.siteB('/blog/copied/en-repost.html');

    const original = await visit(firefox, originalUrl);
    expect(original.report.status).toBe('new');
    expect(await badge(firefox, original.tabId)).toMatchObject({ text: '' });
    expect(await readNotice(firefox, original.page)).toBeUndefined();

    const repost = await visit(firefox, repostUrl);
    expect(repost.report.status).toBe('repost');
    expect(repost.report.matches[0]).toMatchObject({ url: originalUrl, site: '127.0.0.1', verdict: 'duplicate' });
    expect(repost.report.firstPublished).toBe('earlier_page');

    const { text, title } = await badge(firefox, repost.tabId);
    expect(text).toBe('1');
    expect(title).toContain('Rewriting Rules of Engagement');
    // What the user sees on the toolbar button follows the selected tab.
    await expect.poll(() => drawnBadge(firefox, repost.page)).toBe('1');
    await expect.poll(() => drawnBadge(firefox, original.page)).toBeNull();

    const notice = await readNotice(firefox, repost.page);
    expect(notice?.shadowRootType).toBe('closed');
    expect(notice?.text).toContain('Looks like a repost of Rewriting Rules of Engagement');
    expect(notice?.text).toContain('(127.0.0.1), which you read on');
    expect(notice?.text).toMatch(/\d+% similar/);
    expect(notice?.text).toContain('The earlier page was published first (Sep 20, 2019)');
    expect(notice?.links).toContain(originalUrl);
    // Page scripts cannot reach into the notice.
    expect(await repost.page.evaluate(() => document.querySelector('deja-lu-notice')?.shadowRoot ?? null)).toBeNull();
    await screenshot(repost.page, 'firefox-en-notice');

    const popup = await openPopup(firefox, repost.tabId);
    expect(await textOf(popup, '.pill')).toBe('Repost');
    expect(await popup.$eval('.match-title', (a) => a.getAttribute('href'))).toBe(originalUrl);
    expect(await textOf(popup, '.match-score')).toMatch(/similar · distance \d/);
    await screenshot(popup, 'firefox-en-popup-repost', { fullPage: true });

    const urls = (await storedPages(firefox)).map((p) => p.url);
    expect(urls).toEqual(expect.arrayContaining([originalUrl, repostUrl]));
    await Promise.all([original.page.close(), repost.page.close(), popup.close()]);
  });

  it('"Check this page" with automatic mode off: looks the page up, records it only when asked', async () => {
    const { server, firefox } = session;
    const originalUrl = server.siteA('/reviews/vision-pro/en-other.html');
    const original = await visit(firefox, originalUrl);
    expect(original.report.status).toBe('new');

    await setSettings(firefox, { autoMode: false });
    try {
      for (const [path, record] of [['/manual/en-other-repost.html', true], ['/declined/en-other-repost.html', false]] as const) {
        const url = server.siteB(path);
        const copy = await visit(firefox, url);
        expect(copy.report.status).toBe('off');
        expect((await badge(firefox, copy.tabId)).text).toBe('');
        expect(await readNotice(firefox, copy.page)).toBeUndefined();

        const popup = await openPopup(firefox, copy.tabId);
        expect(await textOf(popup, '.pill')).toBe('Automatic checks off');
        await popup.click('#check');
        await popup.waitForFunction(() => document.querySelector('.pill')?.textContent === 'Repost');
        expect(await popup.$eval('.match-title', (a) => a.getAttribute('href'))).toBe(originalUrl);
        await popup.waitForSelector('#record-prompt', { visible: true });
        expect((await storedPages(firefox)).some((p) => p.url === url)).toBe(false);
        if (record) {
          await screenshot(popup, 'firefox-en-popup-manual-check', { fullPage: true });
          await popup.click('#record-yes');
          await popup.waitForFunction(() => document.getElementById('popup-note')?.textContent === 'Added to your history.');
          expect((await storedPages(firefox)).find((p) => p.url === url)).toMatchObject({ source: 'manual' });
        } else {
          await popup.click('#record-no');
          await popup.waitForSelector('#record-prompt', { hidden: true });
          expect((await storedPages(firefox)).some((p) => p.url === url)).toBe(false);
        }
        await Promise.all([copy.page.close(), popup.close()]);
      }
    } finally {
      await setSettings(firefox, { autoMode: true });
    }
    await original.page.close();
  });
});
