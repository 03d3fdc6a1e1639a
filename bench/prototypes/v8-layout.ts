/**
 * Bench-only prototype, NOT the store: would a grouped layout (database
 * version 8, docs/decisions/0067 and 0068) import a million pages in 60 s
 * and still answer look-ups within the lookup targets? In Debian Chromium, a
 * page of 127.0.0.1, a new database per variant:
 *   - pages in key order, written as groups of the pages sharing a key prefix
 *     (one record a group, columns of the pages' fields);
 *   - their bucket entries spilled to a `runs` store every SPILL pages (one
 *     record per block store and key range), then merged into the block
 *     stores once, a range at a time;
 *   - then, the connection closed and reopened, History.query-shaped look-ups
 *     (four buckets and the candidates' groups), queryMany-shaped ones (a
 *     page's whole fingerprint and ~33 passages) and visit writes (a group
 *     read and written back).
 * The in-page half is v8-layout-page.js.
 *
 *   npx tsx bench/prototypes/v8-layout.ts [pages=1000000]   (BLOCK0_BITS=16 for one variant)
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../lib/env';
import { percentile } from '../lib/stats';

const PAGES = Number(process.argv[2] ?? 1_000_000);
/** Page keys are 28 bits: a shift of 16 gives 4,096 groups, ~244 pages (~300 KB) each at a million pages. */
const GROUP_SHIFT = 16;
const GROUPS_PER_TX = 4;
const SPILL = 100_000;
const QUERIES = 1000;
const MANY = 200;

type Variant = { block0Bits: number };
const VARIANTS: Variant[] = (process.env.BLOCK0_BITS ?? '16,12').split(',').map((bits) => ({ block0Bits: Number(bits) }));

const server = createServer((_, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<title>bench</title>'));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
const ms = (values: number[]): string => [50, 95, 99].map((p) => percentile([...values].sort((a, b) => a - b), p).toFixed(1)).join(' / ');
try {
  for (const variant of VARIANTS) {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.addScriptTag({ content: readFileSync(new URL('./v8-layout-page.js', import.meta.url), 'utf8') });
    const name = `v8-${variant.block0Bits}-${Date.now()}`;
    const options = { name, pages: PAGES, groupShift: GROUP_SHIFT, perTx: GROUPS_PER_TX, spillPages: SPILL, block0Bits: variant.block0Bits, visitIndex: process.env.VISIT_INDEX === '1' };
    const imported = await page.evaluate((o) => (window as unknown as { importPrototype: (o: unknown) => Promise<{ times: Record<string, number>; records: number; groups: number }> }).importPrototype(o), options);
    const t = imported.times;
    console.log(`block0 keyed by ${variant.block0Bits} bits, ${PAGES.toLocaleString('en-US')} pages in ${imported.groups} groups: import ${(t.total! / 1000).toFixed(1)} s (pages and runs ${(t.pagesAndRuns! / 1000).toFixed(1)} s, merge ${(t.merge! / 1000).toFixed(1)} s), ${imported.records.toLocaleString('en-US')} records written`);
    const lookups = await page.evaluate((o) => (window as unknown as { lookupPrototype: (o: unknown) => Promise<{ one: number[]; many: number[]; visits: number[]; lists: number[]; groupsPerQuery: number }> }).lookupPrototype(o), { ...options, queries: QUERIES, manyQueries: MANY });
    console.log(`  query p50 / p95 / p99: ${ms(lookups.one)} ms (${lookups.groupsPerQuery.toFixed(2)} groups read a query); queryMany: ${ms(lookups.many)} ms; visit write: ${ms(lookups.visits)} ms${lookups.lists.length > 0 ? `; 50 newest pages by the lastVisit index: ${ms(lookups.lists)} ms` : ''}`);
    await page.evaluate((n) => new Promise((resolve) => { const r = indexedDB.deleteDatabase(n); r.onsuccess = r.onerror = () => resolve(undefined); }), name);
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
