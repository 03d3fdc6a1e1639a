/**
 * The deja-lu command as whole processes: `--version` and fingerprinting one
 * small file, compiled (bin/deja-lu.mjs → dist/cli, what `npm install` runs)
 * against the same source through the tsx loader (how the command ran before
 * 0.2), with bare Node (`node -e 0`) as the floor every run pays. Runs are
 * interleaved so machine load hits every variant alike.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from '../lib/data';
import { roundSummary, summarize, type Summary } from '../lib/stats';

const SMALL_FILE_NAME = '../shared/data/neardup-practice/docs/readability-001.txt';
const SMALL_FILE = join(REPO, SMALL_FILE_NAME);
const TSX_MAIN = "const m = await import('./src/cli/main.ts'); await m.runProcess();";

interface Variant {
  name: string;
  args: string[];
}

function variants(): Variant[] {
  const bin = join(REPO, 'bin/deja-lu.mjs');
  // `node -e` puts its first extra argument at argv[1]: the placeholder keeps the CLI's argv[2…] as given.
  const viaTsx = (...args: string[]) => ['--import', 'tsx', '--input-type=module', '-e', TSX_MAIN, '--', 'deja-lu', ...args];
  return [
    { name: 'node -e 0', args: ['-e', '0'] },
    { name: 'deja-lu --version (compiled)', args: [bin, '--version'] },
    { name: 'deja-lu --version (tsx)', args: viaTsx('--version') },
    { name: 'deja-lu fingerprint one file (compiled)', args: [bin, 'fingerprint', SMALL_FILE] },
    { name: 'deja-lu fingerprint one file (tsx)', args: viaTsx('fingerprint', SMALL_FILE) },
  ];
}

export interface CliStartup {
  file: string;
  runs: Array<{ name: string; ms: Summary; ratioToNode: number }>;
}

export function runCliStartup({ quick }: { quick: boolean }): CliStartup {
  execFileSync(process.execPath, [join(REPO, 'scripts/build-cli.mjs')]);
  if (!existsSync(SMALL_FILE)) throw new Error(`no practice data at ${SMALL_FILE}`);
  const repeats = quick ? 15 : 40;
  const all = variants();
  const times = all.map(() => [] as number[]);
  for (let r = -1; r < repeats; r++) {
    all.forEach((v, i) => {
      const start = performance.now();
      execFileSync(process.execPath, v.args, { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
      // The first round warms the file cache and is not counted.
      if (r >= 0) times[i]!.push(performance.now() - start);
    });
  }
  const floor = summarize(times[0]!).median;
  return {
    file: SMALL_FILE_NAME,
    runs: all.map((v, i) => {
      const ms = summarize(times[i]!);
      return { name: v.name, ms: roundSummary(ms, 1), ratioToNode: Math.round((ms.median / floor) * 100) / 100 };
    }),
  };
}
