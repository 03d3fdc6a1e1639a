import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { REPOSTS_CSV_COLUMNS } from '../../src/reposts';
import { ROOT, launchWithExtension, openPage, type ExtensionBrowser, type UiLocale } from './support/browser';
import { openOptions, screenshot, waitForReport } from './support/extension';
import { startFixtureServer, type FixtureServer } from './support/server';

/**
 * The Reposts tab in Chromium: articles read on one site and their copies on
 * another, found in the history and grouped under the page read first; the
 * site ranking, the kind filter and the CSV export; screenshots in English
 * and Chinese at 1280×800.
 */
const FILES = join(ROOT, '.tmp', 'e2e', 'reposts-view');

let browser: ExtensionBrowser | undefined;
let server: FixtureServer | undefined;

afterEach(async () => {
  await browser?.close();
  await server?.close();
});

/** Reads the pages in order, each checked and recorded before the next (the first of a pair is then the original). */
async function read(locale: UiLocale, paths: Array<[site: 'A' | 'B', path: string]>): Promise<ExtensionBrowser> {
  const fixtures = (server = await startFixtureServer());
  const opened = (browser = await launchWithExtension(locale));
  for (const [site, path] of paths) {
    const url = site === 'A' ? fixtures.siteA(path) : fixtures.siteB(path);
    const since = Date.now();
    const page = await openPage(opened.context, url);
    await waitForReport(opened.worker, url, since);
    await page.close();
  }
  return opened;
}

async function openReposts(opened: ExtensionBrowser): Promise<Page> {
  const options = await openOptions(opened.context, opened.extensionId, '#reposts');
  await options.setViewportSize({ width: 1280, height: 800 });
  await options.locator('.repost-group').first().waitFor();
  return options;
}

/** Each group as its original's title and [site, kind] of each copy. */
function groups(options: Page): Promise<Array<{ original: string; copies: string[][] }>> {
  return options.locator('.repost-group').evaluateAll((cards) => cards.map((card) => ({
    original: card.querySelector('.repost-original .page-title')?.textContent ?? '',
    copies: [...card.querySelectorAll('.copies tbody tr')].map((row) => [row.querySelector('.col-site')?.textContent ?? '', row.querySelector('.col-kind')?.textContent ?? '']),
  })));
}

describe('Reposts tab', () => {
  it('groups a repost and a partial copy under the articles read first, filters them and exports the view', async () => {
    const opened = await read('en', [
      ['A', '/tech/2019/en-original.html'],
      ['A', '/news/en-other.html'],
      ['B', '/reprint/en-repost.html'],
      ['B', '/digest/en-other-partial.html'],
    ]);
    const options = await openReposts(opened);
    await expect.poll(() => options.locator('#reposts-summary').textContent()).toBe('Articles copied: 2 · copies: 2');
    expect(await groups(options)).toEqual([
      { original: expect.stringMatching(/^Apple’s Vision Pro hands-on/), copies: [['localhost', 'Partial copy']] },
      { original: expect.stringMatching(/^Rewriting Rules of Engagement with Video/), copies: [['localhost', 'Repost']] },
    ]);
    expect(await options.locator('.site-rank').allTextContents()).toEqual(['localhostCopies: 2 · articles: 2']);
    expect(await options.locator('#reposts-status').isHidden()).toBe(true);
    await screenshot(options, 'reposts-en');

    await options.selectOption('#reposts-kind', 'duplicate');
    await expect.poll(() => groups(options)).toEqual([{ original: expect.stringMatching(/^Rewriting Rules/), copies: [['localhost', 'Repost']] }]);
    const [download] = await Promise.all([options.waitForEvent('download'), options.click('#reposts-export')]);
    expect(download.suggestedFilename()).toMatch(/^deja-lu-reposts-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = join(FILES, 'reposts.csv');
    await download.saveAs(path);
    const rows = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n').map((row) => row.split(','));
    expect(rows.map((cells) => cells.slice(0, 5))).toEqual([
      REPOSTS_CSV_COLUMNS.slice(0, 5),
      ['1', 'original', '', '', '127.0.0.1'],
      ['1', 'copy', 'duplicate', expect.stringMatching(/^\d+$/), 'localhost'],
    ]);
    expect(rows[2]!.some((cell) => cell.endsWith('/reprint/en-repost.html'))).toBe(true);
  });

  it('is in Chinese when the browser is', async () => {
    const opened = await read('zh-CN', [
      ['A', '/tansuo/2017/zh-original.html'],
      ['A', '/tech/2019/en-original.html'],
      ['A', '/news/zh-other.html'],
      ['B', '/zixun/zh-repost.html'],
      ['B', '/reprint/en-repost.html'],
      ['B', '/shehui/zh-other-repost.html'],
    ]);
    const options = await openReposts(opened);
    await expect.poll(() => options.locator('#reposts-summary').textContent()).toBe('3 篇文章被复制 · 共 3 份副本');
    expect(await options.locator('#tab-reposts').textContent()).toBe('转载');
    expect(await options.locator('.repost-group').first().locator('.copies th').allTextContents()).toEqual(['副本', '网站', '首次阅读', '类型', '距离']);
    expect(await options.locator('.col-kind .tag').allTextContents()).toEqual(['转载', '转载', '转载']);
    await screenshot(options, 'reposts-zh');
  });
});
