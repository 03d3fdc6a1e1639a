/**
 * Peers on the same inputs in the same run: npm simhash-js (32-bit SimHash
 * over character shingles, pure JS: a floor) and Debian's `simhash` (C,
 * bottom-k shingle sketches; `simhash -w FILE…` hashes files in batch).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { signDocument } from '../../src/core';
import { fingerprintText } from '../../eval/fingerprint-text';
import { chineseDocs, latinDocs, REPO, writeDocFiles, type Doc } from '../lib/data';
import { load1 } from '../lib/env';
import { round, summarize } from '../lib/stats';

interface SimHashJs {
  hash(text: string): number;
}

function throughput(label: string, docs: readonly Doc[], run: () => void, repeats: number) {
  const bytes = docs.reduce((a, d) => a + d.bytes, 0);
  const chars = docs.reduce((a, d) => a + d.chars, 0);
  run();
  const ms: number[] = [];
  for (let r = 0; r < repeats; r++) {
    const t = performance.now();
    run();
    ms.push(performance.now() - t);
  }
  const s = summarize(ms);
  return { label, passMs: round(s.median, 1), worstPassMs: round(s.max, 1), mbPerS: round(bytes / 1e3 / s.median, 2), charsPerS: Math.round((chars / s.median) * 1000) };
}

const SIMHASH_BIN = '/usr/bin/simhash';

export async function runPeers(options: { quick: boolean }) {
  const repeats = options.quick ? 3 : 9;
  const loadBefore = load1();
  const require = createRequire(import.meta.url);
  const sjs = require('simhash-js') as { SimHash: new () => SimHashJs };
  const hasher = new sjs.SimHash();
  const dir = join(REPO, '.tmp/bench/peers');
  // Quick mode: every third text (simhash-js alone takes ~20 s per pass over all Latin texts).
  const subset = (docs: Doc[]) => (options.quick ? docs.filter((_, i) => i % 3 === 0) : docs);
  const corpora = { latin: subset(latinDocs()), chinese: subset(chineseDocs()) };
  const out: Record<string, unknown> = {};
  for (const [name, docs] of Object.entries(corpora)) {
    const ours = throughput('Déjà Lu signDocument (64-bit + passages + length)', docs, () => { for (const d of docs) signDocument(d.text); }, repeats);
    const oursFingerprintOnly = throughput('Déjà Lu fingerprintText (64-bit only)', docs, () => { for (const d of docs) fingerprintText(d.text); }, repeats);
    const js = throughput('simhash-js 1.0.0 (32-bit)', docs, () => { for (const d of docs) hasher.hash(d.text); }, repeats);
    let deb: ReturnType<typeof throughput> | { label: string; error: string };
    if (existsSync(SIMHASH_BIN)) {
      const sub = join(dir, name);
      const files = writeDocFiles(sub, docs);
      deb = throughput('Debian simhash -w (C, 128 bottom-k 8-byte shingles)', docs, () => {
        const res = spawnSync(SIMHASH_BIN, ['-w', ...files], { stdio: 'ignore' });
        if (res.status !== 0) throw new Error(`simhash exited ${res.status}`);
      }, repeats);
      rmSync(sub, { recursive: true, force: true });
    } else {
      deb = { label: 'Debian simhash', error: 'not installed (apt-get install -y simhash)' };
    }
    out[name] = {
      docs: docs.length,
      bytes: docs.reduce((a, d) => a + d.bytes, 0),
      ours,
      oursFingerprintOnly,
      simhashJs: js,
      debianSimhash: deb,
      ratioVsSimhashJs: round(ours.mbPerS / js.mbPerS, 2),
      ratioVsDebian: 'mbPerS' in deb ? round(ours.mbPerS / deb.mbPerS, 2) : null,
      fingerprintOnlyRatioVsSimhashJs: round(oursFingerprintOnly.mbPerS / js.mbPerS, 2),
      fingerprintOnlyRatioVsDebian: 'mbPerS' in deb ? round(oursFingerprintOnly.mbPerS / deb.mbPerS, 2) : null,
    };
  }
  return { ...out, load: [loadBefore, load1()] };
}
