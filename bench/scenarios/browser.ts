/**
 * Chromium scenarios, through Playwright (playwright-core + Debian's
 * /usr/bin/chromium), on a COPY of the production build in .tmp/bench-ext:
 *
 * - the service worker is a two-line wrapper that importScripts() the real
 *   background.js and then bench-sw-harness.js, a Vite bundle of
 *   bench/browser/sw-harness.ts that imports the real src/core and src/store;
 * - bench.html, an extra extension page, loads bench/browser/page-harness.ts
 *   (import/export with heap sampling: pages can read performance.memory);
 * - test pages get bench/browser/extract-harness.ts (the content script's
 *   readPage) injected to time extraction on the real DOM.
 *
 * Nothing is added to the production build, and the storage code measured
 * is the store's own (History, insertPage), bundled the way the extension
 * bundles it, in the extension's own origin.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import type { ExtractTimes } from '../browser/extract-harness';
import { signDocument } from '../../src/core';
import { PASSAGES_PER_DOCUMENT } from '../../src/core/passages';
import { chineseDocs, latinDocs, realPages, REPO } from '../lib/data';
import { CHROMIUM, load1 } from '../lib/env';
import { extensionProcessCpuMs, extensionProcessRssMB } from '../lib/proc';
import { medianInterval, round, roundSummary, summarize } from '../lib/stats';
import { BENCH_BUILD, buildExtension } from './sizes';

const TMP = join(REPO, '.tmp/bench');
const EXT = join(REPO, '.tmp/bench-ext');
/** An extension with nothing in it: the page-impact baseline with the browser's extension system on. */
const EMPTY_EXT = join(REPO, '.tmp/bench-empty-ext');

async function bundle(entry: string, outFile: string, name: string): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: false,
    logLevel: 'silent',
    root: REPO,
    build: {
      lib: { entry: join(REPO, entry), formats: ['iife'], name, fileName: () => outFile },
      outDir: EXT,
      emptyOutDir: false,
      minify: true,
      write: true,
    },
  });
}

/** The bench copy of the extension: production build + harness files. */
async function assembleExtension(): Promise<void> {
  rmSync(EXT, { recursive: true, force: true });
  cpSync(BENCH_BUILD, EXT, { recursive: true });
  await bundle('bench/browser/sw-harness.ts', 'bench-sw-harness.js', '__dejaLuBenchSw');
  await bundle('bench/browser/page-harness.ts', 'bench-page-harness.js', '__dejaLuBenchPageLib');
  await bundle('bench/browser/extract-harness.ts', 'bench-extract-harness.js', '__dejaLuExtractLib');
  const manifest = JSON.parse(readFileSync(join(EXT, 'manifest.json'), 'utf8'));
  const background = manifest.background.service_worker as string;
  if (manifest.background.type === 'module') throw new Error('module service workers are not supported by the bench wrapper');
  writeFileSync(join(EXT, 'bench-sw.js'), [
    `self.__benchTimes = { start: performance.now() };`,
    `importScripts(${JSON.stringify(background)});`,
    `self.__benchTimes.background = performance.now();`,
    `importScripts('bench-sw-harness.js');`,
    `self.__benchTimes.harness = performance.now();`,
    `chrome.runtime.onMessage.addListener((m, _s, reply) => { if (m && m.benchWake) { reply({ times: self.__benchTimes }); return true; } return undefined; });`,
  ].join('\n'));
  manifest.background.service_worker = 'bench-sw.js';
  writeFileSync(join(EXT, 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(EXT, 'bench.html'), '<!doctype html><meta charset="utf-8"><title>bench</title><script src="bench-page-harness.js"></script>');
  // BENCH_EMPTY_CONTENT_SCRIPT=1: the content script replaced by an empty one, to measure what
  // having a content script at all costs a page (the floor of the page-impact comparison).
  // (The file the background injects: CONTENT_SCRIPT_FILE in src/background/content-injection.ts.)
  if (process.env.BENCH_EMPTY_CONTENT_SCRIPT) writeFileSync(join(EXT, 'content-scripts/content.js'), '');
  rmSync(EMPTY_EXT, { recursive: true, force: true });
  mkdirSync(EMPTY_EXT, { recursive: true });
  writeFileSync(join(EMPTY_EXT, 'manifest.json'), JSON.stringify({ manifest_version: 3, name: 'Empty (bench baseline)', version: '1.0' }));
}

/** A browser with a new profile and the extension in `extension` (a directory), or with extensions off. */
async function launch(extension: string | undefined, profile: string): Promise<BrowserContext> {
  const { chromium } = await import('playwright-core');
  rmSync(profile, { recursive: true, force: true });
  mkdirSync(profile, { recursive: true });
  const args = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--enable-precise-memory-info', '--js-flags=--expose-gc'];
  if (extension) args.push(`--disable-extensions-except=${extension}`, `--load-extension=${extension}`);
  else args.push('--disable-extensions');
  return chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args, env: { ...process.env, TMPDIR: TMP } });
}

async function serviceWorker(context: BrowserContext): Promise<Worker> {
  const find = () => context.serviceWorkers().find((w) => w.url().endsWith('/bench-sw.js'));
  let sw = find();
  while (!sw) {
    await context.waitForEvent('serviceworker', { timeout: 30_000 });
    sw = find();
  }
  await sw.evaluate(() => typeof (globalThis as never as { __dejaLuBench?: unknown }).__dejaLuBench);
  return sw;
}

