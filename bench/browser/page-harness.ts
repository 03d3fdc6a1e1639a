/**
 * Bench-only extension page (bench.html in the bench copy of the extension):
 * import and export through the real History class, with the JS heap
 * sampled while they run. Runs in a page because Chromium reports heap size
 * (performance.memory) to pages, not to service workers.
 */
import { normalizeUrl } from '../../src/core/url';
import { openHistory, pageToExportRecord, serializeExport } from '../../src/store';
import { urlHash } from '../../src/store/codec/page-key';
import { saveTextFile } from '../../src/ui/save-file';
import { digestInWorker } from '../../entrypoints/options/digest-in-worker';
import { pageOf, type Corpus } from './synthetic';

interface MemoryInfo {
  usedJSHeapSize: number;
}
const heap = (): number => (performance as unknown as { memory?: MemoryInfo }).memory?.usedJSHeapSize ?? NaN;
const gc = (): void => (globalThis as unknown as { gc?: () => void }).gc?.();

/**
 * Samples the heap every 10 ms (and at every yield to the event loop) while
 * `run` goes. With `retained`, a full gc() runs every RETAINED_EVERY_MS before
 * sampling instead, so the peak is what the run keeps alive, not garbage V8
 * has not collected yet (a second, slower run: the collections cost time).
 */
const RETAINED_EVERY_MS = 250;
async function withPeak<T>(run: () => Promise<T>, retained = false): Promise<{ result: T; seconds: number; baselineMB: number; peakMB: number }> {
  gc();
  await new Promise((r) => setTimeout(r, 50));
  const base = heap();
  let peak = base;
  const timer = setInterval(() => {
    if (retained) gc();
    peak = Math.max(peak, heap());
  }, retained ? RETAINED_EVERY_MS : 10);
  const t0 = performance.now();
  const result = await run();
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  if (retained) gc();
  peak = Math.max(peak, heap());
  return { result, seconds, baselineMB: base / 1e6, peakMB: (peak - base) / 1e6 };
}

/** The export file of the run, made once per page load (prepareFile), before any timing. */
let file: Blob | undefined;

/** A file of this page's origin-private file system, handed out as the save dialog's choice. */
async function benchFile(name: string) {
  return (await navigator.storage.getDirectory()).getFileHandle(name, { create: true });
}

/** saveTextFile's dependencies with the save dialog answered by `name` (a headless browser shows none). */
const savingTo = (name: string) => ({ window: { showSaveFilePicker: () => benchFile(name) } as unknown as Window });

/**
 * The file's text, serialised by the store's own writer and written to disk
 * by the history page's own save path (saveTextFile), then read back as a
 * disk-backed File like the one the user picks: a Blob held in memory cannot
 * be read past a few hundred MB in Chromium. Pages come in key order (by URL hash), as
 * History.exportJson writes them, unless `fileOrder` is 'made' (page 0
 * first: a file some other tool wrote).
 */
/** entrypoints/options/digest-worker.ts as the bench bundles it beside this harness (bench/scenarios/browser/index.ts). */
export const DIGEST_WORKER = '/bench-digest-worker.js';
const IMPORT_FILE = 'bench-import.json';
const EXPORT_FILE = 'bench-export.json';
async function prepareFile(records: number, corpus: Corpus, fileOrder: 'export' | 'made' = 'export'): Promise<{ fileMB: number }> {
  let order = Array.from({ length: records }, (_, i) => i);
  if (fileOrder === 'export') {
    const keys = new Float64Array(records);
    for (let i = 0; i < records; i++) {
      const url = pageOf(i, corpus).url;
      keys[i] = urlHash(normalizeUrl(url) ?? url) * records + i;
    }
    order = Array.from(keys.sort(), (key) => key % records);
  }
  const pages = async function* () {
    for (const i of order) yield pageToExportRecord(pageOf(i, corpus));
  };
  await saveTextFile(serializeExport(pages(), new Date(Date.UTC(2026, 0, 1))), { filename: IMPORT_FILE, type: 'application/json', description: 'JSON' }, undefined, savingTo(IMPORT_FILE));
  file = await (await benchFile(IMPORT_FILE)).getFile();
  return { fileMB: file.size / 1e6 };
}

