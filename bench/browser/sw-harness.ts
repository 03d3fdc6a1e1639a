/**
 * Bench-only code loaded into a COPY of the built extension's service worker
 * (bench/scenarios/browser/index.ts adds it next to background.js; the production
 * build is untouched). It imports the real src/core and src/store, bundled by
 * Vite like the extension itself, and exposes entry points for sw.evaluate.
 */
import { CHECKED_CHUNKS_MAX, FINGERPRINT_SCHEME, signDocument, fingerprintFromHex, passageMeasure, probedPassages, setChineseLexiconSource, type Fingerprint } from '../../src/core';
import { ChineseDictionary, DICTIONARY_PATH } from '../../src/background/chinese-dictionary';
import { fingerprintText } from '../../eval/fingerprint-text';
import { openHistory, signatureQueries, type History } from '../../src/store';
import { TakenHashes } from '../../src/store/codec/page-key';
import { openHistoryDatabase } from '../../src/store/open';
import { ALL_STORES } from '../../src/store/schema';
import { insertPages } from './bulk-insert';
import { fingerprintsOf, headCountOf, pageOf, rng, textBytes, type Corpus } from './synthetic';
import { popcount32 } from '../../src/core/hamming';
import { returnEngine, takeEngine } from '../../src/core/wasm/ascii-feature-engine';
import { AltLayout, type Variant } from './alt-layout';

const harnessLoadedAt = performance.now();

interface CorpusResult {
  passMs: number[];
  docMs: number[];
}

/** What the bench runs: signDocument (WebAssembly where the worker allows it), the same on the JavaScript table alone, or fingerprintText. */
const ENGINES = {
  signDocument: (text: string) => signDocument(text),
  signDocumentJavaScript: (text: string) => signDocument(text, { webAssembly: undefined }),
  fingerprintText: (text: string) => fingerprintText(text),
};

/** The packed dictionary, as the extension reads it. */
async function shippedDictionary(): Promise<Uint8Array> {
  const runtime = (globalThis as never as { chrome: { runtime: { getURL: (path: string) => string } } }).chrome.runtime;
  return new Uint8Array(await (await fetch(runtime.getURL(DICTIONARY_PATH))).arrayBuffer());
}

let shippedAsDefault: Promise<void> | undefined;
/** The throughput runs sign with the engine's default lexicon, made the shipped one (never let go mid-run). */
function useShippedDictionary(): Promise<void> {
  shippedAsDefault ??= shippedDictionary().then((bytes) => setChineseLexiconSource(() => bytes));
  return shippedAsDefault;
}

async function fingerprintCorpus(texts: string[], repeats: number, warmup: number, engine: keyof typeof ENGINES): Promise<CorpusResult> {
  await useShippedDictionary();
  const fn = ENGINES[engine];
  const passMs: number[] = [];
  const docMs: number[] = [];
  for (let r = 0; r < warmup + repeats; r++) {
    const start = performance.now();
    for (const t of texts) {
      const t0 = performance.now();
      fn(t);
      if (r >= warmup) docMs.push(performance.now() - t0);
    }
    if (r >= warmup) passMs.push(performance.now() - start);
  }
  return { passMs, docMs };
}

/** Whether signDocument runs its WebAssembly engine in this worker (the extension's content security policy allows it). */
function webAssemblyRuns(): boolean {
  const engine = takeEngine(globalThis.WebAssembly);
  if (engine) returnEngine(globalThis.WebAssembly, engine);
  return engine !== undefined;
}

/**
 * First and warm signDocument of one Chinese page, run right after the worker
 * woke, the way the background signs: the first reads the dictionary file.
 */
async function coldChinese(text: string) {
  const chinese = new ChineseDictionary({ fetchBytes: shippedDictionary });
  const sign = () => chinese.use((deps) => signDocument(text, deps));
  const t0 = performance.now();
  await sign();
  const firstMs = performance.now() - t0;
  const warm: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    await sign();
    warm.push(performance.now() - t);
  }
  warm.sort((a, b) => a - b);
  const g = globalThis as unknown as { __benchTimes?: Record<string, number> };
  return { firstMs, warmMs: warm[3] as number, harnessLoadedAt, times: g.__benchTimes ?? {} };
}

// ---------------------------------------------------------------- storage

let corpus: Corpus | undefined;
let history: History | undefined;
let stored = 0;
let db = 'deja-lu-bench';
/** URL hashes of the stored pages, carried across fill transactions (insertPages would otherwise read every key each time). */
let taken = new TakenHashes();
// The in-memory copy for the brute-force comparison: every stored fingerprint (whole + passages).
let memHi = new Uint32Array(0);
let memLo = new Uint32Array(0);
let memCount = 0;

