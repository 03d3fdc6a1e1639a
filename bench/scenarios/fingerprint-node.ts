/**
 * Engine throughput in Node: the whole engine (fingerprintText) on every
 * Latin-script and every Chinese text of the practice set, repeated; the
 * stages (tokenise, weight, SimHash) separately; the Chinese dictionary
 * start-up in fresh processes; and time against input size.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fingerprintText, signDocument, tokenize, weightedFeatures, simhash, measureText, normalizeText } from '../../src/core';
import { countUnspacedAndWords } from '../../src/core/scripts';
import { tokenizeWithLength } from '../../src/core/tokenize';
import * as features from '../../src/core/features';

// passages.ts is detection's and may not exist in every checkout.
let passages: Record<string, unknown> = {};
import { segmentitDictionary } from '../../src/core/segment/segmentit-dictionary';
import { chineseDocs, latinDocs, REPO, textOfSize, type Doc } from '../lib/data';
import { load1 } from '../lib/env';
import { round, roundSummary, summarize } from '../lib/stats';

export interface Options {
  quick: boolean;
}

/** Passes over a corpus: throughput per pass, latency per document. */
export function corpusRun(docs: readonly Doc[], repeats: number, warmup: number, fn: (text: string) => unknown = signDocument) {
  const bytes = docs.reduce((a, d) => a + d.bytes, 0);
  const chars = docs.reduce((a, d) => a + d.chars, 0);
  const passMs: number[] = [];
  const docMsPerKB: number[] = [];
  const docMs: number[] = [];
  const cpuMs: number[] = [];
  for (let r = 0; r < warmup + repeats; r++) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    for (const d of docs) {
      const t0 = performance.now();
      fn(d.text);
      const dt = performance.now() - t0;
      if (r >= warmup) {
        docMs.push(dt);
        docMsPerKB.push(dt / (d.bytes / 1000));
      }
    }
    if (r >= warmup) {
      passMs.push(performance.now() - start);
      const used = process.cpuUsage(cpu);
      cpuMs.push((used.user + used.system) / 1000);
    }
  }
  const pass = summarize(passMs);
  const mbps = passMs.map((ms) => bytes / 1e3 / ms);
  const cps = passMs.map((ms) => (chars / ms) * 1000);
  return {
    docs: docs.length,
    bytes,
    chars,
    repeats,
    passMs: roundSummary(pass),
    mbPerS: roundSummary(summarize(mbps)),
    charsPerS: roundSummary(summarize(cps), 0),
    /** Throughput over the process's CPU time: less sensitive to other load on the machine. */
    cpuMBPerS: round(bytes / 1e3 / summarize(cpuMs).median, 2),
    cpuCharsPerS: Math.round((chars / summarize(cpuMs).median) * 1000),
    docMs: roundSummary(summarize(docMs), 3),
    docMsPerKB: roundSummary(summarize(docMsPerKB), 4),
  };
}

type Stage = [name: string, run: (input: unknown) => unknown];

/**
 * signDocument's stages one by one on the same texts, each fed the previous
 * one's output: where the time goes. The stage list follows the engine as it
 * is (features.ts and passages.ts belong to detection and change).
 */
function stageList(): Stage[] {
  const f = features as Record<string, unknown>;
  const p = passages;
  const stages: Stage[] = [['tokenize', (text) => tokenize(text as string)]];
  if (typeof f.featureStream === 'function' && typeof p.hashFeatures === 'function') {
    stages.push(['featureStream', (tokens) => (f.featureStream as (t: string[]) => string[])(tokens as string[])]);
    stages.push(['hashFeatures', (stream) => (p.hashFeatures as (s: string[]) => unknown)(stream as string[])]);
    if (typeof p.wholeFingerprint === 'function') stages.push(['wholeFingerprint', (hashed) => ((p.wholeFingerprint as (h: unknown) => unknown)(hashed), hashed)]);
    if (typeof p.passageFingerprints === 'function') stages.push(['passageFingerprints', (hashed) => (p.passageFingerprints as (h: unknown) => unknown)(hashed)]);
  } else {
    stages.push(['weightedFeatures', (tokens) => weightedFeatures(tokens as string[])]);
    stages.push(['simhash', (weights) => simhash(weights as Map<string, number>)]);
  }
  return stages;
}