type Bench = Record<string, (...args: never[]) => unknown>;
// Runs `name(...args)` of the service-worker harness.
function callSw<T>(sw: Worker, name: string, ...args: unknown[]): Promise<T> {
  return sw.evaluate(([n, a]) => ((globalThis as never as { __dejaLuBench: Bench }).__dejaLuBench[n as string] as (...x: unknown[]) => T)(...(a as unknown[])), [name, args] as const) as Promise<T>;
}

function corpusSummary(texts: { bytes: number; chars: number }[], res: { passMs: number[]; docMs: number[] }, repeats: number, cpuMs?: number) {
  const bytes = texts.reduce((a, d) => a + d.bytes, 0);
  const chars = texts.reduce((a, d) => a + d.chars, 0);
  return {
    docs: texts.length, bytes, chars, repeats,
    passMs: roundSummary(summarize(res.passMs)),
    mbPerS: roundSummary(summarize(res.passMs.map((ms) => bytes / 1e3 / ms))),
    charsPerS: roundSummary(summarize(res.passMs.map((ms) => (chars / ms) * 1000)), 0),
    docMs: roundSummary(summarize(res.docMs), 3),
    // Over all measured passes: the extension process's CPU time comes in 10 ms ticks.
    ...(cpuMs === undefined ? {} : { cpuMs: round(cpuMs, 0), cpuMBPerS: round((bytes * repeats) / 1e3 / cpuMs, 2), cpuCharsPerS: round((chars * repeats * 1000) / cpuMs, 0) }),
  };
}

/**
 * signDocument (WebAssembly engine, then the JavaScript table alone) and
 * fingerprintText over both corpora in the worker: warm-up
 * passes first, then the measured ones, with the extension process's CPU
 * time read around them (`cpuMs`) beside the worker's own wall-clock timings.
 */
async function fingerprintInWorker(sw: Worker, quick: boolean, cpuMs: () => number | undefined) {
  const repeats = quick ? 5 : 11;
  const out: Record<string, unknown> = { webAssembly: await callSw<boolean>(sw, 'webAssemblyRuns') };
  for (const [name, docs] of [['latin', latinDocs()], ['chinese', chineseDocs()]] as const) {
    const texts = docs.map((d) => d.text);
    const engines = [[name, 'signDocument', 2], [`${name}JavaScript`, 'signDocumentJavaScript', 1], [`${name}FingerprintText`, 'fingerprintText', 1]] as const;
    for (const [key, engine, warmup] of engines) {
      await callSw(sw, 'fingerprintCorpus', texts, 0, warmup, engine);
      const before = cpuMs();
      const res = await callSw<{ passMs: number[]; docMs: number[] }>(sw, 'fingerprintCorpus', texts, repeats, 0, engine);
      const after = cpuMs();
      out[key] = corpusSummary(docs, res, repeats, before === undefined || after === undefined ? undefined : after - before);
    }
  }
  return out;
}

/** Stops the worker (CDP), wakes it with a message from an extension page, fingerprints one Chinese page twice. */
async function coldStartInWorker(context: BrowserContext, sw: Worker, extensionId: string, runs: number) {
  const docs = chineseDocs().filter((d) => d.script === 'Hans');
  const page = [...docs].sort((a, b) => a.chars - b.chars)[Math.floor(docs.length / 2)]!.text;
  const tab = await context.newPage();
  await tab.goto(`chrome-extension://${extensionId}/bench.html`);
  const cdp = await context.newCDPSession(tab);
  await cdp.send('ServiceWorker.enable');
  let running = true;
  cdp.on('ServiceWorker.workerVersionUpdated', (e: { versions: { runningStatus: string; scriptURL: string }[] }) => {
    for (const v of e.versions) if (v.scriptURL.endsWith('/bench-sw.js')) running = v.runningStatus !== 'stopped';
  });
  const samples: { firstMs: number; warmMs: number; startupMs: number; wakeMs: number; backgroundEvalMs: number; harnessEvalMs: number; messageToReadyMs: number }[] = [];
  for (let r = 0; r < runs; r++) {
    await cdp.send('ServiceWorker.stopAllWorkers');
    const deadline = Date.now() + 15_000;
    while (running && Date.now() < deadline) await new Promise((res) => setTimeout(res, 20));
    if (running) throw new Error('service worker did not stop');
    await new Promise((res) => setTimeout(res, 200));
    // Wake it as a content script would: a runtime message.
    const reply = await tab.evaluate(async () => {
      const t0 = performance.now();
      const answer = await (globalThis as never as { chrome: { runtime: { sendMessage: (m: unknown) => Promise<unknown> } } }).chrome.runtime.sendMessage({ benchWake: true });
      return { answer, ms: performance.now() - t0 };
    });
    const worker = context.serviceWorkers().find((w) => w.url().endsWith('/bench-sw.js')) ?? sw;
    const res = await callSw<{ firstMs: number; warmMs: number; times: Record<string, number> }>(worker, 'coldChinese', page);
    const t = res.times;
    samples.push({
      firstMs: res.firstMs,
      warmMs: res.warmMs,
      startupMs: res.firstMs - res.warmMs,
      wakeMs: t.harness ?? NaN,
      backgroundEvalMs: (t.background ?? NaN) - (t.start ?? NaN),
      harnessEvalMs: (t.harness ?? NaN) - (t.background ?? NaN),
      messageToReadyMs: reply.ms,
    });
  }
  await tab.close();
  const pick = (k: keyof (typeof samples)[number]) => roundSummary(summarize(samples.map((s) => s[k])), 1);
  return {
    runs, pageChars: page.length,
    firstMs: pick('firstMs'), warmMs: pick('warmMs'), startupMs: pick('startupMs'),
    wakeMs: pick('wakeMs'), backgroundEvalMs: pick('backgroundEvalMs'), harnessEvalMs: pick('harnessEvalMs'), messageToReadyMs: pick('messageToReadyMs'),
  };
}

