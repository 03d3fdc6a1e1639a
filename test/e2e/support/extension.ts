import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { expect } from 'vitest';
import type { browser } from 'wxt/browser';
import type { PageReport } from '../../../src/messaging';
import type { Settings } from '../../../src/settings';
import type { ExportRecord, Page as PageRecord } from '../../../src/store';
import { decodePage } from '../../../src/store/codec/stored-page';
import { pagesOfDump } from '../../support/history-invariants';
import { ROOT } from './browser';

/** The worker's `chrome` global, typed with the polyfill's API (promise-based, as MV3's is). */
type WithChrome = { chrome: typeof browser };

export const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
const POLL_MS = 100;
const WAIT_MS = 15_000;

/** Polls `probe` until it returns something other than undefined. */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** storage.session as the background keeps it for the popup: "tab-report:<tabId>" → the tab's last report. */
export type SessionReports = Record<string, PageReport>;

/**
 * The background's report for the tab showing `url` (as kept for the popup in
 * storage.session), once it is newer than `after`.
 */
export async function waitForReport(worker: Worker, url: string, after: number, timeoutMs = WAIT_MS): Promise<{ tabId: number; report: PageReport }> {
  const readSession = () => worker.evaluate(() => (globalThis as unknown as WithChrome).chrome.storage.session.get(null)) as Promise<SessionReports>;
  return waitForSessionReport(readSession, url, after, timeoutMs);
}

/** The same, from storage.session as `readSession` reads it in any browser. */
export async function waitForSessionReport(readSession: () => Promise<SessionReports>, url: string, after: number, timeoutMs = WAIT_MS): Promise<{ tabId: number; report: PageReport }> {
  return eventually(async () => {
    for (const [key, report] of Object.entries(await readSession())) {
      // Other session items (the background's own notes) are not reports.
      if (!key.startsWith('tab-report:')) continue;
      const tabId = Number(key.split(':').pop());
      if (sameUrl(report.url, url) && report.checkedAt > after) return { tabId, report };
    }
    return undefined;
  }, `a report for ${url}`, timeoutMs);
}

/** Opens `url` in a new tab and waits for its report; the tab stays open. */
export async function visitPage(context: BrowserContext, worker: Worker, url: string, timeoutMs = WAIT_MS): Promise<{ page: Page; tabId: number; report: PageReport }> {
  const since = Date.now();
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  return { page, ...(await waitForReport(worker, url, since, timeoutMs)) };
}

function sameUrl(a: string, b: string): boolean {
  const strip = (u: string) => { const x = new URL(u); x.hash = ''; x.search = ''; return x.href.replace(/\/$/, ''); };
  return strip(a) === strip(b);
}

export function badge(worker: Worker, tabId: number): Promise<{ text: string; title: string }> {
  return worker.evaluate(async (id) => ({
    text: await (globalThis as unknown as WithChrome).chrome.action.getBadgeText({ tabId: id }),
    title: await (globalThis as unknown as WithChrome).chrome.action.getTitle({ tabId: id }),
  }), tabId);
}

/** Every stored page, read raw from the worker's IndexedDB and decoded here with the store's own codec. */
export async function storedPages(worker: Worker): Promise<PageRecord[]> {
  return decodePages(await worker.evaluate(readRawPages));
}

export interface RawPages { keys: unknown[]; values: unknown[] }

/** Runs in the extension (any browser evaluates it there): the groups store's keys and records (pages in groups of columns), as stored. */
export async function readRawPages(): Promise<RawPages> {
  const databases = await indexedDB.databases();
  if (!databases.some((db) => db.name === 'deja-lu')) return { keys: [], values: [] };
  return new Promise<RawPages>((resolve, reject) => {
    const open = indexedDB.open('deja-lu');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const store = db.transaction('groups').objectStore('groups');
      const keys = store.getAllKeys();
      const values = store.getAll();
      values.onsuccess = () => {
        resolve({ keys: keys.result, values: values.result });
        db.close();
      };
      values.onerror = () => reject(values.error);
    };
  });
}

export function decodePages(raw: RawPages): PageRecord[] {
  const { keys, values } = pagesOfDump({ groups: raw });
  return values.map((value, i) => decodePage(value, keys[i] as number));
}

/** `count` export records of pages on `name`.example, read now, each with a fingerprint of its own and no passages: bulk for imports. */
export function syntheticRecords(name: string, count: number): ExportRecord[] {
  const at = new Date().toISOString();
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return Array.from({ length: count }, (_, i): ExportRecord => ({
    url: `https://${name}.example/article/${i}`, title: `${name} ${i}`, site: `${name}.example`, excerpt: 'First words.', textLength: 4000, cjkChars: 0, words: 700, scheme: 2,
    fingerprint: `${hex(Math.imul(i + 3, 2246822519))}${hex(Math.imul(i + 5, 3266489917))}`, passages: [],
    firstVisit: at, lastVisit: at, visitCount: 1, source: 'import',
  }));
}

/** The fields an export must carry over unchanged, in a stable order. */
export function portable(pages: PageRecord[]) {
  return pages
    .map(({ id: _id, ...page }) => page)
    .sort((a, b) => a.url.localeCompare(b.url));
}

/** Keys and values of each of the history's object stores, read in one transaction. */
export type StoreDump = Record<'groups' | 'block0' | 'block1' | 'block2' | 'block3' | 'runs' | 'imports', { keys: unknown[]; values: unknown[] }>;

