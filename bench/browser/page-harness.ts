/**
 * Bench-only extension page (bench.html in the bench copy of the extension):
 * import and export through the real History class, with the JS heap
 * sampled while they run. Runs in a page because Chromium reports heap size
 * (performance.memory) to pages, not to service workers.
 */
import { openHistory } from '../../src/store';
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

const DB = 'deja-lu-bench-io';

async function importExport(records: number, corpus: Corpus) {
  const history = await openHistory({ name: DB });
  await history.clear();
  // The file, as the chunks a file reader would deliver (made before timing).
  const pages = async function* () {
    for (let i = 0; i < records; i++) yield pageToExportRecord({ ...pageOf(i, corpus), id: i + 1 });
  };
  const chunks: string[] = [];
  let pending = '';
  for await (const piece of serializeExport(pages(), new Date(Date.UTC(2026, 0, 1)))) {
    pending += piece;
    if (pending.length >= 65536) {
      chunks.push(pending);
      pending = '';
    }
  }
  if (pending) chunks.push(pending);
  const fileBytes = chunks.reduce((a, c) => a + c.length, 0);
  const file = async function* () {
    for (const c of chunks) yield c;
  };
  const imp = await withPeak(() => history.importJson(file()));
  const report = imp.result;
  // The same file again into an empty history, gc() every RETAINED_EVERY_MS: what the import keeps alive.
  await history.clear();
  const kept = await withPeak(() => history.importJson(file()), true);
  chunks.length = 0;
  const exp = await withPeak(async () => {
    let bytes = 0;
    let n = 0;
    for await (const chunk of history.exportJson()) {
      bytes += chunk.length;
      n++;
    }
    return { bytes, chunks: n };
  });
  const count = await history.count();
  await history.clear();
  history.close();
  return {
    fileMB: fileBytes / 1e6,
    import: { records, seconds: imp.seconds, peakHeapMB: imp.peakMB, baselineHeapMB: imp.baselineMB, imported: report.imported, rejected: report.rejected.length, retainedPeakHeapMB: kept.peakMB, retainedRunSeconds: kept.seconds },
    export: { records: count, seconds: exp.seconds, peakHeapMB: exp.peakMB, baselineHeapMB: exp.baselineMB, bytes: exp.result.bytes },
  };
}

(globalThis as unknown as { __dejaLuBenchPage: unknown }).__dejaLuBenchPage = { importExport, heapAvailable: !Number.isNaN(heap()) };
