import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeExport, type ExportRecord, type Page as PageRecord } from '../../src/store';
import { IMPORT_BATCH, IMPORT_ROUND } from '../../src/store/import';
import { indexProblems, pagesOfDump } from '../support/history-invariants';
import { EXPORT_VERSION } from '../../src/store/export-format';
import { ROOT, launchWithExtension, openPage, type ExtensionBrowser } from './support/browser';
import { IMPORT_PENDING, readCount, shownCount, dumpStores, importHistoryFile, openOptions, openPopup, portable, readNotice, screenshot, stopServiceWorker, storedPages, syntheticRecords, waitForReport } from './support/extension';
import { savedFile, skipSaveDialog } from './support/save-dialog';
import { startFixtureServer, type FixtureServer } from './support/server';

const FILES = join(ROOT, '.tmp', 'e2e', 'transfer');

let server: FixtureServer;
let first: ExtensionBrowser;
let second: ExtensionBrowser | undefined;

beforeAll(async () => {
  await mkdir(FILES, { recursive: true });
  server = await startFixtureServer();
  first = await launchWithExtension('en');
  await skipSaveDialog(first.context);
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await server?.close();
});

async function visit(browser: ExtensionBrowser, url: string): Promise<void> {
  const since = Date.now();
  const page = await openPage(browser.context, url);
  await waitForReport(browser.worker, url, since);
  await page.close();
}

async function rows(options: Page): Promise<string[]> {
  return options.locator('#page-rows .page-title').allTextContents();
}

const importFile = importHistoryFile;

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

