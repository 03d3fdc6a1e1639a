import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serializeExport, type Page as PageRecord } from '../../../src/store';
import { IMPORT_BATCH, IMPORT_ROUND } from '../../../src/store/import';
import { EXPORT_VERSION } from '../../../src/store/export-format';
import { ROOT } from '../support/browser';
import { portable, shownCount, syntheticRecords } from '../support/extension';
import {
  downloadFrom, firefoxForFile, importHistoryFile, launchFirefox, openOptions, readNotice, storeSizes, storedPages, textOf, visit,
  type FirefoxWithExtension,
} from '../support/firefox';

/**
 * Firefox: the History page's export and import (transfer.e2e.test.ts in
 * Chromium). Exports are real downloads: the profile saves them to a folder
 * without asking, the test waits for Firefox's download list to report them
 * finished, then reads the files. Imports go through the page's file input.
 */
const FILES = join(ROOT, '.tmp', 'e2e', 'firefox-transfer');
const session = firefoxForFile('en');
let second: FirefoxWithExtension | undefined;

afterAll(async () => {
  await second?.close();
});

/** Clicks `button` on the History page; resolves to the path of the download it starts, once finished. */
async function download(firefox: FirefoxWithExtension, button: string, extension: string): Promise<string> {
  const options = await openOptions(firefox);
  const path = await downloadFrom(firefox, options, button, extension);
  await options.close();
  return path;
}

describe('Firefox: history export and import', () => {
  let exported: string;
  let before: PageRecord[];

  it('exports JSON and CSV as downloads', async () => {
    const { server, firefox } = session;
    for (const url of [server.siteA('/tech/en-original.html'), server.siteA('/tansuo/zh-original.html'), server.siteA('/info/short.html')]) {
      await (await visit(firefox, url)).page.close();
    }
    before = await storedPages(firefox);
    expect(before).toHaveLength(3);

    const json = await download(firefox, '#export-json', '.json');
    expect(dirname(json)).toBe(firefox.downloadsDir);
    expect(basename(json)).toMatch(/^deja-lu-history-\d{4}-\d{2}-\d{2}\.json$/);
    await mkdir(FILES, { recursive: true });
    exported = join(FILES, 'export.json');
    await copyFile(json, exported);
    const file = JSON.parse(await readFile(exported, 'utf8'));
    expect(file).toMatchObject({ format: 'deja-lu-history', version: EXPORT_VERSION });
    expect(file.pages.map((p: { url: string }) => p.url).sort()).toEqual(before.map((p) => p.url).sort());

    const csv = await download(firefox, '#export-csv', '.csv');
    const lines = (await readFile(csv, 'utf8')).trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('url');
    expect(lines.slice(1).join('\n')).toContain(server.siteA('/tansuo/zh-original.html'));
  });

  it('clears everything after confirmation', async () => {
    const { firefox } = session;
    const options = await openOptions(firefox);
    const dialog = new Promise<string>((resolve) => options.once('dialog', (d) => {
      resolve(d.message());
      void d.accept();
    }));
    await options.click('#clear-all');
    expect(await dialog).toBe('Delete all 3 pages from your history? This cannot be undone.');
    // The empty-history line carries its text while hidden too: wait for what only the finished clear shows.
    await options.waitForFunction(() => document.getElementById('transfer-status')?.textContent === 'Your history is empty now.');
    expect(await storedPages(firefox)).toEqual([]);
    await options.close();
  });

  it('imports the export into a fresh profile: the same history, which then flags reposts', async () => {
    const { server } = session;
    second = await launchFirefox('en');
    const options = await openOptions(second);
    expect(await importHistoryFile(options, exported)).toBe('Import finished: 3 new, 0 updated, 0 unchanged.');
    expect(portable(await storedPages(second))).toEqual(portable(before));
    // Importing the same file again changes nothing, and is answered from the first import's receipt.
    expect(await importHistoryFile(options, exported)).toMatch(/^Import finished: 0 new, 0 updated, 3 unchanged\.This file was already imported in full on .+\. No page has been deleted since/);
    await options.close();

    const repost = await visit(second, server.siteB('/copies/en-repost.html'));
    expect(repost.report.status).toBe('repost');
    expect(repost.report.matches[0]?.url).toBe(server.siteA('/tech/en-original.html'));
    expect((await readNotice(second, repost.page))?.text).toContain('Looks like a repost of Rewriting Rules of Engagement');
    await repost.page.close();
  });

  it('refuses a broken file with a clear error and loses nothing', async () => {
    const broken = join(FILES, 'broken.json');
    await writeFile(broken, (await readFile(exported, 'utf8')).slice(0, 300));
    const options = await openOptions(second!);
    const countBefore = (await storedPages(second!)).length;
    expect(await importHistoryFile(options, broken)).toMatch(/^This file could not be imported\. Your history was not changed\.Invalid export file: .+/);
    expect(await textOf(options, '#transfer-status .banner-title')).toBe('This file could not be imported. Your history was not changed.');
    expect(await storedPages(second!)).toHaveLength(countBefore);
    await options.close();
  });

  it('imports a file of more than one round: its entries set aside, then filed, every page indexed', async () => {
    const count = IMPORT_ROUND + IMPORT_BATCH;
    const records = syntheticRecords('rounds', count);
    const file = join(FILES, 'rounds.json');
    await mkdir(FILES, { recursive: true });
    let text = '';
    for await (const chunk of serializeExport(records, new Date())) text += chunk;
    await writeFile(file, text);
    const options = await openOptions(second!);
    const countBefore = (await storedPages(second!)).length;
    expect(await importHistoryFile(options, file, 300_000)).toBe(`Import finished: ${shownCount(count)} new, 0 updated, 0 unchanged.`);
    await options.close();
    // Firefox's own IndexedDB: no run left, and each of block1–3 holds one entry per page.
    const { records: stores, blockEntries: [, ...wholes] } = await storeSizes(second!);
    expect(stores.runs).toBe(0);
    expect(wholes).toEqual([countBefore + count, countBefore + count, countBefore + count]);
  }, 600_000);
});
