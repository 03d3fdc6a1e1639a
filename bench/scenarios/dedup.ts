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
import { roundSummary, summarize, type Summary } from '../lib/stats';

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
function random(seed: number): () => number {
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

/** Times `run` `repeats` times after one uncounted warm-up; returns the summary and the last run's stderr. */
function timed(repeats: number, command: string, args: string[]): { ms: Summary; stderr: string } {
  const times: number[] = [];
  let stderr = '';
  for (let r = -1; r < repeats; r++) {
    const start = performance.now();
    const result = spawnSync(command, args, { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} ${args.slice(0, 3).join(' ')} … exited ${result.status}: ${result.stderr}`);
    if (r >= 0) times.push(performance.now() - start);
    stderr = result.stderr;
  }
  return { ms: roundSummary(summarize(times), 0), stderr };
}

/** Peak resident memory of one run, from GNU time's %M (kilobytes). */
function peakMegabytes(args: string[]): number | undefined {
  if (!existsSync(TIME_BIN)) return undefined;
  const result = spawnSync(TIME_BIN, ['-f', 'peak %M', process.execPath, ...args], { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const kb = /peak (\d+)/.exec(result.stderr)?.[1];
  return kb === undefined ? undefined : Math.round(Number(kb) / 1024);
}

function summaryLine(stderr: string): string {
  return /deja-lu dedup: (.*)/.exec(stderr)?.[1] ?? '';
}

function folder(name: string, docs: readonly Doc[], repeats: number): DedupResults['folders'][number] {
  const dir = join(REPO, '.tmp/bench/dedup', name);
  const files = writeDocFiles(dir, docs);
  try {
    const ours = timed(repeats, process.execPath, [BIN, 'dedup', dir]);
    if (!existsSync(SIMHASH_BIN)) return { corpus: name, files: files.length, ms: ours.ms, summary: summaryLine(ours.stderr), error: 'Debian simhash not installed (apt-get install -y simhash)' };
    const peer = timed(repeats, SIMHASH_BIN, ['-m', ...files]);
    return { corpus: name, files: files.length, ms: ours.ms, simhashMatch: peer.ms, ratioToSimhash: Math.round((ours.ms.median / peer.ms.median) * 100) / 100, summary: summaryLine(ours.stderr) };
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
    const ours = timed(repeats, process.execPath, [BIN, 'dedup', file]);
    const floor = timed(repeats, process.execPath, ['--input-type=module', '-e', PARSE_ONLY, file]);
    return {
      million: { lines, ms: ours.ms, peakMegabytes: peakMegabytes([BIN, 'dedup', file]), parseOnlyMs: floor.ms, ratioToParseOnly: Math.round((ours.ms.median / floor.ms.median) * 100) / 100, groups: summaryLine(ours.stderr) },
      folders: [folder('latin', latinDocs(), repeats), folder('chinese', chineseDocs(), repeats)],
    };
  } finally {
    rmSync(file, { force: true });
  }
}
