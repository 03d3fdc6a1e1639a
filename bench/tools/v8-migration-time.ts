/**
 * How long the version 7 → 8 upgrade (src/store/migrations/v8.ts) takes on a
 * large history, in Debian Chromium: a version-7 database of N synthetic
 * pages (the pages store only, records shaped as version 7 keeps them; the
 * upgrade does not touch the block stores) is written with raw IndexedDB
 * calls on a page of 127.0.0.1, closed, then opened with the store's own
 * `openHistoryDatabase` (bundled from src/store/open.ts), which runs the
 * upgrade in its versionchange transaction. Bench-only.
 *
 *   npx tsx bench/tools/v8-migration-time.ts [pages=1000000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../lib/env';

const PAGES = Number(process.argv[2] ?? 1_000_000);

const bundle = await build({
  stdin: { contents: "export { openHistoryDatabase } from './src/store/open';", resolveDir: new URL('../..', import.meta.url).pathname, loader: 'ts' },
  bundle: true, format: 'iife', globalName: 'DejaLuStore', write: false, target: 'es2022',
});

/** In the page: a version-7 history of `pages` pages (pages store and indexes as version 7 made them, empty block stores). */
async function buildV7({ name, pages }: { name: string; pages: number }): Promise<number> {
  const request = <T>(r: IDBRequest<T>) => new Promise<T>((resolve, reject) => { r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });
  const open = indexedDB.open(name, 7);
  open.onupgradeneeded = () => {
    const db = open.result;
    const store = db.createObjectStore('pages');
    store.createIndex('lastVisit', 'v');
    store.createIndex('scheme', 'o');
    for (let b = 0; b < 4; b++) db.createObjectStore(`block${b}`);
  };
  const db = await request(open);
  const started = performance.now();
  let x = 12345;
  const next = () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x; };
  const keys = new Set<number>();
  while (keys.size < pages) keys.add(((next() >>> 4) & ~15) || 16);
  const sorted = Uint32Array.from(keys);
  const perTx = 10_000;
  for (let start = 0; start < sorted.length; start += perTx) {
    const tx = db.transaction('pages', 'readwrite');
    const store = tx.objectStore('pages');
    for (let i = start; i < Math.min(sorted.length, start + perTx); i++) {
      // 1 + 33 fingerprints and ~12 bytes of numbers, as the practice set's pages average.
      const d = new Uint8Array(1 + 34 * 8 + 12);
      d[0] = 34;
      for (let k = 1; k < d.length; k++) d[k] = next() & 0xff;
      store.put({ u: `https://news${i % 997}.example.com/2025/articles/${i}-a-title`, t: `A title of an article, number ${i}`, e: `The first words of article ${i}. `.repeat(5), v: 1.7e12 + i * 60_000, d, o: 6 }, sorted[i] as number);
    }
    await new Promise<void>((resolve, reject) => { tx.oncomplete = () => resolve(); tx.onerror = () => reject(tx.error); });
  }
  db.close();
  return performance.now() - started;
}

const server = createServer((_, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<title>migration</title>'));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
// A profile on disk, as the extension's: a browser.newPage() context is off the record, its storage in memory with a small quota.
const profile = mkdtempSync(join(tmpdir(), 'deja-lu-migration-'));
const browser = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  page.on('console', (m) => console.log('page:', m.text()));
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });
  // tsx names the functions it compiles with a helper the page lacks.
  await page.addScriptTag({ content: 'globalThis.__name = (f) => f;' });
  const name = `v7-${Date.now()}`;
  const built = await page.evaluate(buildV7, { name, pages: PAGES });
  console.log(`version-7 history of ${PAGES.toLocaleString('en-US')} pages written in ${(Number(built) / 1000).toFixed(1)} s`);
  const upgrade = await page.evaluate(async (n) => {
    const store = (window as unknown as { DejaLuStore: { openHistoryDatabase(f: IDBFactory, n: string): Promise<{ close(): void; version: number }> } }).DejaLuStore;
    const started = performance.now();
    const db = await store.openHistoryDatabase(indexedDB, n);
    const ms = performance.now() - started;
    const version = db.version;
    db.close();
    return { ms, version };
  }, name);
  console.log(`upgrade to version ${upgrade.version}: ${(upgrade.ms / 1000).toFixed(1)} s`);
  await page.evaluate((n) => new Promise((resolve) => { const r = indexedDB.deleteDatabase(n); r.onsuccess = r.onerror = () => resolve(undefined); }), name);
} finally {
  await browser.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
}
