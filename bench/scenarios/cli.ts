/**
 * The deja-lu command as whole processes, interleaved so machine load hits
 * every variant alike:
 * - start-up: `--version` and one small file, compiled (bin/deja-lu.mjs →
 *   dist/cli, what `npm install` sets up) against the same source through
 *   the tsx loader (how the command ran before), with bare Node
 *   (`node -e 0`) as the floor every run pays;
 * - bulk: `deja-lu fingerprint` over every Latin and every Chinese practice
 *   text (on all cores) against Debian's `simhash -w` (C) over the same files,
 *   with each process's CPU time (all threads) beside its wall time.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chineseDocs, latinDocs, REPO, writeDocFiles, type Doc } from '../lib/data';
import { endedChildrenCpuMs } from '../lib/proc';
import { roundSummary, summarize, type Summary } from '../lib/stats';

const SMALL_FILE_NAME = '../shared/data/neardup-practice/docs/readability-001.txt';
const TSX_MAIN = "const m = await import('./src/cli/main.ts'); await m.runProcess();";
const SIMHASH_BIN = '/usr/bin/simhash';

export interface Variant {
  name: string;
  command: string;
  args: string[];
}

export interface CliRun {
  name: string;
  ms: Summary;
  /** CPU time of the whole process, all its threads (Linux): more than `ms` when it used several cores. */
  cpuMs?: Summary;
  ratioToNode?: number;
}

export interface CliResults {
  file: string;
  startup: CliRun[];
  bulk: Array<{ corpus: string; files: number; megabytes: number; ours: CliRun; debianSimhash?: CliRun; ratioToDebian?: number; error?: string }>;
}

/** Times each variant `repeats` times, round-robin, after one uncounted round that warms the file cache. */
export function timeInterleaved(variants: readonly Variant[], repeats: number): Summary[] {
  return timeAndCpuInterleaved(variants, repeats).map(({ ms }) => ms);
}

/** timeInterleaved, with each process's CPU time as well where /proc tells it. */
export function timeAndCpuInterleaved(variants: readonly Variant[], repeats: number): Array<Pick<CliRun, 'ms' | 'cpuMs'>> {
  const times = variants.map(() => [] as number[]);
  const cpu = variants.map(() => [] as number[]);
  for (let r = -1; r < repeats; r++) {
    variants.forEach((v, i) => {
      const cpuBefore = endedChildrenCpuMs();
      const start = performance.now();
      execFileSync(v.command, v.args, { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 });
      if (r < 0) return;
      times[i]!.push(performance.now() - start);
      const cpuAfter = endedChildrenCpuMs();
      if (cpuBefore !== undefined && cpuAfter !== undefined) cpu[i]!.push(cpuAfter - cpuBefore);
    });
  }
  return times.map((t, i) => ({ ms: roundSummary(summarize(t), 1), ...(cpu[i]!.length ? { cpuMs: roundSummary(summarize(cpu[i]!), 0) } : {}) }));
}

function startup(repeats: number): CliRun[] {
  const bin = join(REPO, 'bin/deja-lu.mjs');
  const small = join(REPO, SMALL_FILE_NAME);
  if (!existsSync(small)) throw new Error(`no practice data at ${small}`);
  // `node -e` puts its first extra argument at argv[1]: the placeholder keeps the CLI's argv[2…] as given.
  const viaTsx = (...args: string[]) => ['--import', 'tsx', '--input-type=module', '-e', TSX_MAIN, '--', 'deja-lu', ...args];
  const node = process.execPath;
  const variants: Variant[] = [
    { name: 'node -e 0', command: node, args: ['-e', '0'] },
    { name: 'deja-lu --version (compiled)', command: node, args: [bin, '--version'] },
    { name: 'deja-lu --version (tsx)', command: node, args: viaTsx('--version') },
    { name: 'deja-lu fingerprint one file (compiled)', command: node, args: [bin, 'fingerprint', small] },
    { name: 'deja-lu fingerprint one file (tsx)', command: node, args: viaTsx('fingerprint', small) },
  ];
  const ms = timeInterleaved(variants, repeats);
  const floor = ms[0]!.median;
  return variants.map((v, i) => ({ name: v.name, ms: ms[i]!, ratioToNode: Math.round((ms[i]!.median / floor) * 100) / 100 }));
}

function bulk(name: string, docs: readonly Doc[], repeats: number): CliResults['bulk'][number] {
  const dir = join(REPO, '.tmp/bench/cli', name);
  const files = writeDocFiles(dir, docs);
  const megabytes = Math.round(docs.reduce((a, d) => a + d.bytes, 0) / 1e4) / 100;
  const ours: Variant = { name: `deja-lu fingerprint (${name})`, command: process.execPath, args: [join(REPO, 'bin/deja-lu.mjs'), 'fingerprint', ...files] };
  try {
    if (!existsSync(SIMHASH_BIN)) {
      const [run] = timeAndCpuInterleaved([ours], repeats);
      return { corpus: name, files: files.length, megabytes, ours: { name: ours.name, ...run! }, error: 'Debian simhash not installed (apt-get install -y simhash)' };
    }
    const peer: Variant = { name: `simhash -w (${name})`, command: SIMHASH_BIN, args: ['-w', ...files] };
    const [a, b] = timeAndCpuInterleaved([ours, peer], repeats);
    return {
      corpus: name, files: files.length, megabytes,
      ours: { name: ours.name, ...a! }, debianSimhash: { name: peer.name, ...b! },
      ratioToDebian: Math.round((a!.ms.median / b!.ms.median) * 100) / 100,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function runCli({ quick }: { quick: boolean }): CliResults {
  execFileSync(process.execPath, [join(REPO, 'scripts/build-cli.mjs')]);
  const repeats = quick ? 9 : 25;
  const bulkRepeats = quick ? 3 : 7;
  return {
    file: SMALL_FILE_NAME,
    startup: startup(repeats),
    bulk: [bulk('latin', latinDocs(), bulkRepeats), bulk('chinese', chineseDocs(), bulkRepeats)],
  };
}