export function dumpStores(worker: Worker): Promise<StoreDump> {
  return worker.evaluate(async () => {
    const names = ['groups', 'block0', 'block1', 'block2', 'block3', 'runs', 'imports'] as const;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('deja-lu');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const read = <T>(request: IDBRequest<T>) => new Promise<T>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const tx = db.transaction([...names], 'readonly');
      const entries = await Promise.all(names.map(async (name) => {
        const store = tx.objectStore(name);
        return [name, { keys: await read(store.getAllKeys()), values: await read(store.getAll()) }] as const;
      }));
      return Object.fromEntries(entries) as StoreDump;
    } finally {
      db.close();
    }
  });
}

/** The settings as stored (an empty object until the user changed one). */
export async function storedSettings(worker: Worker): Promise<Partial<Settings>> {
  return worker.evaluate(async () => ((await (globalThis as unknown as WithChrome).chrome.storage.local.get('settings')).settings ?? {}) as Partial<Settings>);
}

export async function setSettings(worker: Worker, patch: Partial<Settings>): Promise<void> {
  await worker.evaluate(async (p) => {
    const { storage } = (globalThis as unknown as WithChrome).chrome;
    const { settings } = await storage.local.get('settings');
    await storage.local.set({ settings: { ...(settings ?? {}), ...p } });
  }, patch);
}

/**
 * The text inside the in-page notice and the kind of its shadow root. The root
 * is closed, so page scripts (and Playwright locators) cannot see into it; the
 * DevTools protocol can.
 */
export async function readNotice(page: Page): Promise<{ shadowRootType: string; text: string; links: string[] } | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
    const host = findNode(root, (node) => node.nodeName === 'DEJA-LU-NOTICE');
    const shadow = host?.shadowRoots?.[0];
    if (!host || !shadow) return undefined;
    const texts: string[] = [];
    const links: string[] = [];
    walk(shadow, (node) => {
      if (node.nodeType === 3 && node.parentId !== undefined && !isStyle(shadow, node.parentId)) texts.push(node.nodeValue);
      if (node.nodeName === 'A') links.push(attribute(node, 'href') ?? '');
    });
    return { shadowRootType: shadow.shadowRootType ?? '', text: texts.join(''), links };
  } finally {
    await cdp.detach();
  }
}

interface CdpNode {
  nodeId: number;
  parentId?: number;
  nodeType: number;
  nodeName: string;
  nodeValue: string;
  attributes?: string[];
  children?: CdpNode[];
  shadowRoots?: CdpNode[];
  shadowRootType?: string;
}

function walk(node: CdpNode, visit: (node: CdpNode) => void): void {
  visit(node);
  for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) walk(child, visit);
}

function findNode(node: CdpNode, test: (node: CdpNode) => boolean): CdpNode | undefined {
  let found: CdpNode | undefined;
  walk(node, (n) => {
    if (!found && test(n)) found = n;
  });
  return found;
}

function isStyle(root: CdpNode, nodeId: number): boolean {
  return findNode(root, (n) => n.nodeId === nodeId)?.nodeName === 'STYLE';
}

function attribute(node: CdpNode, name: string): string | undefined {
  const attrs = node.attributes ?? [];
  const index = attrs.indexOf(name);
  return index >= 0 && index % 2 === 0 ? attrs[index + 1] : undefined;
}

/** The popup page, opened in a tab of its own, about the tab `tabId`. */
export async function openPopup(context: BrowserContext, extensionId: string, tabId: number): Promise<Page> {
  const popup = await context.newPage();
  // Short viewport: full-page screenshots then take the content's height, as the real popup does.
  await popup.setViewportSize({ width: 380, height: 200 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html?tabId=${tabId}`);
  await popup.locator('#report .status').waitFor();
  return popup;
}

/** A count as the English History page shows it ("50,500": formatCount in en-US). */
export const shownCount = (count: number): string => count.toLocaleString('en-US');
/** A count the page shows, read back ("50,500" → 50500). */
export const readCount = (shown: string): number => Number(shown.replaceAll(',', ''));

/** The History page's status line while an import runs, its last stage (indexing) included, or before it has started. */
export const IMPORT_PENDING = /^Importing|^Almost done|^正在导入|^即将完成|^$/;

/** Imports `path` on the History page's import control; resolves to the status line once the import has finished. */
export async function importHistoryFile(options: Page, path: string): Promise<string> {
  await options.setInputFiles('#import-file', path);
  await expect.poll(() => options.locator('#transfer-status').textContent()).not.toMatch(IMPORT_PENDING);
  return (await options.locator('#transfer-status').textContent()) ?? '';
}

export async function openOptions(context: BrowserContext, extensionId: string, hash = '#history'): Promise<Page> {
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html${hash}`);
  // Ready once the history summary is filled in (it is hidden on the settings tab).
  await options.waitForFunction(() => document.getElementById('history-summary')?.textContent !== '');
  return options;
}

/**
 * Stops the extension's service worker as Chrome does when it is idle, and
 * waits until it has stopped. The next extension event starts it again.
 */
export async function stopServiceWorker(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('ServiceWorker.enable');
    const stopped = new Promise<void>((resolve) => {
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        if (versions.some((v) => v.runningStatus === 'stopped' && v.scriptURL.startsWith('chrome-extension://'))) resolve();
      });
    });
    await cdp.send('ServiceWorker.stopAllWorkers');
    await stopped;
  } finally {
    await cdp.detach();
  }
}

/** Saves a screenshot as a test artifact and returns its path. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  // From the top, so sticky headers sit where a user sees them.
  await page.evaluate(() => window.scrollTo(0, 0));
  // Animations finished: the notice fades in.
  await page.screenshot({ path, animations: 'disabled', ...options });
  return path;
}