/**
 * A fresh database `name` for the pages of `c`; later calls work on it. With
 * `fresh` false the database is kept as it is (the extension's own history,
 * which its background holds open, so it could not be deleted), and must be
 * empty.
 */
async function setup(c: Corpus, name = 'deja-lu-bench', fresh = true) {
  corpus = c;
  db = name;
  history?.close();
  if (fresh) await deleteDatabase(db);
  history = await openHistory({ name: db });
  stored = 0;
  taken = new TakenHashes();
  memCount = 0;
  return { ok: true };
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const req = indexedDB.deleteDatabase(name);
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error);
    req.onblocked = () => resolve();
  });
}

/**
 * Adds pages up to `total` with the bench's bulk write path (insertPages:
 * the page records, then each touched bucket rewritten once per transaction),
 * `batch` pages per transaction. With `inMemory` (the default) their
 * fingerprints are also kept for bruteForce.
 */
async function fillTo(total: number, batch: number, inMemory = true) {
  if (!corpus) throw new Error('setup first');
  const database = await openHistoryDatabase(indexedDB, db);
  const t0 = performance.now();
  let textTotal = 0;
  const from = stored;
  while (stored < total) {
    const end = Math.min(total, stored + batch);
    const tx = database.transaction(ALL_STORES, 'readwrite');
    const first = stored;
    await insertPages(tx, end - first, (k) => {
      const page = pageOf(first + k, corpus as Corpus);
      textTotal += textBytes(page);
      return page;
    }, taken);
    await tx.done;
    stored = end;
  }
  database.close();
  const seconds = (performance.now() - t0) / 1000;
  if (inMemory) keepInMemory(from, total);
  return { stored, seconds, textBytesPerPage: textTotal / Math.max(1, total - from) };
}

/** Adds the fingerprints of pages `from` to `total` to the in-memory copy. */
function keepInMemory(from: number, total: number): void {
  if (!corpus) throw new Error('setup first');
  let fps = 0;
  for (let i = from; i < total; i++) fps += 1 + (corpus.passageCounts[i % corpus.passageCounts.length] as number) + headCountOf(i, corpus);
  if (memCount + fps > memHi.length) {
    const cap = Math.max(memCount + fps, memHi.length * 2);
    const hi = new Uint32Array(cap);
    const lo = new Uint32Array(cap);
    hi.set(memHi.subarray(0, memCount));
    lo.set(memLo.subarray(0, memCount));
    memHi = hi;
    memLo = lo;
  }
  for (let i = from; i < total; i++) {
    const { fp, passages, heads } = fingerprintsOf(i, corpus);
    for (const f of [fp, ...passages, ...heads]) {
      memHi[memCount] = f.hi;
      memLo[memCount] = f.lo;
      memCount++;
    }
  }
}

function flip(fp: Fingerprint, bits: number, next: () => number): Fingerprint {
  let { hi, lo } = fp;
  for (let k = 0; k < bits; k++) {
    const b = next() % 64;
    if (b < 32) hi ^= 1 << b;
    else lo ^= 1 << (b - 32);
  }
  return { hi: hi >>> 0, lo: lo >>> 0 };
}

/** Query fingerprints: half near a stored page (0–3 bits flipped), half random. */
function queries(count: number, seed: number): Fingerprint[] {
  if (!corpus) throw new Error('setup first');
  const next = rng(seed);
  const out: Fingerprint[] = [];
  for (let q = 0; q < count; q++) {
    if (q % 2 === 0) out.push(flip(fingerprintsOf(next() % stored, corpus).fp, next() % 4, next));
    else out.push({ hi: next(), lo: next() });
  }
  return out;
}

/** Visits timed per queryBench: each rewrites the buckets of the page's ~31 entries, so fewer than the look-ups. */
const VISITS = 100;