function stages(docs: readonly Doc[], repeats: number) {
  const bytes = docs.reduce((a, d) => a + d.bytes, 0);
  const list: Stage[] = [
    ...stageList(),
    ['measureText', (text) => measureText(text as string)],
    // The one-pass counter offered to text-length.ts (same counts; see scripts.ts).
    ['measureText, proposed: countUnspacedAndWords(normalizeText(text))', (text) => countUnspacedAndWords(normalizeText(text as string))],
    // Offered to sign-document.ts: tokens and length from one normalisation (same tokens and counts).
    ['tokenize + measureText, proposed: tokenizeWithLength(text)', (text) => tokenizeWithLength(text as string)],
  ];
  const out: { stage: string; ms: number; mbPerS: number }[] = [];
  for (const [name, run] of list) {
    // Inputs of this stage, computed outside the timing.
    const inputs: unknown[] = docs.map((d) => {
      if (name.startsWith('measureText') || name.startsWith('tokenize')) return d.text;
      let x: unknown = d.text;
      for (const [other, fn] of list) {
        if (other === name) break;
        x = fn(x);
      }
      return x;
    });
    const samples: number[] = [];
    for (let r = 0; r < repeats + 1; r++) {
      const cpu = process.cpuUsage();
      for (const input of inputs) run(input);
      const used = process.cpuUsage(cpu);
      if (r > 0) samples.push((used.user + used.system) / 1000);
    }
    const ms = summarize(samples).median;
    out.push({ stage: name, ms: round(ms, 1), mbPerS: round(bytes / 1e3 / ms, 1) });
  }
  return out;
}

/**
 * Fresh Node processes: how long the first Chinese page takes compared with
 * the same page once warm, and how long importing the engine takes.
 */
function coldStart(runs: number) {
  const child = join(REPO, 'bench/scenarios/cold-start-child.ts');
  const samples: { importMs: number; firstMs: number; warmMs: number; startupMs: number; pageChars: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const res = spawnSync(process.execPath, ['--import', 'tsx', child], { cwd: REPO, encoding: 'utf8', env: process.env });
    if (res.status !== 0) throw new Error(`cold-start child failed: ${res.stderr}`);
    samples.push(JSON.parse(res.stdout.trim().split('\n').pop() as string));
  }
  const pick = (k: keyof (typeof samples)[number]) => roundSummary(summarize(samples.map((s) => s[k])), 1);
  return { runs, importMs: pick('importMs'), firstChinesePageMs: pick('firstMs'), warmSamePageMs: pick('warmMs'), startupMs: pick('startupMs'), pageChars: samples[0]?.pageChars };
}

/** Time against input size, 1 kB … 1 MB: linear when ns/byte stays flat. */
function growth(docs: readonly Doc[], quick: boolean) {
  const sizes = [1e3, 4e3, 16e3, 64e3, 256e3, 1e6];
  return sizes.map((size) => {
    const text = textOfSize(docs, size);
    const bytes = Buffer.byteLength(text);
    // Enough calls to fill ~40 ms (quick) / ~150 ms per sample, 7 samples.
    const calls = Math.max(1, Math.round((quick ? 4e5 : 1.5e6) / bytes));
    for (let i = 0; i < calls; i++) signDocument(text);
    const samples: number[] = [];
    for (let r = 0; r < 7; r++) {
      const start = performance.now();
      for (let i = 0; i < calls; i++) signDocument(text);
      samples.push((performance.now() - start) / calls);
    }
    const s = summarize(samples);
    return { bytes, ms: round(s.median, 3), p99Ms: round(s.p99, 3), nsPerByte: round((s.median * 1e6) / bytes, 1) };
  });
}

export async function runFingerprintNode(options: Options) {
  const repeats = options.quick ? 5 : 15;
  const loadBefore = load1();
  passages = await import('../../src/core/passages' as string).catch(() => ({}));
  segmentitDictionary();
  const latin = latinDocs();
  const chinese = chineseDocs();
  const result = {
    engine: 'signDocument (what the extension runs: tokens, whole-document and passage fingerprints, text length)',
    latin: corpusRun(latin, repeats, 2),
    latinFingerprintText: corpusRun(latin, repeats, 1, fingerprintText),
    latinStages: stages(latin, options.quick ? 3 : 7),
    chinese: corpusRun(chinese, repeats, 2),
    chineseFingerprintText: corpusRun(chinese, repeats, 1, fingerprintText),
    chineseStages: stages(chinese, options.quick ? 3 : 7),
    coldStart: coldStart(options.quick ? 3 : 7),
    growth: {
      latin: growth(latin, options.quick),
      chinese: growth(chinese, options.quick),
    },
    load: [loadBefore, load1()],
  };
  return result;
}
