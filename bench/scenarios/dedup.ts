/**
 * `deja-lu dedup` (corpus mode) as whole processes:
 * - a million precomputed fingerprint lines (random, 1 % of them near copies
 *   of earlier ones): time and peak memory, against Node reading and parsing
 *   the same lines and nothing else (the floor of any streaming reader; no
 *   peer that clusters precomputed SimHashes installs offline here: the
 *   Python `simhash` and `datasketch` packages are on PyPI only);
 * - every practice text of a script as a folder, against Debian's
 *   `simhash -m` (C, shingleprints, every pair of files) on the same files.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { chineseDocs, latinDocs, REPO, writeDocFiles, type Doc } from '../lib/data';
import type { Summary } from '../lib/stats';
import { timeInterleaved, type Variant } from './cli';

const BIN = join(REPO, 'bin/deja-lu.mjs');
const SIMHASH_BIN = '/usr/bin/simhash';
const TIME_BIN = '/usr/bin/time';
const NEAR_COPY_SHARE = 0.01;
const PARSE_ONLY = "const rl = (await import('node:readline')).createInterface({ input: (await import('node:fs')).createReadStream(process.argv[1]) }); let n = 0; for await (const l of rl) if (JSON.parse(l).simhash) n++; console.log(n);";

export interface DedupResults {
  million: { lines: number; ms: Summary; peakMegabytes?: number; parseOnlyMs: Summary; ratioToParseOnly: number; groups: string };
  folders: Array<{ corpus: string; files: number; ms: Summary; simhashMatch?: Summary; ratioToSimhash?: number; summary: string; error?: string }>;
}

/** Deterministic xorshift: the same corpus every run. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return s;
  };
}

async function writeFingerprints(path: string, lines: number): Promise<void> {
  const next = random(0x5eed);
  const hi = new Uint32Array(lines);
  const lo = new Uint32Array(lines);
  const out = createWriteStream(path);
  for (let i = 0; i < lines; i++) {
    let h = next();
    let l = next();
    if (i > 0 && next() / 2 ** 32 < NEAR_COPY_SHARE) {
      const j = next() % i;
      h = hi[j] as number;
      l = lo[j] as number;
      for (let k = next() % 4; k > 0; k--) {
        const bit = next() % 64;
        if (bit < 32) h = (h ^ (1 << bit)) >>> 0;
        else l = (l ^ (1 << (bit - 32))) >>> 0;
      }
    }
    hi[i] = h;
    lo[i] = l;
    const line = `${JSON.stringify({ file: `doc/${i}.txt`, simhash: h.toString(16).padStart(8, '0') + l.toString(16).padStart(8, '0') })}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** The summary line `deja-lu dedup` prints on stderr, from one more run. */
function dedupSummary(args: string[]): string {
  const result = spawnSync(process.execPath, [BIN, 'dedup', ...args], { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`deja-lu dedup exited ${result.status}: ${result.stderr}`);
  return /deja-lu dedup: (.*)/.exec(result.stderr)?.[1] ?? '';
}

/** Peak resident memory of one run, from GNU time's %M (kilobytes). */
function peakMegabytes(args: string[]): number | undefined {
  if (!existsSync(TIME_BIN)) return undefined;
  const result = spawnSync(TIME_BIN, ['-f', 'peak %M', process.execPath, ...args], { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const kb = /peak (\d+)/.exec(result.stderr)?.[1];
  return kb === undefined ? undefined : Math.round(Number(kb) / 1024);
}

function folder(name: string, docs: readonly Doc[], repeats: number): DedupResults['folders'][number] {
  const dir = join(REPO, '.tmp/bench/dedup', name);
  const files = writeDocFiles(dir, docs);
  try {
    const ours: Variant = { name: `deja-lu dedup (${name})`, command: process.execPath, args: [BIN, 'dedup', dir] };
    const summary = dedupSummary([dir]);
    if (!existsSync(SIMHASH_BIN)) {
      const [ms] = timeInterleaved([ours], repeats);
      return { corpus: name, files: files.length, ms: ms!, summary, error: 'Debian simhash not installed (apt-get install -y simhash)' };
    }
    const [ms, peer] = timeInterleaved([ours, { name: `simhash -m (${name})`, command: SIMHASH_BIN, args: ['-m', ...files] }], repeats);
    return { corpus: name, files: files.length, ms: ms!, simhashMatch: peer!, ratioToSimhash: Math.round((ms!.median / peer!.median) * 100) / 100, summary };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runDedup({ quick }: { quick: boolean }): Promise<DedupResults> {
  execFileSync(process.execPath, [join(REPO, 'scripts/build-cli.mjs')]);
  const repeats = quick ? 3 : 7;
  const dir = join(REPO, '.tmp/bench/dedup');
  mkdirSync(dir, { recursive: true });
  const lines = 1_000_000;
  const file = join(dir, 'million.jsonl');
  try {
    await writeFingerprints(file, lines);
    const [ms, floor] = timeInterleaved([
      { name: 'deja-lu dedup', command: process.execPath, args: [BIN, 'dedup', file] },
      { name: 'parse only', command: process.execPath, args: ['--input-type=module', '-e', PARSE_ONLY, file] },
    ], repeats);
    return {
      million: { lines, ms: ms!, peakMegabytes: peakMegabytes([BIN, 'dedup', file]), parseOnlyMs: floor!, ratioToParseOnly: Math.round((ms!.median / floor!.median) * 100) / 100, groups: dedupSummary([file]) },
      folders: [folder('latin', latinDocs(), repeats), folder('chinese', chineseDocs(), repeats)],
    };
  } finally {
    rmSync(file, { force: true });
  }
}
