/**
 * Bench-only prototype, NOT the store: what storing several pages per
 * IndexedDB record would buy the import, whose time is mostly IndexedDB's
 * own cost per record (docs/performance.md, item 5). Writes 100,000 pages in
 * one readwrite transaction of bare `add` requests, in Chromium, as
 *   - one page per record with the `lastVisit` index (the store today),
 *   - GROUP pages per record with a multiEntry index over their last visits,
 *   - GROUP pages per record and no index,
 * each in a new database, in alternating rounds. Pages are shaped like the
 * store's records (url, title, excerpt, last visit, a 70-byte packed array).
 *
 *   npx tsx bench/prototypes/grouped-records.ts
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../lib/env';

const PAGES = 100_000;
const GROUP = 8;
const ROUNDS = 2;

type Layout = { group: number; index: 'plain' | 'multiEntry' | 'none' };
const LAYOUTS: Layout[] = [{ group: 1, index: 'plain' }, { group: GROUP, index: 'multiEntry' }, { group: GROUP, index: 'none' }];

// IndexedDB needs an origin: an empty page on 127.0.0.1.
const server = createServer((_, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<title>bench</title>'));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  const seconds = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const layout of round % 2 === 0 ? LAYOUTS : [...LAYOUTS].reverse()) {
      // A function body as a string: the page runs it as it is, without this file's compiled helpers.
      const ms = await page.evaluate(`(async ({ pages, group, index }) => {
        const name = 'grouped-' + Math.random();
        const db = await new Promise((resolve, reject) => {
          const open = indexedDB.open(name, 1);
          open.onupgradeneeded = () => {
            const store = open.result.createObjectStore('pages');
            if (index !== 'none') store.createIndex('lastVisit', 'v', { multiEntry: index === 'multiEntry' });
          };
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const pageOf = (i) => ({
          u: 'https://site' + (i % 500) + '.example.com/articles/2024/' + i + '/the-title-of-the-article-' + i,
          t: 'A title of an article, about as long as the titles of the practice pages: ' + i,
          e: 'An excerpt of the first two hundred characters of the article. '.repeat(3) + i,
          v: 1.7e12 + i * 1000,
          d: new Uint8Array(70).fill(i & 255),
        });
        const records = [];
        for (let i = 0; i < pages; i += group) {
          if (group === 1) { records.push(pageOf(i)); continue; }
          const members = Array.from({ length: group }, (_, k) => pageOf(i + k));
          records.push({ u: members.map((p) => p.u), t: members.map((p) => p.t), e: members.map((p) => p.e), v: members.map((p) => p.v), d: members.map((p) => p.d) });
        }
        const start = performance.now();
        await new Promise((resolve, reject) => {
          const tx = db.transaction('pages', 'readwrite');
          const store = tx.objectStore('pages');
          records.forEach((record, key) => store.add(record, key));
          tx.oncomplete = resolve;
          tx.onerror = () => reject(tx.error);
        });
        const elapsed = performance.now() - start;
        db.close();
        indexedDB.deleteDatabase(name);
        return elapsed;
      })(${JSON.stringify({ pages: PAGES, ...layout })})`);
      const label = `${layout.group} page${layout.group > 1 ? 's' : ''} per record, ${layout.index === 'none' ? 'no index' : `${layout.index} lastVisit index`}`;
      seconds.set(label, [...(seconds.get(label) ?? []), (ms as number) / 1000]);
    }
  }
  for (const [label, runs] of seconds) console.log(`${label}: ${runs.map((s) => s.toFixed(2)).join(', ')} s for ${PAGES.toLocaleString('en-US')} pages`);
} finally {
  await browser.close();
  server.close();
}
