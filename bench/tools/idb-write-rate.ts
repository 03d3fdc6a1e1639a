/**
 * `npx tsx bench/tools/idb-write-rate.ts [MB:KB:PER_TX …]`: how fast Chromium's
 * IndexedDB takes bytes, whatever the schema: MB megabytes of incompressible
 * values of KB kilobytes each, PER_TX values a transaction, into a new
 * database of a page on 127.0.0.1 (default: 1500:16:64 1500:256:8
 * 1500:1024:4), then 100,000 records of 1,200 bytes (a stored page's size),
 * 2,000 a transaction. What a 1,000,000-page import could reach on this
 * machine with any layout (docs/decisions/0067-what-a-million-page-import-needs.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { REPO } from '../lib/data';

const CASES = process.argv.length > 2 ? process.argv.slice(2) : ['1500:16:64', '1500:256:8', '1500:1024:4'];
const SMALL_RECORDS = 100_000;
const SMALL_RECORD_BYTES = 1200;
const SMALL_PER_TX = 2000;

/** Runs in the page: writes `count` copies of `bytes` random bytes (each made unique), `perTx` a transaction; ms. */
const WRITE = `async function write(count, bytes, perTx) {
  const db = await new Promise((res, rej) => { const r = indexedDB.open('rate' + Math.random(), 1); r.onupgradeneeded = () => r.result.createObjectStore('s'); r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); });
  const base = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i += 65536) crypto.getRandomValues(base.subarray(i, Math.min(bytes, i + 65536)));
  const t0 = performance.now();
  for (let key = 0; key < count;) {
    await new Promise((res, rej) => {
      const tx = db.transaction('s', 'readwrite');
      const store = tx.objectStore('s');
      for (let k = 0; k < perTx && key < count; k++, key++) { const v = base.slice(); v[0] = key & 255; v[1] = (key >> 8) & 255; store.put(v, key); }
      tx.oncomplete = res; tx.onerror = () => rej(tx.error);
    });
  }
  const ms = performance.now() - t0;
  db.close();
  return ms;
}`;

const server = createServer((_, res) => {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end(`<!doctype html><script>${WRITE}</script>`);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };
const profile = mkdtempSync(join(REPO, '.tmp/idb-write-rate-'));
const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  const write = (count: number, bytes: number, perTx: number): Promise<number> =>
    page.evaluate(([c, b, t]) => (window as unknown as { write: (c: number, b: number, t: number) => Promise<number> }).write(c, b, t), [count, bytes, perTx] as const);
  for (const spec of CASES) {
    const [mb, kb, perTx] = spec.split(':').map(Number) as [number, number, number];
    const ms = await write(Math.ceil((mb * 1024) / kb), kb * 1024, perTx);
    console.log(`${mb} MB as ${kb} KB values, ${perTx} a transaction: ${(ms / 1000).toFixed(1)} s, ${(mb / (ms / 1000)).toFixed(1)} MB/s`);
  }
  const ms = await write(SMALL_RECORDS, SMALL_RECORD_BYTES, SMALL_PER_TX);
  console.log(`${SMALL_RECORDS} records of ${SMALL_RECORD_BYTES} B, ${SMALL_PER_TX} a transaction: ${(ms / 1000).toFixed(1)} s, ${((ms * 1000) / SMALL_RECORDS).toFixed(0)} µs a record`);
} finally {
  await context.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
}
