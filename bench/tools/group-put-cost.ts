/**
 * `npx tsx bench/tools/group-put-cost.ts [RUNS]`: what the `put` call of one
 * page group costs the page's thread in Chromium, by what the record holds: a
 * million-page group's shape (250 members: URL, title and excerpt columns,
 * 100 kB of packed fields, the multiEntry `lastVisit` index over `[time, key]`
 * pairs), the same with the three text columns joined into one string with
 * offsets, that with the index over bare numbers, that with no index, and the
 * group without its text. 150 records per shape, shapes alternating, in a page
 * on 127.0.0.1. The put's synchronous call alone is timed (the structured clone
 * and index keys: the part of a write the page's thread pays), then each record
 * is read back (`get` to its success, every member's URL and title taken out).
 * decisions/0104.
 */
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';

const RUNS = Number(process.argv[2] ?? 3);

/** Runs in the page: each shape's put call (p50) and get (p50, p90), ms. */
const MEASURE = `async function measure() {
  const SHAPES = ['groups today', 'text in one string', 'and number index keys', 'and no index', 'no text'];
  const db = await new Promise((res, rej) => {
    const r = indexedDB.open('put' + Math.random(), 1);
    r.onupgradeneeded = () => { for (const s of SHAPES) { const store = r.result.createObjectStore(s); if (s !== 'and no index') store.createIndex('v', 'w', { multiEntry: true }); } };
    r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error);
  });
  const letters = (n) => { let s = ''; for (let i = 0; i < n; i++) s += String.fromCharCode(97 + Math.floor(Math.random() * 26)); return s; };
  const N = 250;
  const group = (g) => {
    const u = [], t = [], e = [];
    for (let k = 0; k < N; k++) { u.push('https://example.com/' + letters(60)); t.push(letters(60)); e.push(letters(200)); }
    const d = new Uint8Array(N * 400); for (let k = 0; k < d.length; k++) d[k] = k * 31;
    const at = new Uint32Array(N + 1); for (let k = 0; k <= N; k++) at[k] = k * 400;
    const w = Array.from({ length: N }, (_, k) => [1.7e12 + Math.floor(Math.random() * 1e10), g * 1000 + k]);
    return { w, u, t, e, o: new Array(N).fill(7), d, at };
  };
  const joined = (g) => {
    const parts = []; const xo = new Uint32Array(3 * N + 1); let at = 0; let j = 0;
    for (let k = 0; k < N; k++) for (const s of [g.u[k], g.t[k], g.e[k]]) { parts.push(s); xo[j++] = at; at += s.length; }
    xo[j] = at;
    return { w: g.w, o: g.o, d: g.d, at: g.at, x: parts.join(''), xo };
  };
  const put = (store, key, value) => new Promise((res, rej) => {
    const tx = db.transaction(store, 'readwrite');
    const t0 = performance.now();
    tx.objectStore(store).put(value, key);
    const ms = performance.now() - t0;
    tx.oncomplete = () => res(ms); tx.onerror = () => rej(tx.error);
  });
  const times = Object.fromEntries(SHAPES.map((s) => [s, []]));
  for (let i = 0; i < 150; i++) {
    const g = group(i); const j = joined(g);
    const values = { 'groups today': g, 'text in one string': j, 'and number index keys': { ...j, w: g.w.map(([v]) => v) }, 'and no index': j, 'no text': { w: g.w, o: g.o, d: g.d, at: g.at } };
    for (const s of i % 2 ? SHAPES : [...SHAPES].reverse()) times[s].push(await put(s, i, values[s]));
  }
  const reads = Object.fromEntries(SHAPES.map((s) => [s, []]));
  const get = (store, key) => new Promise((res, rej) => {
    const tx = db.transaction(store, 'readonly');
    const t0 = performance.now();
    const r = tx.objectStore(store).get(key);
    r.onsuccess = () => {
      const v = r.result;
      const taken = [];
      if (v.x !== undefined) for (let k = 0; k < N; k++) taken.push(v.x.slice(v.xo[3 * k], v.xo[3 * k + 1]), v.x.slice(v.xo[3 * k + 1], v.xo[3 * k + 2]));
      else if (v.u !== undefined) for (let k = 0; k < N; k++) taken.push(v.u[k], v.t[k]);
      res(performance.now() - t0);
    };
    r.onerror = () => rej(r.error);
  });
  for (let i = 0; i < 150; i++) for (const s of i % 2 ? SHAPES : [...SHAPES].reverse()) reads[s].push(await get(s, i));
  const q = (xs, p) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)].toFixed(2);
  db.close();
  return SHAPES.map((s) => s + ': put p50 ' + q(times[s], 0.5) + ' ms; get p50 ' + q(reads[s], 0.5) + ' p90 ' + q(reads[s], 0.9)).join('\\n');
}`;

const server = createServer((_, res) => {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end(`<!doctype html><script>${MEASURE}</script>`);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  for (let run = 1; run <= RUNS; run++) {
    console.log(`run ${run}`);
    console.log(await page.evaluate('measure()'));
  }
} finally {
  await browser.close();
  server.close();
}