/**
 * Page checks while `run` goes: from a connection of their own (as the
 * background's), History.query of a random fingerprint every CHECK_EVERY_MS,
 * one at a time; how long each took, waiting for the import's transactions included.
 */
const CHECK_EVERY_MS = 50;
async function withChecks<T>(name: string, run: () => Promise<T>): Promise<{ result: T; checkMs: number[] }> {
  const checker = await openHistory({ name });
  const checkMs: number[] = [];
  let done = false;
  let seed = 12345;
  const loop = (async () => {
    while (!done) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const t0 = performance.now();
      await checker.query({ hi: seed, lo: Math.imul(seed, 2654435761) >>> 0 }, 3);
      checkMs.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, CHECK_EVERY_MS));
    }
  })();
  try {
    return { result: await run(), checkMs };
  } finally {
    done = true;
    await loop;
    checker.close();
  }
}

/**
 * One import of the file into database `name` (new and empty for a first
 * import), through History.importFile as the history page imports it (its
 * receipt's hash in a worker unless `digest` is 'inline'). With `retained`, gc() runs every
 * RETAINED_EVERY_MS (what the import keeps alive; a slower run).
 */
async function importRun(name: string, retained: boolean, checks = false, batchSize?: number, digest: 'worker' | 'inline' = 'worker') {
  if (!file) throw new Error('prepareFile first');
  const blob = file;
  const history = await openHistory({ name });
  const batches: number[] = [];
  let last = performance.now();
  // When the import began filing the entries it set aside (its first report with `indexed`): the merge's share of the time.
  let mergeFrom: number | undefined;
  let ended = 0;
  const importing = () => history.importFile(blob, {
    ...(batchSize === undefined ? {} : { batchSize }),
    // The receipt's hash in a worker, as the history page takes it; 'inline' hashes on the page's thread, as before.
    ...(digest === 'worker' ? { fileDigest: (f: Blob) => digestInWorker(f, () => new Worker(DIGEST_WORKER)) } : {}),
    onProgress: (progress) => {
      const now = performance.now();
      if (progress.indexed !== undefined) mergeFrom ??= now;
      else batches.push(now - last);
      last = now;
    },
  }).finally(() => { ended = performance.now(); });
  const run = await withPeak(async () => (checks ? withChecks(name, importing) : { result: await importing(), checkMs: [] as number[] }), retained);
  const mergeSeconds = mergeFrom === undefined ? 0 : (ended - mergeFrom) / 1000;
  history.close();
  const report = run.result.result;
  return {
    seconds: run.seconds, peakHeapMB: run.peakMB, baselineHeapMB: run.baselineMB,
    imported: report.imported, updated: report.updated, unchanged: report.unchanged, rejected: report.rejectedCount,
    checkMs: run.result.checkMs, batchMs: batches, mergeSeconds,
  };
}

/** The history of database `name` exported and saved to a file as the history page saves it (saveTextFile's streamed path). */
async function exportRun(name: string) {
  const history = await openHistory({ name });
  const records = await history.count();
  const run = await withPeak(async () => {
    const outcome = await saveTextFile(history.exportJson(), { filename: EXPORT_FILE, type: 'application/json', description: 'JSON' }, undefined, savingTo(EXPORT_FILE));
    return outcome.saved ? outcome.bytes : NaN;
  });
  history.close();
  await (await navigator.storage.getDirectory()).removeEntry(EXPORT_FILE);
  return { records, seconds: run.seconds, peakHeapMB: run.peakMB, baselineHeapMB: run.baselineMB, bytes: run.result };
}

(globalThis as unknown as { __dejaLuBenchPage: unknown }).__dejaLuBenchPage = { prepareFile, importRun, exportRun, heapAvailable: !Number.isNaN(heap()) };