function progress(message: string): void {
  process.stderr.write(`  [browser ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

function dirSize(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir).reduce((a, name) => {
    const p = join(dir, name);
    const s = statSync(p);
    return a + (s.isDirectory() ? dirSize(p) : s.size);
  }, 0);
}

/**
 * The LevelDB directory's size once the harness has closed its connection and
 * the directory has stopped changing (four equal readings 2 s apart, at most
 * 2 min): what the history keeps on disk. Right after a bulk write the
 * directory also holds superseded bucket versions and a log that LevelDB has
 * not compacted yet, and storage.estimate() moved by ±300 B/page between two
 * identical runs here.
 */
async function settledDiskSize(sw: Worker, dir: string): Promise<number> {
  await callSw(sw, 'closeHistory');
  const readings = [dirSize(dir)];
  const started = Date.now();
  while (Date.now() - started < 120_000 && !(readings.length >= 4 && readings.slice(-4).every((r) => r === readings[readings.length - 1]))) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    readings.push(dirSize(dir));
  }
  await callSw(sw, 'reopenHistory');
  return readings[readings.length - 1] as number;
}

function corpusForStore() {
  const latin = latinDocs();
  const titles = realPages().map((p) => p.html.match(/<title[^>]*>([^<]{10,200})<\/title>/i)?.[1]?.trim()).filter((t): t is string => !!t && !/[^\u0000-\u00ff]/.test(t));
  const excerpts = latin.filter((_, i) => i % 5 === 0).map((d) => d.text.replace(/\s+/g, ' ').trim().slice(0, 200));
  // Passage counts as signDocument gives them on the practice set (all languages).
  const passageCounts = chineseDocs().concat(latin).filter((_, i) => i % 3 === 0).map((d) => signDocument(d.text).passages.length);
  return { titles, excerpts, passageCounts };
}

/**
 * Pages per transaction when filling the store: each transaction rewrites
 * every bucket it touches once, and 250,000 pages touch all 4,096 buckets of
 * each store, so larger batches cost no more bucket writes; the packed edits
 * of a batch take ~30 MB.
 */
const FILL_BATCH = 250_000;
/** Queries timed per store size (full mode): a p99 from 20 samples above it rather than 10. */
const QUERIES = 2000;

async function lookups(sw: Worker, profile: string, extensionId: string, quick: boolean, million: boolean) {
  const corpus = corpusForStore();
  const meanPassages = corpus.passageCounts.reduce((a, b) => a + b, 0) / corpus.passageCounts.length;
  await callSw(sw, 'setup', corpus);
  const base = await callSw<{ usage: number }>(sw, 'storageEstimate');
  const idbDir = join(profile, 'Default/IndexedDB', `chrome-extension_${extensionId}_0.indexeddb.leveldb`);
  const baseDir = dirSize(idbDir);
  const sizes = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(',').map(Number) : quick ? [1_000, 10_000] : million ? [1_000, 10_000, 100_000, 1_000_000] : [1_000, 10_000, 100_000];
  const out: { pages: number; [k: string]: unknown }[] = [];
  const fillRates: number[] = [];
  let fillTotal = 0;
  let prev = { pages: 0, usage: base.usage, disk: baseDir, settled: await settledDiskSize(sw, idbDir) };
  let textBytesPerPage = 0;
  for (const pages of sizes) {
    const fill = await callSw<{ seconds: number; textBytesPerPage: number }>(sw, 'fillTo', pages, FILL_BATCH);
    fillRates.push(round((pages - (out[out.length - 1]?.pages ?? 0)) / fill.seconds, 0));
    progress(`stored ${pages} pages (+${round(fill.seconds, 1)} s)`);
    fillTotal += fill.seconds;
    textBytesPerPage = fill.textBytesPerPage;
    // A sample right after the bulk write, while LevelDB compacts it on the
    // same two cores, then the measured queries on the settled store: what a
    // history between imports is (and what the 10 ms target is read against).
    const during = await callSw<{ ms: number[] }>(sw, 'queryBench', quick ? 100 : 300, 7);
    const est = await callSw<{ usage: number }>(sw, 'storageEstimate');
    const disk = dirSize(idbDir);
    const settled = await settledDiskSize(sw, idbDir);
    const q = await callSw<{ ms: number[]; hits: number; manyMs: number[] }>(sw, 'queryBench', quick ? 300 : QUERIES, 42);
    const bf = await callSw<{ ms: number[]; found: number; fingerprints: number }>(sw, 'bruteForce', pages >= 1e6 ? 30 : quick ? 60 : 200, 42);
    out.push({
      pages,
      fillSeconds: round(fillTotal, 1),
      pagesPerSecond: fillRates[fillRates.length - 1],
      query: roundSummary(summarize(q.ms), 3),
      queries: q.ms.length,
      queryRightAfterFill: roundSummary(summarize(during.ms), 3),
      hitRate: round(q.hits / q.ms.length, 2),
      queryManyPagePlusPassages: roundSummary(summarize(q.manyMs), 3),
      bruteForce: roundSummary(summarize(bf.ms), 3),
      bruteForceFingerprints: bf.fingerprints,
      // Marginal: growth since the previous size, so the store's fixed costs and the
      // LevelDB write-ahead log (≤ 4 MB, not yet compacted) weigh less.
      bytesPerPage: round((est.usage - prev.usage) / (pages - prev.pages), 0),
      diskBytesPerPage: round((disk - prev.disk) / (pages - prev.pages), 0),
      settledDiskBytesPerPage: round((settled - prev.settled) / (pages - prev.pages), 0),
    });
    prev = { pages, usage: est.usage, disk, settled };
  }
  const last = out[out.length - 1]! as { pages: number; bytesPerPage: number; diskBytesPerPage: number; settledDiskBytesPerPage: number };
  return {
    lookup: out,
    lookupNotes: `Pages stored with the bench's bulk write path on the store's codec and block index (insertPages, bench/browser/bulk-insert.ts: page records, then each touched bucket rewritten once, up to ${FILL_BATCH.toLocaleString('en-US')} pages per transaction), ` +
      `each with a whole-document fingerprint and ${round(meanPassages, 1)} passage fingerprints on average (the counts signDocument gives on the practice set), ` +
      `so 4 + ${round(meanPassages, 1)} bucket entries (8 bytes each) per page: the whole fingerprint under its four blocks, each passage under its first. Queries: History.query(fp, 3) awaited one at a time, half near a stored page ` +
      `(0–3 bits flipped), half random, ${QUERIES.toLocaleString('en-US')} per size (300 in quick mode) on the settled store: after the fill the harness closes its connection, waits until the LevelDB directory has stopped changing and reopens it (what a history between imports is); ` +
      `"right after the fill" times 300 queries (100 quick) before that, while LevelDB compacts the fill. "Fill time" is cumulative. Brute force: every stored fingerprint (whole + passages) in two Uint32Arrays, scanned with popcount in the same worker. ` +
      `Bytes/page: growth of the LevelDB directory once settled (connection closed, directory unchanged for 6 s) since the previous size, per page added; storage.estimate() and directory growth right after the writes in the JSON.`,
    bytesPerPage: {
      pages: last.pages,
      total: last.settledDiskBytesPerPage,
      estimateRightAfter: last.bytesPerPage,
      diskRightAfter: last.diskBytesPerPage,
      text: round(textBytesPerPage, 0),
      beyondText: round(last.settledDiskBytesPerPage - textBytesPerPage, 0),
      beyondTextRightAfter: round(last.bytesPerPage - textBytesPerPage, 0),
      fingerprintsPerPage: round(1 + meanPassages, 2),
      method: `Growth of the LevelDB directory from the previous size to ${last.pages.toLocaleString('en-US')} pages, per page added, measured once settled: the harness closes its connection and the directory ` +
        `is read every 2 s until four readings agree (Chromium closes and compacts the database meanwhile). Right after the writes: storage.estimate() ${last.bytesPerPage} B/page, directory ${last.diskBytesPerPage} B/page ` +
        `(superseded bucket versions and LevelDB's log not yet compacted; two identical runs here differed by ±300 B/page). ` +
        `"Title, URL and excerpt" counts their characters as V8 serialises them (1 byte per Latin-1 character). Snappy compression in LevelDB applies to everything.`,
    },
  };
}

