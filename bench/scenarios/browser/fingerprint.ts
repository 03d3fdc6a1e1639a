import type { Worker } from 'playwright-core';
import { chineseDocs, latinDocs } from '../../lib/data';
import { round, roundSummary, summarize } from '../../lib/stats';
import { callSw } from './common';

function corpusSummary(texts: { bytes: number; chars: number }[], res: { passMs: number[]; docMs: number[] }, repeats: number, cpuMs?: number) {
  const bytes = texts.reduce((a, d) => a + d.bytes, 0);
  const chars = texts.reduce((a, d) => a + d.chars, 0);
  return {
    docs: texts.length, bytes, chars, repeats,
    passMs: roundSummary(summarize(res.passMs)),
    mbPerS: roundSummary(summarize(res.passMs.map((ms) => bytes / 1e3 / ms))),
    charsPerS: roundSummary(summarize(res.passMs.map((ms) => (chars / ms) * 1000)), 0),
    docMs: roundSummary(summarize(res.docMs), 3),
    // Over all measured passes: the extension process's CPU time comes in 10 ms ticks.
    ...(cpuMs === undefined ? {} : { cpuMs: round(cpuMs, 0), cpuMBPerS: round((bytes * repeats) / 1e3 / cpuMs, 2), cpuCharsPerS: round((chars * repeats * 1000) / cpuMs, 0) }),
  };
}

/**
 * signDocument (WebAssembly engine, then the JavaScript table alone) and
 * fingerprintText over both corpora in the worker: warm-up
 * passes first, then the measured ones, with the extension process's CPU
 * time read around them (`cpuMs`) beside the worker's own wall-clock timings.
 */
export async function fingerprintInWorker(sw: Worker, quick: boolean, cpuMs: () => number | undefined) {
  const repeats = quick ? 5 : 11;
  const out: Record<string, unknown> = { webAssembly: await callSw<boolean>(sw, 'webAssemblyRuns') };
  for (const [name, docs] of [['latin', latinDocs()], ['chinese', chineseDocs()]] as const) {
    const texts = docs.map((d) => d.text);
    const engines = [[name, 'signDocument', 2], [`${name}JavaScript`, 'signDocumentJavaScript', 1], [`${name}FingerprintText`, 'fingerprintText', 1]] as const;
    for (const [key, engine, warmup] of engines) {
      await callSw(sw, 'fingerprintCorpus', texts, 0, warmup, engine);
      const before = cpuMs();
      const res = await callSw<{ passMs: number[]; docMs: number[] }>(sw, 'fingerprintCorpus', texts, repeats, 0, engine);
      const after = cpuMs();
      out[key] = corpusSummary(docs, res, repeats, before === undefined || after === undefined ? undefined : after - before);
    }
  }
  return out;
}
