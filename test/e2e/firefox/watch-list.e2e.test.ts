import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { downloadFrom, firefoxForFile, openExtensionPage, openPage, openPopup, readNotice, storedPages, textOf, visit } from '../support/firefox';
import { eventually } from '../support/extension';

/**
 * Firefox: My articles (test/e2e/watch-list.e2e.test.ts in Chromium). The
 * user marks a page as theirs in the popup; a copy on another site is then
 * a copy of their article, in the notice and on the My articles tab, whose
 * CSV is a real download.
 */
const session = firefoxForFile('en');

describe('Firefox: My articles', () => {
  it('"This is my article" marks the page; a copy elsewhere is a copy of your article, listed and exported', async () => {
    const { server, firefox } = session;
    const originalUrl = server.siteA('/mine/en-original.html');
    const copyUrl = server.siteB('/copied/en-repost.html');
    const original = await visit(firefox, originalUrl);
    const popup = await openPopup(firefox, original.tabId);
    await popup.click('#own-toggle');
    await popup.waitForFunction(() => document.getElementById('own-toggle')?.textContent === 'Not my article');
    expect((await storedPages(firefox)).find((page) => page.url === originalUrl)?.source).toBe('author');
    await popup.close();

    const copy = await openPage(firefox, copyUrl);
    const notice = await eventually(async () => {
      const read = await readNotice(firefox, copy);
      return read?.text.includes('Looks like a copy of your article') ? read : undefined;
    }, 'the notice on the copy');
    expect(notice.text).toContain('Rewriting Rules of Engagement');
    expect(notice.links).toContain(originalUrl);

    const options = await openExtensionPage(firefox, 'options.html#mine');
    await options.waitForFunction(() => document.getElementById('mine-summary')?.textContent !== '');
    expect(await textOf(options, '#mine-summary')).toBe('Articles: 1 · copies seen: 1 · sitemap addresses watched: 0');
    expect(await options.$eval('.mine-article h2 a', (a) => a.getAttribute('href'))).toBe(originalUrl);
    expect(await options.$eval('.mine-article .copy-title', (a) => a.getAttribute('href'))).toBe(copyUrl);
    const csv = await downloadFrom(firefox, options, '#mine-export-csv', '.csv');
    const [header, row, ...rest] = (await readFile(csv, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header).toBe('articleTitle,articleUrl,copyTitle,copyUrl,copySite,verdict,similarity,firstSeen,lastSeen');
    expect(row).toContain(`,${originalUrl},`);
    expect(row).toContain(`,${copyUrl},localhost,duplicate,`);
    expect(rest).toEqual([]);
    await Promise.all([original.page.close(), copy.close(), options.close()]);
  });
});