/**
 * Marginal bytes per page with every page holding exactly `passages` passages
 * (0, and PASSAGES_PER_DOCUMENT, the worst case), each count in a
 * browser profile of its own: storage.estimate() counts the whole origin, and
 * a large database compacting meanwhile would be counted against these pages.
 */
async function bytesByPassageCount(quick: boolean, profileBase: string, extensionId: string) {
  const corpus = corpusForStore();
  const [from, to] = quick ? [10_000, 30_000] : [20_000, 60_000];
  const rows = [];
  for (const passages of [0, PASSAGES_PER_DOCUMENT]) {
    const context = await launch(EXT, `${profileBase}-passages-${passages}`);
    try {
      const sw = await serviceWorker(context);
      await callSw(sw, 'setup', { ...corpus, passageCounts: [passages] });
      const idbDir = join(`${profileBase}-passages-${passages}`, 'Default/IndexedDB', `chrome-extension_${extensionId}_0.indexeddb.leveldb`);
      await callSw(sw, 'fillTo', from, FILL_BATCH);
      const before = await settledDiskSize(sw, idbDir);
      const fill = await callSw<{ textBytesPerPage: number }>(sw, 'fillTo', to, FILL_BATCH);
      const after = await settledDiskSize(sw, idbDir);
      const total = round((after - before) / (to - from), 0);
      rows.push({ passages, from, to, total, beyondText: round(total - fill.textBytesPerPage, 0) });
      progress(`${passages} passages per page: ${total} B/page`);
    } finally {
      await context.close();
    }
  }
  const [none, most] = [rows[0]!, rows[rows.length - 1]!];
  return {
    rows,
    base: none.beyondText,
    perFingerprint: round((most.beyondText - none.beyondText) / (most.passages - none.passages), 1),
    method: `Bytes per page as a function of the passage count: the same synthetic pages with exactly that many passages, each count in a fresh browser profile, ` +
      `growth of the settled LevelDB directory (connection closed, unchanged for 6 s) between the two sizes per page added (marginal, so fixed costs cancel out).`,
  };
}

/**
 * The same pages and queries on the prototype layout of bench/browser/alt-layout.ts
 * (evidence for the store's owners), each variant in a browser profile of its own
 * so that its bytes are not mixed with another database's compactions.
 */
