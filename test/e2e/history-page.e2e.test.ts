import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../entrypoints/options/history-view';
import { EXPORT_FORMAT, EXPORT_VERSION } from '../../src/store/export-format';
import { ROOT, launchWithExtension, openPage, type ExtensionBrowser } from './support/browser';
import { importHistoryFile, openOptions, storedPages, waitForReport } from './support/extension';
import { startFixtureServer, type FixtureServer } from './support/server';

/**
 * The history page's counts after deleting on its second page ("Show
 * more"), in Chromium: the reported bug was stale counts there. Each case
 * checks the summary, the rows and the visit counts against the database.
 */
const FILES = join(ROOT, '.tmp', 'e2e', 'history-page');
const PAGES = PAGE_SIZE + 5;

let browser: ExtensionBrowser;
let server: FixtureServer;

/** An export file of `count` distinct pages, page i last read i minutes after the first. */
async function historyFile(count: number): Promise<string> {
  const start = Date.UTC(2025, 0, 1);
  const pages = Array.from({ length: count }, (_, i) => ({
    url: `https://site${i}.example/article`,
    title: `Page ${i}`,
    site: `site${i}.example`,
    excerpt: '',
    textLength: 3000,
    cjkChars: 0,
    words: 500,
    fingerprint: ((BigInt(i) * 0x9e3779b97f4a7c15n) % (1n << 64n)).toString(16).padStart(16, '0'),
    passages: [],
    scheme: 2,
    firstVisit: new Date(start + i * 60_000).toISOString(),
    lastVisit: new Date(start + i * 60_000).toISOString(),
    visitCount: 1 + (i % 3),
    source: 'visit',
  }));
  await mkdir(FILES, { recursive: true });
  const path = join(FILES, `history-${count}.json`);
  await writeFile(path, JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: new Date().toISOString(), pages }));
  return path;
}

beforeAll(async () => {
  server = await startFixtureServer();
  browser = await launchWithExtension('en');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const summary = (options: Page) => options.locator('#history-summary').textContent();
const rowCount = (options: Page) => options.locator('#page-rows tr').count();
/** Title → visits shown in the list. */
async function shownVisits(options: Page): Promise<Map<string, number>> {
  const rows = await options.locator('#page-rows tr').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('.page-title')?.textContent ?? '', Number(tr.querySelector('.col-visits')?.textContent)] as const));
  return new Map(rows);
}

describe('history page: counts after deleting on the second page', () => {
  it.each([
    ['newest first', 'newest', 52],
    ['oldest first', 'oldest', 52],
    ['the last row of the second page', 'newest', PAGES - 3],
  ])('%s: summary, rows and visit counts agree with the database', async (_name, order, index) => {
    const options = await openOptions(browser.context, browser.extensionId);
    // A fresh history each time: clear, then import.
    options.once('dialog', (dialog) => void dialog.accept());
    await options.locator('#clear-all').click();
    await expect.poll(() => summary(options)).toMatch(/^0 pages/);
    expect(await importHistoryFile(options, await historyFile(PAGES))).toMatch(new RegExp(`${PAGES}`));
    await options.selectOption('#sort', order);
    await expect.poll(() => summary(options)).toMatch(new RegExp(`^${PAGES} pages`));
    await options.locator('#show-more').click();
    await expect.poll(() => rowCount(options)).toBe(PAGES);

    await options.locator('#page-rows button.delete').nth(index).click();
    await expect.poll(() => summary(options)).toMatch(new RegExp(`^${PAGES - 1} pages`));
    expect(await rowCount(options)).toBe(PAGES - 1);
    const stored = await storedPages(browser.worker);
    expect(stored).toHaveLength(PAGES - 1);
    const shown = await shownVisits(options);
    for (const page of stored) expect(shown.get(page.title)).toBe(page.visitCount);
    await options.close();
  });

  it('a visit recorded while the page is open shows after the delete\'s refresh', async () => {
    const options = await openOptions(browser.context, browser.extensionId);
    await options.locator('#show-more').click();
    const url = server.siteA('/counted/en-original.html');
    const since = Date.now();
    const tab = await openPage(browser.context, url);
    await waitForReport(browser.worker, url, since);
    await options.locator('#page-rows button.delete').nth(PAGE_SIZE + 1).click();
    const stored = await storedPages(browser.worker);
    await expect.poll(() => summary(options)).toMatch(new RegExp(`^${stored.length} pages`));
    expect(await rowCount(options)).toBe(stored.length);
    await tab.close();
    await options.close();
  });
});
