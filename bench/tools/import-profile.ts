/**
 * `npx tsx bench/tools/import-profile.ts [--records N] [--order export|made] [--digest worker|inline] [--profile]`:
 * one import of N synthetic records (default 300,000) in the bench copy's page,
 * as the bench's io part imports them but without the page checks beside it;
 * prints its time, the merge's, each Chromium process type's CPU time (from
 * /proc, so run nothing else in Chromium meanwhile), and the time of the same
 * file imported again (answered from the receipt). `--digest inline` hashes
 * the file on the page's thread instead of a worker's. With --profile, a
 * CPU profile of the page (500 µs samples) is written to .tmp/import.cpuprofile
 * and its largest self times printed. The page harness is rebundled unminified
 * into the bench copy first, so the profile names functions. Needs the bench
 * copy (.tmp/bench-ext: any `npm run bench` run makes it). How decisions/0103
 * measured the import.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useDictionaryFile } from '../../src/cli/dictionary-file';
import { REPO } from '../lib/data';
import { cpuMsOf } from '../lib/proc';
import { bundle, callPage, corpusForStore, EXT, launch, serviceWorker, TMP } from '../scenarios/browser/common';

const flag = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const RECORDS = Number(flag('--records') ?? 300_000);
const ORDER = (flag('--order') ?? 'export') as 'export' | 'made';
const PROFILE = process.argv.includes('--profile');
const DIGEST = (flag('--digest') ?? 'worker') as 'worker' | 'inline';
const SAMPLE_US = 500;
const TOP = 30;

/** CPU ms of each running Chromium process, by pid and type (Chromium rewrites its command line, arguments apart by spaces). */
function chromiumCpuMs(): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let args: string[];
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
    } catch {
      continue; // The process ended between the listing and the read.
    }
    if (!(args[0] ?? '').includes('chrom')) continue;
    const type = (args.find((a) => a.startsWith('--type='))?.slice(7) ?? 'browser') + (args.includes('--extension-process') ? ' (extension)' : '');
    byPid.set(`${pid}\t${type}`, cpuMsOf(pid));
  }
  return byPid;
}

/** Self time by function (name, file line and column) of a V8 CPU profile, largest first. */
function selfTimes(profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[]; samples?: number[]; timeDeltas?: number[] }): [string, number][] {
  const ms = new Map<number, number>();
  (profile.samples ?? []).forEach((id, i) => ms.set(id, (ms.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000));
  const byName = new Map<string, number>();
  for (const { id, callFrame: f } of profile.nodes) {
    const name = f.url === '' ? f.functionName : `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    byName.set(name, (byName.get(name) ?? 0) + (ms.get(id) ?? 0));
  }
  return [...byName].sort((a, b) => b[1] - a[1]);
}

useDictionaryFile();
await bundle('bench/browser/page-harness.ts', 'bench-page-harness.js', '__dejaLuBenchPageLib', false);
await bundle('entrypoints/options/digest-worker.ts', 'bench-digest-worker.js', '__dejaLuDigestWorker');
const context = await launch(EXT, join(TMP, 'import-profile'));
try {
  const extensionId = new URL((await serviceWorker(context)).url()).host;
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/bench.html`);
  await page.waitForFunction(() => !!(globalThis as never as { __dejaLuBenchPage?: unknown }).__dejaLuBenchPage);
  const { fileMB } = await callPage<{ fileMB: number }>(page, 'prepareFile', RECORDS, corpusForStore(), ORDER);
  const cdp = await context.newCDPSession(page);
  if (PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLE_US });
    await cdp.send('Profiler.start');
  }
  const before = chromiumCpuMs();
  const run = await callPage<{ seconds: number; mergeSeconds: number; imported: number }>(page, 'importRun', 'io', false, false, undefined, DIGEST);
  const after = chromiumCpuMs();
  console.log(`${RECORDS.toLocaleString('en-US')} records (${ORDER} order, digest ${DIGEST}, ${fileMB.toFixed(0)} MB): import ${run.seconds.toFixed(1)} s, merge ${run.mergeSeconds.toFixed(1)} s, ${run.imported} new`);
  const byType = new Map<string, number>();
  for (const [key, ms] of after) {
    const type = key.split('\t')[1] as string;
    byType.set(type, (byType.get(type) ?? 0) + ms - (before.get(key) ?? 0));
  }
  for (const [type, ms] of byType) if (ms >= 100) console.log(`  CPU ${type}: ${(ms / 1000).toFixed(1)} s`);
  if (PROFILE) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(join(REPO, '.tmp/import.cpuprofile'), JSON.stringify(profile));
    console.log(`  largest self times of the page (.tmp/import.cpuprofile):`);
    for (const [name, ms] of selfTimes(profile).slice(0, TOP)) console.log(`  ${ms.toFixed(0).padStart(8)} ms  ${name}`);
  }
  // Answered from the first import's receipt when its hash was taken: seconds, not the import's time again.
  const again = await callPage<{ seconds: number; imported: number }>(page, 'importRun', 'io', false, false, undefined, DIGEST);
  console.log(`  the same file again: ${again.seconds.toFixed(1)} s, ${again.imported} new`);
} finally {
  await context.close();
}