async function altLookups(quick: boolean, million: boolean, profileBase: string) {
  const sizes = process.env.BENCH_ALT_SIZES ? process.env.BENCH_ALT_SIZES.split(',').map(Number) : quick ? [1_000, 10_000] : million ? [10_000, 100_000, 1_000_000] : [10_000, 100_000];
  const corpus = corpusForStore();
  const out: Record<string, unknown[]> = {};
  for (const variant of ['all', 'whole'] as const) {
    const profile = `${profileBase}-alt-${variant}`;
    const context = await launch(EXT, profile);
    try {
      const sw = await serviceWorker(context);
      const idbDir = join(profile, 'Default/IndexedDB', `chrome-extension_${new URL(sw.url()).host}_0.indexeddb.leveldb`);
      await callSw(sw, 'setup', corpus);
      await callSw(sw, 'altSetup', variant);
      const rows = [];
      let fill = 0;
      let prev = { pages: 0, usage: (await callSw<{ usage: number }>(sw, 'storageEstimate')).usage, disk: dirSize(idbDir) };
      for (const pages of sizes) {
        const f = await callSw<{ seconds: number }>(sw, 'altFillTo', pages, 5000);
        fill += f.seconds;
        progress(`alt layout '${variant}': stored ${pages} pages (+${round(f.seconds, 1)} s)`);
        const q = await callSw<{ ms: number[] }>(sw, 'altQueryBench', quick ? 300 : 1000, 42, pages);
        const usage = (await callSw<{ usage: number }>(sw, 'storageEstimate')).usage;
        const disk = dirSize(idbDir);
        rows.push({
          pages, fillSeconds: round(fill, 1), pagesPerSecond: round((pages - prev.pages) / f.seconds, 0), query: roundSummary(summarize(q.ms), 3),
          bytesPerPage: round((usage - prev.usage) / (pages - prev.pages), 0), diskBytesPerPage: round((disk - prev.disk) / (pages - prev.pages), 0),
        });
        prev = { pages, usage, disk };
      }
      out[variant] = rows;
    } finally {
      await context.close();
    }
  }
  return out;
}

/** Timed imports of the same file, each in a new browser profile; the median is the result (BENCH_IO_RUNS, 3 by default). */
const IMPORT_RUNS = Number(process.env.BENCH_IO_RUNS ?? 3);

type ImportRun = {
  seconds: number; peakHeapMB: number; baselineHeapMB: number; imported: number; updated: number; unchanged: number; rejected: number;
  /** History.query from another connection every 50 ms during the run, each one's time (ms). */
  checkMs: number[];
  /** Time between the import's progress reports: one batch read, written and committed each. */
  batchMs: number[];
};
type IoHarness = {
  prepareFile(n: number, c: unknown, order?: 'export' | 'made'): Promise<{ fileMB: number }>;
  importRun(name: string, retained: boolean, checks?: boolean, batchSize?: number): Promise<ImportRun>;
  exportRun(name: string): Promise<{ records: number; seconds: number; peakHeapMB: number; baselineHeapMB: number; bytes: number }>;
};

/**
 * A browser of its own, with a new profile, for one import: runs in one
 * profile were not independent here (the third of three imports, each into a
 * new database, took 27.7–32.3 s against 15–22 s for the first two, LevelDB
 * still busy with the earlier ones).
 */