/** Each query awaited alone, as the extension issues them: ms per `query(fp, 3)`. */
async function queryBench(count: number, seed: number) {
  if (!history) throw new Error('setup first');
  const open = history;
  const qs = queries(count + 20, seed);
  for (const q of qs.slice(0, 20)) await history.query(q, 3);
  const ms: number[] = [];
  // The same times split by kind: a query near a stored page reads that page's group to confirm it, a random one reads buckets only.
  const nearMs: number[] = [];
  const randomMs: number[] = [];
  let hits = 0;
  for (const [i, q] of qs.slice(20).entries()) {
    const t = performance.now();
    const matches = await history.query(q, 3);
    const took = performance.now() - t;
    ms.push(took);
    (i % 2 === 0 ? nearMs : randomMs).push(took);
    if (matches.length) hits++;
  }
  // queryMany as the page checker issues it: the page's fingerprint and its passages together.
  const manyMs: number[] = [];
  for (let k = 0; k < Math.min(200, count); k++) {
    const page = fingerprintsOf(rng(seed + k)() % stored, corpus as Corpus);
    const { fingerprints, passageQueries, sketchQueries } = signatureQueries([{ fingerprint: flip(page.fp, 2, rng(k + 1)), passages: page.passages, measure: passageMeasure(FINGERPRINT_SCHEME) }]);
    const t = performance.now();
    await history.queryMany(fingerprints, 3, { passageQueries, sketchQueries });
    manyMs.push(performance.now() - t);
  }
  // A long page as the checker probes it: its sample and the chunks beyond it (here other stored pages' passages),
  // probedPassages in all as before decisions/0062, and CHECKED_CHUNKS_MAX, the most a page is looked up by now.
  const probedMs = async (size: number, salt: number): Promise<number[]> => {
    const out: number[] = [];
    for (let k = 0; k < Math.min(200, count); k++) {
      const next = rng(seed + salt * (k + 1));
      const page = fingerprintsOf(next() % stored, corpus as Corpus);
      const passages = [...page.passages];
      while (passages.length < size) passages.push(...fingerprintsOf(next() % stored, corpus as Corpus).passages);
      const { fingerprints, passageQueries, sketchQueries } = signatureQueries([{ fingerprint: page.fp, passages: passages.slice(0, size), measure: passageMeasure(FINGERPRINT_SCHEME) }]);
      const t = performance.now();
      await open.queryMany(fingerprints, 3, { passageQueries, sketchQueries });
      out.push(performance.now() - t);
    }
    return out;
  };
  const longMs = await probedMs(probedPassages(FINGERPRINT_SCHEME), 7919);
  const longestMs = await probedMs(CHECKED_CHUNKS_MAX, 7927);
  // A visit recorded, as the background writes one after the badge: a stored page read again (same content, so the store keeps its size).
  const visitMs: number[] = [];
  for (let k = 0; k < Math.min(VISITS, count); k++) {
    const page = pageOf(rng(seed ^ (k + 7))() % stored, corpus as Corpus);
    const t = performance.now();
    await history.recordVisit(page);
    visitMs.push(performance.now() - t);
  }
  return { ms, nearMs, randomMs, hits, manyMs, longMs, longestMs, visitMs };
}

/** Opens of the History page timed per size: each is a count and a list of the newest 50, as the page asks them together. */
const HISTORY_PAGE_OPENS = 10;
/** Searches timed per size: a search reads every stored title and URL (History.list), seconds at a million pages. */
const HISTORY_SEARCHES = 3;
/** Pages marked as the user's own for the My articles list, and how many times it is timed (decisions/0102). */
const OWN_ARTICLES = 20;
const OWN_LISTS = 5;
/** How long into each search a visit is recorded, timed as it waits for the search's reads (decisions/0098). */
const VISIT_INTO_SEARCH_MS = 50;

/**
 * What the History page waits for (entrypoints/options/history-view.ts): its
 * first view (the newest 50 and the page count, together), the same sorted
 * oldest first, and a search typed in its box, in ms. The count read an
 * index whose every entry Chromium checks (~15 s at 300,000 pages) until
 * decisions/0096; this keeps that in sight.
 */
async function historyPageBench(needle: string) {
  if (!history) throw new Error('setup first');
  const open = history;
  const view = async (order: 'newest' | 'oldest'): Promise<number> => {
    const t = performance.now();
    await Promise.all([open.list({ order, limit: 50 }), open.count()]);
    return performance.now() - t;
  };
  const newestMs: number[] = [];
  const oldestMs: number[] = [];
  for (let k = 0; k < HISTORY_PAGE_OPENS; k++) {
    newestMs.push(await view('newest'));
    oldestMs.push(await view('oldest'));
  }
  const searchMs: number[] = [];
  // A stored page read again while the search runs (same content, so the store keeps its size), as a tab would record one.
  const visitMs: number[] = [];
  let found = 0;
  for (let k = 0; k < HISTORY_SEARCHES; k++) {
    const t = performance.now();
    const searching = Promise.all([open.list({ search: needle, limit: 50 }), open.count()]).then(([{ total }]) => {
      searchMs.push(performance.now() - t);
      found = total;
    });
    await new Promise((resolve) => setTimeout(resolve, VISIT_INTO_SEARCH_MS));
    const v = performance.now();
    await open.recordVisit(pageOf(rng(k + 1)() % stored, corpus as Corpus));
    visitMs.push(performance.now() - v);
    await searching;
  }
  // The My articles tab's list: a few stored pages marked as the user's own, then given back as visits.
  const own = Array.from({ length: Math.min(OWN_ARTICLES, stored) }, (_, k) => pageOf(Math.floor((k * stored) / OWN_ARTICLES), corpus as Corpus).url);
  for (const url of own) await open.setSource(url, 'author');
  const ownMs: number[] = [];
  let ownFound = 0;
  for (let k = 0; k < OWN_LISTS; k++) {
    const t = performance.now();
    ownFound = (await open.ownArticles()).length;
    ownMs.push(performance.now() - t);
  }
  for (const url of own) await open.setSource(url, 'visit');
  return { newestMs, oldestMs, searchMs, visitMs, found, ownMs, ownFound, count: await open.count() };
}

