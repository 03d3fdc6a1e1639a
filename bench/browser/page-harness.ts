/**
 * Bench-only extension page (bench.html in the bench copy of the extension):
 * import and export through the real History class, with the JS heap
 * sampled while they run. Runs in a page because Chromium reports heap size
 * (performance.memory) to pages, not to service workers.
 */
import { openHistory, textChunks } from '../../src/store';
import { pageToExportRecord, serializeExport } from '../../src/store/export-format';
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

/** The file's text, serialised by the store's own writer, held as a Blob like the file the user picks. */
async function prepareFile(records: number, corpus: Corpus): Promise<{ fileMB: number }> {
  const pages = async function* () {
    for (let i = 0; i < records; i++) yield pageToExportRecord({ ...pageOf(i, corpus), id: i + 1 });
  };
  const chunks: string[] = [];
  for await (const piece of serializeExport(pages(), new Date(Date.UTC(2026, 0, 1)))) chunks.push(piece);
  file = new Blob(chunks);
  return { fileMB: file.size / 1e6 };
}

/**
 * One import of the file into a new, empty database `name`, read with
 * textChunks as the history page reads it. With `retained`, gc() runs every
 * RETAINED_EVERY_MS (what the import keeps alive; a slower run).
 */
async function importRun(name: string, retained: boolean) {
  if (!file) throw new Error('prepareFile first');
  const blob = file;
  const history = await openHistory({ name });
  const run = await withPeak(() => history.importJson(textChunks(blob)), retained);
  history.close();
  return { seconds: run.seconds, peakHeapMB: run.peakMB, baselineHeapMB: run.baselineMB, imported: run.result.imported, rejected: run.result.rejected.length };
}

/** The history of database `name` exported, consumed chunk by chunk. */
async function exportRun(name: string) {
  const history = await openHistory({ name });
  const records = await history.count();
  const run = await withPeak(async () => {
    let bytes = 0;
    for await (const chunk of history.exportJson()) bytes += chunk.length;
    return bytes;
  });
  history.close();
  return { records, seconds: run.seconds, peakHeapMB: run.peakMB, baselineHeapMB: run.baselineMB, bytes: run.result };
}

(globalThis as unknown as { __dejaLuBenchPage: unknown }).__dejaLuBenchPage = { prepareFile, importRun, exportRun, heapAvailable: !Number.isNaN(heap()) };