async function withIoHarness<T>(profile: string, records: number, corpus: unknown, work: (call: <K extends keyof IoHarness>(name: K, ...args: Parameters<IoHarness[K]>) => ReturnType<IoHarness[K]>) => Promise<T>): Promise<T & { fileMB: number }> {
  const context = await launch(EXT, profile);
  try {
    const extensionId = new URL((await serviceWorker(context)).url()).host;
    const tab = await context.newPage();
    await tab.goto(`chrome-extension://${extensionId}/bench.html`);
    await tab.waitForFunction(() => !!(globalThis as never as { __dejaLuBenchPage?: unknown }).__dejaLuBenchPage);
    const call = <K extends keyof IoHarness>(name: K, ...args: Parameters<IoHarness[K]>): ReturnType<IoHarness[K]> =>
      tab.evaluate(([n, a]) => ((globalThis as never as { __dejaLuBenchPage: Record<string, (...x: unknown[]) => unknown> }).__dejaLuBenchPage[n as string] as (...x: unknown[]) => unknown)(...(a as unknown[])), [name, args] as const) as ReturnType<IoHarness[K]>;
    const { fileMB } = await call('prepareFile', records, corpus, (process.env.BENCH_IO_ORDER as 'export' | 'made' | undefined) ?? 'export');
    return { ...(await work(call)), fileMB };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The highest resident memory of the extension processes (the page importing) while `run` goes, sampled every 250 ms. */
async function withRss<T>(profile: string, run: () => Promise<T>): Promise<{ result: T; peakRssMB: number | undefined; baseRssMB: number | undefined }> {
  const baseRssMB = extensionProcessRssMB(profile);
  let peakRssMB = baseRssMB;
  const timer = setInterval(() => {
    const now = extensionProcessRssMB(profile);
    if (now !== undefined) peakRssMB = Math.max(peakRssMB ?? 0, now);
  }, 250);
  try {
    return { result: await run(), peakRssMB, baseRssMB };
  } finally {
    clearInterval(timer);
  }
}

const median = (values: readonly number[]): number => summarize(values).median;
/** BENCH_IO_BATCH: records per import batch (the store's own default otherwise), to compare sizes. */
const BATCH = process.env.BENCH_IO_BATCH === undefined ? undefined : Number(process.env.BENCH_IO_BATCH);

async function importExport(profileBase: string, records: number) {
  const corpus = corpusForStore();
  const profile = `${profileBase}-io`;
  const runs: { first: ImportRun; again: ImportRun; exp: Awaited<ReturnType<IoHarness['exportRun']>>; peakRssMB?: number; baseRssMB?: number }[] = [];
  let fileMB = 0;
  for (let run = 0; run < IMPORT_RUNS; run++) {
    // Into an empty history with checks running beside it, then the same file again (idempotent: nothing to add), then the history exported.
    const result = await withIoHarness(profile, records, corpus, async (call) => {
      const first = await withRss(profile, () => call('importRun', 'io', false, true, BATCH));
      const again = await call('importRun', 'io', false, false, BATCH);
      const exp = await call('exportRun', 'io');
      return { first: first.result, again, exp, peakRssMB: first.peakRssMB, baseRssMB: first.baseRssMB };
    });
    runs.push(result);
    fileMB = result.fileMB;
    progress(`import ${run + 1}: ${round(result.first.seconds, 1)} s (${result.first.imported} new), again ${round(result.again.seconds, 1)} s (${result.again.unchanged} unchanged), export ${round(result.exp.seconds, 1)} s, rss peak ${round(result.peakRssMB ?? NaN, 0)} MB`);
  }
  // Then the same import with gc() every 250 ms (what it keeps alive); BENCH_IO_RETAINED=0 skips it (an extra import: minutes at a million).
  const kept = process.env.BENCH_IO_RETAINED === '0' ? undefined : (await withIoHarness(profile, records, corpus, async (call) => ({ kept: await call('importRun', 'io', true) }))).kept;
  const byImport = [...runs].sort((a, b) => a.first.seconds - b.first.seconds);
  const mid = byImport[byImport.length >> 1]!;
  const checks = runs.flatMap((r) => r.first.checkMs);
  const batches = runs.flatMap((r) => r.first.batchMs);
  return {
    fileMB,
    import: {
      records, seconds: mid.first.seconds, runSeconds: runs.map((r) => r.first.seconds), peakHeapMB: Math.max(...runs.map((r) => r.first.peakHeapMB)), baselineHeapMB: mid.first.baselineHeapMB,
      peakRssMB: Math.max(...runs.map((r) => r.peakRssMB ?? NaN)), baseRssMB: mid.baseRssMB,
      imported: mid.first.imported, rejected: mid.first.rejected, retainedPeakHeapMB: kept?.peakHeapMB, retainedRunSeconds: kept?.seconds,
      batchMs: roundSummary(summarize(batches), 0),
    },
    reimport: {
      records, seconds: median(runs.map((r) => r.again.seconds)), runSeconds: runs.map((r) => r.again.seconds), peakHeapMB: Math.max(...runs.map((r) => r.again.peakHeapMB)),
      imported: mid.again.imported, updated: mid.again.updated, unchanged: mid.again.unchanged,
      ratio: round(median(runs.map((r) => r.again.seconds / r.first.seconds)), 3),
    },
    checksDuringImport: { count: checks.length, ms: roundSummary(summarize(checks), 1) },
    export: { ...runs.map((r) => r.exp).sort((a, b) => a.seconds - b.seconds)[runs.length >> 1]!, runSeconds: runs.map((r) => r.exp.seconds) },
    method: `History.importJson on a ${records.toLocaleString('en-US')}-page export file (synthetic pages as in the lookup test, serialised by the store's serializeExport ` +
      `in key order as History.exportJson writes them, held in a Blob and read back with textChunks as the history page reads the file the user picks), ` +
      `${IMPORT_RUNS} run(s), each in a browser with a new profile, median reported. In each run: the import into an empty history while another connection ` +
      `runs History.query (a page check's look-up) every 50 ms; then the same file imported again into that history (nothing to add: "again"); then History.exportJson ` +
      `of that history consumed chunk by chunk${process.env.BENCH_IO_RETAINED === '0' ? '' : '; then the same import with gc() every 250 ms (what it keeps alive)'}, in an extension page of the bench copy. ` +
      `Peak heap = highest performance.memory.usedJSHeapSize (precise-memory-info, sampled every 10 ms) minus the heap after gc() before the run; the file (a Blob) is made before the baseline. ` +
      `Peak RSS = highest VmRSS of the extension processes (the importing page's renderer, /proc every 250 ms) during the first import.`,
  };
}

function serve(pages: { id: string; html: string }[]): Promise<{ server: Server; origin: string }> {
  const byId = new Map(pages.map((p) => [p.id, p.html]));
  const server = createServer((req, res) => {
    const id = decodeURIComponent((req.url ?? '').replace(/^\/p\//, '').replace(/\.html$/, ''));
    const html = byId.get(id);
    if (!html) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const addr = server.address() as { port: number };
    resolve({ server, origin: `http://127.0.0.1:${addr.port}` });
  }));
}

interface PageVisit {
  loadMs: number;
  longTasks: number[];
}

/**
 * How long a page stays open after its load event, in every browser: with
 * the extension, the content script waits for load and an idle moment, asks
 * the background, then reads; its long tasks must fall inside the window to
 * be counted.
 */
const SETTLE_MS = 1_000;

async function visit(page: Page, url: string): Promise<PageVisit> {
  await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
  await page.waitForTimeout(SETTLE_MS);
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const w = globalThis as never as { __longTasks?: number[] };
    return { loadMs: nav ? nav.loadEventEnd - nav.startTime : NaN, longTasks: w.__longTasks ?? [] };
  });
}

const OBSERVE_LONG_TASKS = `
  window.__longTasks = [];
  try { new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push(e.duration); }).observe({ type: 'longtask', buffered: true }); } catch {}
`;

/** Content-script impact on the real pages: extraction time on the live DOM, long tasks and load time with and without the extension. */
async function pageImpact(quick: boolean, profileBase: string) {
  const pages = realPages().filter((_, i) => !quick || i % 3 === 0);
  const { server, origin } = await serve(pages);
  const extractJs = readFileSync(join(EXT, 'bench-extract-harness.js'), 'utf8');
  const onlyLocal = async (context: BrowserContext) => {
    await context.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort()));
    await context.addInitScript(OBSERVE_LONG_TASKS);
  };
  try {
    // Three browsers side by side, all with new profiles: with the extension
    // (its content script, injected once the page has loaded, messages the
    // worker), with an empty extension (the browser's extension system on,
    // as in any browser a user installs an extension into) and with no
    // extensions at all. Each page is loaded in all three, the order rotating,
    // so that load on the machine hits them alike. The extension's browser
    // used to be the one the lookups had just filled with 100,000+ pages,
    // LevelDB still compacting them: new profiles compare like for like.
    const extContext = await launch(EXT, `${profileBase}-pages`);
    await serviceWorker(extContext);
    await onlyLocal(extContext);
    const emptyContext = await launch(EMPTY_EXT, `${profileBase}-empty`);
    await onlyLocal(emptyContext);
    const plain = await launch(undefined, `${profileBase}-plain`);
    await onlyLocal(plain);
    const tab = await extContext.newPage();
    const etab = await emptyContext.newPage();
    const ptab = await plain.newPage();
    // Every browser stays on a page as long as the extension's must (SETTLE_MS), so that the
    // only difference between them is the extension. With 100 ms for the other two, the
    // extension's browser measured +9.9 and +16.3 ms on the load event against the empty one;
    // with the same wait, +1.4 ms (session 6, docs/performance.md).
    const browsers = [tab, etab, ptab].map((t) => ({ tab: t, visits: new Map<string, PageVisit>() }));
    const extract: ({ id: string } & ExtractTimes)[] = [];
    const rounds = quick ? 1 : 2;
    const medianVisit = (visits: PageVisit[]): PageVisit => {
      const sorted = [...visits].sort((a, b) => a.loadMs - b.loadMs);
      return sorted[Math.floor((sorted.length - 1) / 2)]!;
    };
    for (const [k, p] of pages.entries()) {
      const url = `${origin}/p/${p.id}.html`;
      const visits: PageVisit[][] = browsers.map(() => []);
      for (let r = 0; r < rounds; r++) {
        for (let j = 0; j < browsers.length; j++) {
          const b = (k + r + j) % browsers.length;
          visits[b]!.push(await visit(browsers[b]!.tab, url));
        }
      }
      browsers.forEach((b, i) => b.visits.set(p.id, medianVisit(visits[i]!)));
      await ptab.addScriptTag({ content: extractJs });
      const runs: ExtractTimes[] = [];
      for (let r = 0; r < 3; r++) runs.push(await ptab.evaluate(() => (globalThis as never as { __dejaLuExtract: () => ExtractTimes }).__dejaLuExtract()));
      // Median of 3 for each time separately.
      const median = (key: 'pageSideMs' | 'inPageMs' | 'fromHtmlMs') => runs.map((x) => x[key]).sort((x, y) => x - y)[1]!;
      extract.push({ ...runs[0]!, id: p.id, pageSideMs: median('pageSideMs'), inPageMs: median('inPageMs'), fromHtmlMs: median('fromHtmlMs') });
    }
    await Promise.all([tab.close(), etab.close(), ptab.close()]);
    await Promise.all([extContext.close(), emptyContext.close(), plain.close()]);

    const tbt = (v: PageVisit) => v.longTasks.reduce((a, d) => a + Math.max(0, d - 50), 0);
    const longest = (v: PageVisit) => Math.max(0, ...v.longTasks);
    const ids = pages.map((p) => p.id);
    const [w, we, wo] = browsers.map((b) => ids.map((id) => b.visits.get(id)!)) as [PageVisit[], PageVisit[], PageVisit[]];
    const differences = (x: PageVisit[], y: PageVisit[], of: (v: PageVisit) => number) => ids.map((_, i) => of(x[i]!) - of(y[i]!));
    const paired = (x: PageVisit[], y: PageVisit[], of: (v: PageVisit) => number) => roundSummary(summarize(differences(x, y, of)), 1);
    const loadOf = (v: PageVisit) => v.loadMs;
    const interval = (x: PageVisit[], y: PageVisit[]) => medianInterval(differences(x, y, loadOf)).map((v) => round(v, 1)) as [number, number];
    const loadWith = roundSummary(summarize(w.map(loadOf)), 1);
    const loadEmpty = roundSummary(summarize(we.map(loadOf)), 1);
    const loadWithout = roundSummary(summarize(wo.map(loadOf)), 1);
    const diff = paired(w, we, loadOf);
    const diffNone = paired(w, wo, loadOf);
    const diffEmptyNone = paired(we, wo, loadOf);
    const pageSide = roundSummary(summarize(extract.map((e) => e.pageSideMs)), 2);
    const inPage = roundSummary(summarize(extract.map((e) => e.inPageMs)), 2);
    return {
      pages: pages.length,
      // What the content script costs the page's main thread in Chromium, where extraction runs in the offscreen document.
      extractMs: pageSide,
      inPageExtractMs: inPage,
      fromHtmlSameText: extract.filter((e) => e.sameText).length,
      // What the extension adds to a browser with extensions on. Within noise: the
      // paired median difference is under 5 ms or 2% of the median load time.
      loadDelay: {
        withExtension: loadWith,
        emptyExtension: loadEmpty,
        without: loadWithout,
        pairedDifference: diff,
        versusNoExtensions: diffNone,
        emptyVersusNoExtensions: diffEmptyNone,
        // 95% bootstrap intervals of the three paired medians.
        intervals: { pairedDifference: interval(w, we), versusNoExtensions: interval(w, wo), emptyVersusNoExtensions: interval(we, wo) },
        ok: Math.abs(diff.median) <= Math.max(5, 0.02 * loadEmpty.median),
        // Each page's load event (median of its rounds) in the three browsers, for later analysis.
        perPage: ids.map((id, i) => ({ id, withExtension: round(w[i]!.loadMs, 1), emptyExtension: round(we[i]!.loadMs, 1), without: round(wo[i]!.loadMs, 1) })),
      },
      table: {
        'on the page in Chromium: budget check + serialising the DOM (median of 3 per page)': pageSide,
        'in the offscreen document (timed in the page): DOMParser + extraction': roundSummary(summarize(extract.map((e) => e.fromHtmlMs)), 2),
        'on the page, only the fallback (HTML over the cap, or no answer from the background): readPage on the live DOM': inPage,
        'longest main-thread task, with the extension': roundSummary(summarize(w.map(longest)), 1),
        'longest main-thread task, with an empty extension': roundSummary(summarize(we.map(longest)), 1),
        'extra blocking time (Σ long-task time over 50 ms, with the extension − with an empty one)': paired(w, we, tbt),
        'load event, with the extension': loadWith,
        'load event, with an empty extension': loadEmpty,
        'load event, with no extensions (--disable-extensions)': loadWithout,
        'load event, with the extension − with an empty one (paired per page)': diff,
        'load event, with the extension − with none (paired per page)': diffNone,
        'load event, with an empty extension − with none (paired per page)': diffEmptyNone,
      },
      // Slowest in-page extraction (the fallback's path) and its cost against page size (elements).
      slowest: [...extract].sort((a, b) => b.inPageMs - a.inPageMs).slice(0, 5).map((e) => ({ id: e.id, ms: round(e.inPageMs, 1), chars: e.chars, elements: e.elements })),
      msPerThousandElements: roundSummary(summarize(extract.map((e) => (e.inPageMs / Math.max(1, e.elements)) * 1000)), 2),
      method: `${pages.length} real pages of shared/data/pages served from 127.0.0.1 (every other request aborted, so nothing waits on the network). ` +
        `Extraction: the content script's own code (src/page-reading/read-page.ts → src/extract) bundled and injected into the loaded page, median of 3 runs per page, ` +
        `percentiles over pages: in Chromium the page only checks its budget and serialises its DOM, and the offscreen document parses and extracts ` +
        `(timed here in the page for comparison; the same text as from the live DOM on ${extract.filter((e) => e.sameText).length} of ${extract.length} pages); ` +
        `only the fallback runs readPage in the page (Readability on a clone); Firefox's background page reads the HTML as the offscreen document does. Long tasks (PerformanceObserver 'longtask') and the load event (navigation timing) are compared between ` +
        `three browsers open side by side: with the extension (content script injected by the background once the page has loaded, reading when the page is idle), ` +
        `with an empty extension (manifest only: the browser's extension system on, as wherever an extension is installed) and with no extensions (--disable-extensions); ` +
        `each page loaded in all three (order rotating), page by page, each tab staying ${SETTLE_MS / 1000} s on a page after its load event. The target compares the extension with the empty one.`,
    };
  } finally {
    server.close();
  }
}