/** The synthetic site forgotten at each size: one of pageOf's 997 sites, so ~1/997 of the stored pages. */
const FORGOTTEN_SITE = 5;
const SYNTHETIC_SITES = 997;

/**
 * "Stop checking" a site on the settings page, which removes its pages
 * (History.pageIdsOfSites, then deletePages): how long the removal takes, and what visits
 * recorded back to back meanwhile wait (decisions/0101). The site's pages
 * are recorded again after, so the store keeps its size for what follows.
 */
async function forgetSiteBench() {
  if (!history) throw new Error('setup first');
  const open = history;
  const site = `news${FORGOTTEN_SITE}.example.com`;
  const t = performance.now();
  let ms = -1;
  const belongs = (s: string) => s === site;
  const removing = open.pageIdsOfSites(belongs).then((ids) => open.deletePages(ids, belongs)).then((removed) => {
    ms = performance.now() - t;
    return removed;
  });
  const visitMs: number[] = [];
  const next = rng(99);
  while (ms < 0) {
    let i = next() % stored;
    if (i % SYNTHETIC_SITES === FORGOTTEN_SITE) i++;
    const v = performance.now();
    await open.recordVisit(pageOf(i, corpus as Corpus));
    visitMs.push(performance.now() - v);
  }
  const removed = await removing;
  for (let i = FORGOTTEN_SITE; i < stored; i += SYNTHETIC_SITES) await open.recordVisit(pageOf(i, corpus as Corpus));
  return { ms, removed, visitMs, count: await open.count() };
}

/** The same queries answered by scanning every stored fingerprint in memory. */
function bruteForce(count: number, seed: number) {
  const qs = queries(count, seed);
  const ms: number[] = [];
  let found = 0;
  for (const q of qs) {
    const t = performance.now();
    const qh = q.hi;
    const ql = q.lo;
    for (let i = 0; i < memCount; i++) {
      if (popcount32(((memHi[i] as number) ^ qh) >>> 0) + popcount32(((memLo[i] as number) ^ ql) >>> 0) <= 3) found++;
    }
    ms.push(performance.now() - t);
  }
  return { ms, found, fingerprints: memCount };
}

let alt: AltLayout | undefined;

/** The prototype layout of alt-layout.ts: set up, fill, query (same pages and queries as the store's). */
async function altSetup(variant: Variant) {
  if (!corpus) throw new Error('setup first');
  alt = await AltLayout.open(`deja-lu-bench-alt-${variant}`, variant, corpus);
  return { ok: true };
}

async function altFillTo(total: number, batch: number) {
  if (!alt) throw new Error('altSetup first');
  return { seconds: await alt.fillTo(total, batch) };
}

async function altQueryBench(count: number, seed: number, storedPages: number) {
  if (!alt) throw new Error('altSetup first');
  const saved = stored;
  stored = storedPages;
  const qs = queries(count + 20, seed);
  stored = saved;
  for (const q of qs.slice(0, 20)) await alt.query(q);
  const ms: number[] = [];
  for (const q of qs.slice(20)) {
    const t = performance.now();
    await alt.query(q);
    ms.push(performance.now() - t);
  }
  return { ms };
}

async function storageEstimate() {
  const e = await navigator.storage.estimate();
  return { usage: e.usage ?? 0, details: (e as { usageDetails?: Record<string, number> }).usageDetails ?? {} };
}

/** Closes the harness's connection, so that Chromium may close and compact the database (bytes per page, settled). */
function closeHistory() {
  history?.close();
  history = undefined;
  return { ok: true };
}

async function reopenHistory() {
  history = await openHistory({ name: db });
  return { ok: true };
}

const api = { closeHistory, reopenHistory, altSetup, altFillTo, altQueryBench, harnessLoadedAt, fingerprintCorpus, webAssemblyRuns, coldChinese, setup, fillTo, queryBench, historyPageBench, forgetSiteBench, bruteForce, storageEstimate, fingerprintFromHex };
(globalThis as unknown as { __dejaLuBench: typeof api }).__dejaLuBench = api;