describe('history page, export and import', () => {
  let exported: string;
  let before: PageRecord[];

  it('lists, searches, sorts and deletes stored pages', async () => {
    for (const url of [
      server.siteA('/tech/en-original.html'),
      server.siteB('/copies/en-repost.html'),
      server.siteA('/tansuo/zh-original.html'),
      server.siteA('/info/short.html'),
    ]) await visit(first, url);

    const options = await openOptions(first.context, first.extensionId);
    await expect.poll(() => options.locator('#history-summary').textContent()).toMatch(/^4 pages · .+ used$/);
    expect(await rows(options)).toHaveLength(4);
    expect((await rows(options))[0]).toBe('Opening hours');
    await screenshot(options, 'en-history', { fullPage: true });

    await options.fill('#search', 'vidyard');
    await expect.poll(() => rows(options)).toHaveLength(2);
    await options.fill('#search', 'nothing like this');
    await expect.poll(() => options.locator('#history-empty').textContent()).toBe('No pages match “nothing like this”.');
    expect(await options.locator('#history-empty').isVisible()).toBe(true);
    await options.fill('#search', '');
    await expect.poll(() => rows(options)).toHaveLength(4);

    await options.selectOption('#sort', 'oldest');
    await expect.poll(async () => (await rows(options))[0]).toContain('Rewriting Rules');

    await options.locator('#page-rows tr', { hasText: 'Opening hours' }).locator('button.delete').click();
    await expect.poll(() => rows(options)).toHaveLength(3);
    expect((await storedPages(first.worker)).map((p) => p.title)).not.toContain('Opening hours');
    await options.close();
  });

  it('exports JSON (and CSV) through the save dialog, and says what it saved', async () => {
    const options = await openOptions(first.context, first.extensionId);
    const json = await savedFile(options, '#export-json');
    expect(json.name).toMatch(/^deja-lu-history-\d{4}-\d{2}-\d{2}\.json$/);
    expect(await options.locator('#transfer-status').textContent()).toMatch(new RegExp(`^Exported [\\d.]+ kB: ${json.name}$`));
    exported = join(FILES, 'export.json');
    await writeFile(exported, json.text);
    const file = JSON.parse(json.text);
    expect(file).toMatchObject({ format: 'deja-lu-history', version: EXPORT_VERSION });
    expect(file.pages).toHaveLength(3);

    const csv = await savedFile(options, '#export-csv');
    expect(csv.name).toMatch(/\.csv$/);
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('url');
    before = await storedPages(first.worker);
    await options.close();
  });

  it('clears everything after confirmation', async () => {
    const options = await openOptions(first.context, first.extensionId);
    options.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Delete all 3 pages from your history? This cannot be undone.');
      void dialog.accept();
    });
    await options.click('#clear-all');
    // The empty-history line carries its text while hidden too: wait for what only the finished clear shows.
    await expect.poll(() => options.locator('#transfer-status').textContent()).toBe('Your history is empty now.');
    await expect.poll(() => options.locator('#history-empty').isVisible()).toBe(true);
    expect(await options.locator('#history-empty').textContent()).toBe('No pages yet. The articles you read will appear here.');
    expect(await rows(options)).toEqual([]);
    expect(await storedPages(first.worker)).toEqual([]);
    await options.close();
  });

  it('imports the export into a fresh profile: the same history', async () => {
    second = await launchWithExtension('en');
    const options = await openOptions(second.context, second.extensionId);
    expect(await importFile(options, exported)).toBe('Import finished: 3 new, 0 updated, 0 unchanged.');
    await expect.poll(() => rows(options)).toHaveLength(3);
    expect(portable(await storedPages(second.worker))).toEqual(portable(before));

    // Importing the same file again changes nothing, and is answered from the first import's receipt.
    const pages = await dumpStores(second.worker);
    expect(await importFile(options, exported)).toMatch(/^Import finished: 0 new, 0 updated, 3 unchanged\.This file was already imported in full on .+\. No page has been deleted since, so everything in it is still in your history\.$/);
    expect(await dumpStores(second.worker)).toEqual(pages);
    await screenshot(options, 'en-history-import-again', { fullPage: true });

    // A page deleted since: the file is read through again, and brings it back.
    await options.locator('#page-rows tr', { hasText: 'Rewriting Rules' }).first().locator('button.delete').click();
    await expect.poll(() => rows(options)).toHaveLength(2);
    expect(await importFile(options, exported)).toBe('Import finished: 1 new, 0 updated, 2 unchanged.');
    await expect.poll(() => rows(options)).toHaveLength(3);
    expect(portable(await storedPages(second.worker))).toEqual(portable(before));
    await options.close();
  });

  it('refuses a broken file with a clear error and loses nothing', async () => {
    const broken = join(FILES, 'broken.json');
    await writeFile(broken, (await readFile(exported, 'utf8')).slice(0, 300));
    const notAnExport = join(FILES, 'other.json');
    await writeFile(notAnExport, JSON.stringify({ hello: 'world' }));
    const options = await openOptions(second!.context, second!.extensionId);
    const countBefore = (await storedPages(second!.worker)).length;
    expect(await importFile(options, broken)).toMatch(/^This file could not be imported\. Your history was not changed\.Invalid export file: .+/);
    expect(await importFile(options, notAnExport)).toMatch(/not a Déjà Lu history export/);
    expect(await storedPages(second!.worker)).toHaveLength(countBefore);
    await screenshot(options, 'en-history-import-error', { fullPage: true });
    await options.close();
  });

  it('imports a file of several batches showing its progress, and says which entries a damaged one kept', async () => {
    // Whole batches, then half of one: the damaged copy below breaks in that last half batch.
    const whole = 20 * IMPORT_BATCH;
    const count = whole + IMPORT_BATCH / 2;
    const at = new Date().toISOString();
    const records = (from: number, to: number) => Array.from({ length: to - from }, (_, k): ExportRecord => {
      const i = from + k;
      return {
        url: `https://bulk.example/article/${i}`, title: `Bulk ${i}`, site: 'bulk.example', excerpt: 'First words.', textLength: 4000, cjkChars: 0, words: 700, scheme: 2,
        fingerprint: `${(Math.imul(i + 1, 2654435761) >>> 0).toString(16).padStart(8, '0')}${(Math.imul(i + 7, 40503) >>> 0).toString(16).padStart(8, '0')}`, passages: [],
        firstVisit: at, lastVisit: at, visitCount: 1, source: 'import',
      };
    });
    const bulk = join(FILES, 'bulk.json');
    const text = await collect(serializeExport(records(0, count), new Date()));
    await writeFile(bulk, text);
    const options = await openOptions(second!.context, second!.extensionId);
    const countBefore = (await storedPages(second!.worker)).length;
    const seen = new Set<string>();
    await options.setInputFiles('#import-file', bulk);
    await expect.poll(async () => {
      const status = (await options.locator('#transfer-status').textContent()) ?? '';
      seen.add(status);
      return status;
    }, { timeout: 600_000, interval: 50 }).toMatch(/^Import finished/);
    expect(await options.locator('#transfer-status').textContent()).toBe(`Import finished: ${shownCount(count)} new, 0 updated, 0 unchanged.`);
    // Part way: some of the file read and at least one batch in, not all of it.
    const progress = [...seen].map((status) => /^Importing… (\d+)% read, ([\d,]+) entries so far/.exec(status)).filter((m) => m !== null);
    expect(progress.some((m) => readCount(m[2]!) >= IMPORT_BATCH && readCount(m[2]!) < count)).toBe(true);
    expect(progress.every((m) => Number(m[1]) <= 100)).toBe(true);
    expect(await storedPages(second!.worker)).toHaveLength(countBefore + count);

    // Cut short in its last batch: the batches before it are in, and the message says so.
    const damaged = join(FILES, 'bulk-damaged.json');
    const more = await collect(serializeExport(records(count, 2 * count), new Date()));
    await writeFile(damaged, more.slice(0, more.indexOf(`"Bulk ${2 * count - 10}"`)));
    await options.setInputFiles('#import-file', damaged);
    await expect.poll(() => options.locator('#transfer-status').textContent(), { timeout: 600_000, interval: 100 }).not.toMatch(IMPORT_PENDING);
    expect(await options.locator('#transfer-status').textContent()).toMatch(new RegExp(`^This file is damaged\\. Entries 1 to ${shownCount(whole)} were imported \\(${shownCount(whole)} new, 0 updated, 0 unchanged\\); nothing after entry ${shownCount(whole)} was, and nothing else in your history changed\\.Invalid export file: .*truncated`));
    expect(await storedPages(second!.worker)).toHaveLength(countBefore + count + whole);
    await options.close();
  }, 900_000);

  it('imports a file of more than one round: its entries set aside, then filed, every page found', async () => {
    const count = IMPORT_ROUND + IMPORT_BATCH;
    const records = syntheticRecords('rounds', count);
    const file = join(FILES, 'rounds.json');
    await writeFile(file, await collect(serializeExport(records, new Date())));
    const options = await openOptions(second!.context, second!.extensionId);
    const countBefore = (await storedPages(second!.worker)).length;
    // Every status the page shows, as it shows it: the last stage lasts a moment only at this size.
    await options.evaluate(() => {
      const status = document.getElementById('transfer-status') as HTMLElement;
      const shown: string[] = [];
      (window as unknown as { shownStatuses: string[] }).shownStatuses = shown;
      new MutationObserver(() => shown.push(status.textContent ?? '')).observe(status, { childList: true, subtree: true, characterData: true });
    });
    await options.setInputFiles('#import-file', file);
    await expect.poll(() => options.locator('#transfer-status').textContent(), { timeout: 600_000, interval: 200 }).toMatch(/^Import finished/);
    expect(await options.locator('#transfer-status').textContent()).toBe(`Import finished: ${shownCount(count)} new, 0 updated, 0 unchanged.`);
    // Its entries filed at its end, after every record was read, shown as a stage of its own.
    const shown = await options.evaluate(() => (window as unknown as { shownStatuses: string[] }).shownStatuses);
    const indexing = shown.map((status) => /^Almost done: indexing the new pages… (\d+)%\. All ([\d,]+) entries are read \(([\d,]+) new, 0 updated\)/.exec(status)).filter((m) => m !== null);
    expect(indexing.length).toBeGreaterThan(0);
    expect(indexing.every((m) => m[2] === shownCount(count) && m[3] === shownCount(count))).toBe(true);
    const percents = indexing.map((m) => Number(m[1]));
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(shown.findIndex((status) => status.startsWith('Almost done'))).toBeGreaterThan(shown.findLastIndex((status) => status.startsWith('Importing')));
    // The browser's own IndexedDB: no run left, every page's entries in the block stores, no entry without its page.
    const dump = await dumpStores(second!.worker);
    expect(dump.runs.keys).toEqual([]);
    expect(pagesOfDump(dump).keys).toHaveLength(countBefore + count);
    expect(indexProblems(dump)).toEqual([]);
    await options.close();
  }, 900_000);

  it('imports files made by `deja-lu import-file`: copies of the author\'s articles are flagged', async () => {
    const run = (args: string[]) => promisify(execFile)(process.execPath, [join(ROOT, 'bin', 'deja-lu.mjs'), 'import-file', '--html', ...args], { cwd: ROOT });
    const published = join(FILES, 'published.json');
    const drafts = join(FILES, 'drafts.json');
    // A published post (its web address from --base-url) and a local draft (a file:// address).
    await run(['--base-url', 'https://my-blog.example/', join('test', 'e2e', 'fixtures', 'en-other.html'), '-o', published]);
    await run([join('test', 'e2e', 'fixtures', 'zh-other.html'), '-o', drafts]);
    const options = await openOptions(second!.context, second!.extensionId);
    expect(await importFile(options, published)).toBe('Import finished: 1 new, 0 updated, 0 unchanged.');
    expect(await importFile(options, drafts)).toBe('Import finished: 1 new, 0 updated, 0 unchanged.');
    await expect.poll(() => options.locator('#page-rows tr', { hasText: 'your article' }).count()).toBe(2);
    await screenshot(options, 'en-history-after-import', { fullPage: true });

    const copyOfPost = server.siteB('/stolen/en-other-repost.html');
    let since = Date.now();
    const post = await openPage(second!.context, copyOfPost);
    const first = await waitForReport(second!.worker, copyOfPost, since);
    expect(first.report.status).toBe('repost');
    expect(first.report.matches[0]).toMatchObject({ url: 'https://my-blog.example/test/e2e/fixtures/en-other.html', source: 'author' });
    const postNotice = await readNotice(post);
    expect(postNotice?.text).toContain('Looks like a copy of your article Apple’s Vision Pro');
    expect(postNotice?.links).toContain('https://my-blog.example/test/e2e/fixtures/en-other.html');

    const copyOfDraft = server.siteA('/reprinted/zh-other-repost.html');
    since = Date.now();
    const draft = await openPage(second!.context, copyOfDraft);
    const { tabId, report } = await waitForReport(second!.worker, copyOfDraft, since);
    expect(report.status).toBe('repost');
    expect(report.matches[0]?.url).toMatch(/^file:\/\/\/.*zh-other\.html$/);
    const draftNotice = await readNotice(draft);
    expect(draftNotice?.text).toContain('Looks like a copy of your article 孩子：我的奶酪，谁做主');
    // A file:// address cannot be opened from a web page: the title is not a link.
    expect(draftNotice?.links).toEqual([]);
    const popup = await openPopup(second!.context, second!.extensionId, tabId);
    await expect.poll(() => popup.locator('.match-meta').textContent()).toBe('Your article');
    await expect.poll(() => popup.locator('.summary').textContent()).toBe('A copy of one of your own articles.');
    await screenshot(draft, 'en-notice-own-article');
    await screenshot(popup, 'en-popup-own-article', { fullPage: true });
    await Promise.all([post.close(), draft.close(), popup.close(), options.close()]);
  });

  it('an import stopped part way leaves its entries set aside, and the background files them when it next starts', async () => {
    const count = 2 * IMPORT_ROUND;
    const file = join(FILES, 'stopped.json');
    await writeFile(file, await collect(serializeExport(syntheticRecords('stopped', count), new Date())));
    // A page read before, so that waking the worker later with it adds no page.
    const wakeUrl = server.siteA('/wake/en-original.html');
    const since = Date.now();
    const wake = await openPage(second!.context, wakeUrl);
    await waitForReport(second!.worker, wakeUrl, since);
    const options = await openOptions(second!.context, second!.extensionId);
    await options.setInputFiles('#import-file', file);
    // The first round is in (its entries set aside) and the second is not: the page closes, as a user might close it.
    const handled = async () => readCount(/^Importing… \d+% read, ([\d,]+) entries so far/.exec((await options.locator('#transfer-status').textContent()) ?? '')?.[1] ?? '0');
    await expect.poll(handled, { timeout: 600_000, interval: 100 }).toBeGreaterThanOrEqual(IMPORT_ROUND);
    expect(await handled()).toBeLessThan(count);
    await options.close();
    const left = await dumpStores(second!.worker);
    expect(left.runs.keys.length).toBeGreaterThan(0);
    const stored = pagesOfDump(left).keys.length;

    await stopServiceWorker(wake);
    await wake.reload();
    await expect.poll(async () => (await dumpStores(second!.worker)).runs.keys.length, { timeout: 120_000, interval: 500 }).toBe(0);
    // Every page the import wrote is kept and indexed: no entry without its page, no page without its entries.
    const dump = await dumpStores(second!.worker);
    expect(pagesOfDump(dump).keys).toHaveLength(stored);
    expect(indexProblems(dump)).toEqual([]);
    await wake.close();
  }, 900_000);
});