export async function runBrowser(options: { quick: boolean; million: boolean }) {
  if (!existsSync(CHROMIUM)) throw new Error('Chromium not installed: apt-get install -y chromium');
  mkdirSync(TMP, { recursive: true });
  const loadBefore = load1();
  buildExtension();
  await assembleExtension();
  const profile = join(TMP, 'profile');
  const context = await launch(EXT, profile);
  const result: Record<string, unknown> = {};
  try {
    const sw = await serviceWorker(context);
    const extensionId = new URL(sw.url()).host;
    // BENCH_PARTS=fingerprint,cold,lookup,bytes,alt,io,pages runs a subset (while developing the bench).
    const parts = new Set((process.env.BENCH_PARTS ?? 'fingerprint,cold,lookup,bytes,alt,io,pages').split(','));
    const current = () => context.serviceWorkers().find((w) => w.url().endsWith('/bench-sw.js')) ?? sw;
    if (parts.has('fingerprint')) result.fingerprint = await fingerprintInWorker(sw, options.quick, () => extensionProcessCpuMs(profile));
    if (parts.has('cold')) result.coldStart = await coldStartInWorker(context, sw, extensionId, options.quick ? 3 : 7);
    if (parts.has('lookup')) Object.assign(result, await lookups(current(), profile, extensionId, options.quick, options.million));
    if (parts.has('io')) result.importExport = await importExport(profile, Number(process.env.BENCH_IO_RECORDS ?? (options.quick ? 5_000 : 100_000)));
    if (parts.has('pages')) result.pageImpact = await pageImpact(options.quick, profile);
    await context.close();
    if (parts.has('alt')) result.altLayout = await altLookups(options.quick, options.million, profile);
    if (parts.has('bytes')) result.bytesByPassage = await bytesByPassageCount(options.quick, profile, extensionId);
  } catch (error) {
    // Keep what was measured before the failure.
    (error as { partial?: unknown }).partial = result;
    throw error;
  } finally {
    await context.close();
  }
  // Profiles hold hundreds of MB after the storage runs.
  for (const suffix of ['', '-pages', '-empty', '-plain', '-alt-all', '-alt-whole', '-passages-0', `-passages-${PASSAGES_PER_DOCUMENT}`]) rmSync(`${profile}${suffix}`, { recursive: true, force: true });
  result.load = [loadBefore, load1()];
  return result;
}
