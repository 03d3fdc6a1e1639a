import { rmSync } from 'node:fs';
import { extensionProcessRssMB } from '../../lib/proc';
import { round, roundSummary, summarize } from '../../lib/stats';
import { callPage, corpusForStore, EXT, launch, progress, serviceWorker } from './common';

/** Timed imports of the same file, each in a new browser profile; the median is the result (BENCH_IO_RUNS, 3 by default). */
const IMPORT_RUNS = Number(process.env.BENCH_IO_RUNS ?? 3);

type ImportRun = {
  seconds: number; peakHeapMB: number; baselineHeapMB: number; imported: number; updated: number; unchanged: number; rejected: number;
  /** History.query from another connection every 50 ms during the run, each one's time (ms). */
  checkMs: number[];
  /** Time between the import's progress reports: one batch read, written and committed each. */
  batchMs: number[];
  /** Seconds spent filing the entries the rounds set aside, at the import's end (0 for a file of one round). */
  mergeSeconds: number;
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
      callPage(tab, name, ...args) as ReturnType<IoHarness[K]>;
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

export async function importExport(profileBase: string, records: number) {
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
    progress(`import ${run + 1}: ${round(result.first.seconds, 1)} s (${result.first.imported} new; merge ${round(result.first.mergeSeconds, 1)} s), again ${round(result.again.seconds, 1)} s (${result.again.unchanged} unchanged), export ${round(result.exp.seconds, 1)} s, rss peak ${round(result.peakRssMB ?? NaN, 0)} MB`);
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
      batchMs: roundSummary(summarize(batches), 0), mergeSeconds: round(mid.first.mergeSeconds, 2),
    },
    reimport: {
      records, seconds: median(runs.map((r) => r.again.seconds)), runSeconds: runs.map((r) => r.again.seconds), peakHeapMB: Math.max(...runs.map((r) => r.again.peakHeapMB)),
      imported: mid.again.imported, updated: mid.again.updated, unchanged: mid.again.unchanged,
      ratio: round(median(runs.map((r) => r.again.seconds / r.first.seconds)), 3),
    },
    checksDuringImport: { count: checks.length, ms: roundSummary(summarize(checks), 1) },
    export: { ...runs.map((r) => r.exp).sort((a, b) => a.seconds - b.seconds)[runs.length >> 1]!, runSeconds: runs.map((r) => r.exp.seconds) },
    method: `History.importFile on a ${records.toLocaleString('en-US')}-page export file (synthetic pages as in the lookup test, serialised by the store's serializeExport ` +
      `in key order as History.exportJson writes them, saved to disk by the history page's save path and read back as a disk-backed File, as the history page imports the file the user picks), ` +
      `${IMPORT_RUNS} run(s), each in a browser with a new profile, median reported. In each run: the import into an empty history while another connection ` +
      `runs History.query (a page check's look-up) every 50 ms; then the same file imported again into that history (nothing to add: "again", answered from the first import's receipt once the file is hashed); then History.exportJson ` +
      `of that history saved to a file as the history page saves it (streamed, the save dialog answered with a file of the page's origin)${process.env.BENCH_IO_RETAINED === '0' ? '' : '; then the same import with gc() every 250 ms (what it keeps alive)'}, in an extension page of the bench copy. ` +
      `Peak heap = highest performance.memory.usedJSHeapSize (precise-memory-info, sampled every 10 ms) minus the heap after gc() before the run; the file is made before the baseline. ` +
      `Peak RSS = highest VmRSS of the extension processes (the importing page's renderer, /proc every 250 ms) during the first import.`,
  };
}
