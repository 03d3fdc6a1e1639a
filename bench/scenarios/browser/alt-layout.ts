import { join } from 'node:path';
import { round, roundSummary, summarize } from '../../lib/stats';
import { callSw, corpusForStore, dirSize, EXT, launch, progress, serviceWorker } from './common';

/**
 * The same pages and queries on the prototype layout of bench/browser/alt-layout.ts
 * (evidence for the store's owners), each variant in a browser profile of its own
 * so that its bytes are not mixed with another database's compactions.
 */
export async function altLookups(quick: boolean, million: boolean, profileBase: string) {
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
