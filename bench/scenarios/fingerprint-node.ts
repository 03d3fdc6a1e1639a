/**
 * Engine throughput in Node: the whole engine (fingerprintText) on every
 * Latin-script and every Chinese text of the practice set, repeated; the
 * stages (tokenise, weight, SimHash) separately; the Chinese dictionary
 * start-up in fresh processes; and time against input size.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { signCheckedDocument, signDocument, tokenize, measureText } from '../../src/core';
import { fingerprintText } from '../../eval/fingerprint-text';
import { documentFeatures, withDocumentFeatures } from '../../src/core/features';
import type { HashedFeatures } from '../../src/core/feature-table';
import { keepPassages, passageFingerprints, wholeFingerprint } from '../../src/core/passages';
import { CURRENT_SAMPLE_SIZE } from '../../src/core/scheme';
import { foldText, measureFolded } from '../../src/core/tokenize';
import { defaultChineseLexicon } from '../../src/core/segment/chinese-lexicon';
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
/** What a stage is fed: the text, the folded text, or the previous chain stage's output. */
type Input = 'text' | 'folded' | 'chain';

/**
 * signDocument's stages one by one on the same texts: where the time goes.
 * `tokenize` and `measureText` are the standalone calls, for comparison.
 */
function stageList(): [Stage, Input][] {
  return [
    [['foldText', (text) => foldText(text as string)], 'text'],
    // What signDocument runs after foldText, where WebAssembly runs: features, whole and chunk SimHashes in the engine.
    [['features + whole and passage SimHashes in the WebAssembly engine', (folded) => withDocumentFeatures(folded as string, {}, (d) => [d.whole(true), keepPassages(d.chunks(true), CURRENT_SAMPLE_SIZE)])], 'folded'],
    [['documentFeatures (tokenise, features, hash, intern, length; WebAssembly, features copied out)', (folded) => documentFeatures(folded as string).features], 'folded'],
    // The JavaScript path (where WebAssembly is refused), stage by stage.
    [['documentFeatures on the JavaScript table alone', (folded) => documentFeatures(folded as string, { webAssembly: undefined }).features], 'folded'],
    [['wholeFingerprint (JavaScript)', (hashed) => (wholeFingerprint(hashed as HashedFeatures), hashed)], 'chain'],
    [['passageFingerprints (JavaScript)', (hashed) => passageFingerprints(hashed as HashedFeatures, CURRENT_SAMPLE_SIZE)], 'chain'],
    [['measureFolded (length counts alone, for comparison)', (folded) => measureFolded(folded as string)], 'folded'],
    [["tokenize (fingerprintText's tokens)", (text) => tokenize(text as string)], 'text'],
    [['measureText (text-length.ts)', (text) => measureText(text as string)], 'text'],
  ];
}

function stages(docs: readonly Doc[], repeats: number) {
  const bytes = docs.reduce((a, d) => a + d.bytes, 0);
  const list = stageList();
  const out: { stage: string; ms: number; mbPerS: number }[] = [];
  let previous: unknown[] = [];
  for (const [[name, run], input] of list) {
    // Inputs of this stage, computed outside the timing.
    const inputs = input === 'text' ? docs.map((d) => d.text) : input === 'folded' ? docs.map((d) => foldText(d.text)) : previous;
    const samples: number[] = [];
    let outputs: unknown[] = [];
    for (let r = 0; r < repeats + 1; r++) {
      const cpu = process.cpuUsage();
      outputs = inputs.map(run);
      const used = process.cpuUsage(cpu);
      if (r > 0) samples.push((used.user + used.system) / 1000);
    }
    previous = outputs;
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

/**
 * Time against document size, 1 kB … 1 MB: linear when ns/byte stays flat.
 * Every size reads the same 1 MB of the corpus, cut into documents of that
 * size. (Until session 8 each size was the corpus's first documents up to
 * that size, and the cost per byte depends on content: 16 kB slices of the
 * Latin megabyte took 22–53 ns/byte, the one with 10.6% non-ASCII
 * characters the slowest, so sizes compared different texts.)
 */
function growth(docs: readonly Doc[], quick: boolean) {
  const whole = textOfSize(docs, 1e6);
  const wholeBytes = Buffer.byteLength(whole);
  const charsPerByte = whole.length / wholeBytes;
  const sizes = [1e3, 4e3, 16e3, 64e3, 256e3, 1e6];
  return sizes.map((size) => {
    const step = Math.max(1, Math.round(size * charsPerByte));
    const pieces: string[] = [];
    for (let at = 0; at < whole.length; at += step) pieces.push(whole.slice(at, at + step));
    const pass = () => {
      const start = performance.now();
      for (const piece of pieces) signDocument(piece);
      return performance.now() - start;
    };
    // Passes enough to fill ~40 ms (quick) / ~150 ms per sample, 7 samples.
    const passes = Math.max(1, Math.ceil((quick ? 40 : 150) / pass()));
    const samples: number[] = [];
    for (let r = 0; r < 7; r++) {
      let ms = 0;
      for (let p = 0; p < passes; p++) ms += pass();
      samples.push(ms / passes / pieces.length);
    }
    const s = summarize(samples);
    const bytes = wholeBytes / pieces.length;
    return { bytes: Math.round(bytes), documents: pieces.length, ms: round(s.median, 3), p99Ms: round(s.p99, 3), nsPerByte: round((s.median * 1e6) / bytes, 1) };
  });
}

/** What the extension and `deja-lu compare` sign a page being checked with. */
const checked = (text: string) => signCheckedDocument(text);

/** signDocument without its WebAssembly engine: what runs where WebAssembly is refused. */
const javaScriptOnly = (text: string) => signDocument(text, { webAssembly: undefined });

export async function runFingerprintNode(options: Options) {
  const repeats = options.quick ? 5 : 15;
  const loadBefore = load1();
  defaultChineseLexicon();
  const latin = latinDocs();
  const chinese = chineseDocs();
  const result = {
    engine: 'signDocument (what the extension runs: tokens, whole-document and passage fingerprints, text length)',
    latin: corpusRun(latin, repeats, 2),
    latinJavaScript: corpusRun(latin, repeats, 1, javaScriptOnly),
    // The page being checked: its other layouts and, for a short page, its sentence runs too (decisions/0055, 0056).
    latinChecked: corpusRun(latin, repeats, 1, checked),
    latinFingerprintText: corpusRun(latin, repeats, 1, fingerprintText),
    latinStages: stages(latin, options.quick ? 3 : 7),
    chinese: corpusRun(chinese, repeats, 2),
    chineseJavaScript: corpusRun(chinese, repeats, 1, javaScriptOnly),
    chineseChecked: corpusRun(chinese, repeats, 1, checked),
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
