/**
 * `npx tsx bench/tools/scheme-cost.ts`: what Chinese script folding (scheme 2)
 * costs against scheme 1, paired in one process (passes alternate, CPU time),
 * on the practice set's Chinese texts as they are (Simplified) and converted
 * to Taiwan script (OpenCC s2twp), where every third character is folded.
 */
import * as OpenCC from 'opencc-js';
import { signDocument } from '../../src/core';
import { useDictionaryFile } from '../../src/cli/dictionary-file';
import { chineseDocs } from '../lib/data';
import { summarize } from '../lib/stats';

const PASSES = 15;
useDictionaryFile();
const simplified = chineseDocs().map((d) => d.text);
const taiwan = simplified.map(OpenCC.Converter({ from: 'cn', to: 'twp' }));
const chars = (texts: string[]): number => texts.reduce((n, t) => n + t.length, 0);

function cpuSeconds(texts: string[], scheme: 1 | 2): number {
  const start = process.cpuUsage();
  for (const text of texts) signDocument(text, {}, scheme);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

for (const [name, texts] of [['Simplified', simplified], ['Taiwan script', taiwan]] as const) {
  for (const scheme of [1, 2] as const) cpuSeconds(texts, scheme); // warm-up
  const rates: Record<1 | 2, number[]> = { 1: [], 2: [] };
  const ratios: number[] = [];
  for (let pass = 0; pass < PASSES; pass++) {
    const seconds = { 1: 0, 2: 0 };
    for (const scheme of pass % 2 === 0 ? ([1, 2] as const) : ([2, 1] as const)) seconds[scheme] = cpuSeconds(texts, scheme);
    rates[1].push(chars(texts) / seconds[1]);
    rates[2].push(chars(texts) / seconds[2]);
    ratios.push(seconds[2] / seconds[1]);
  }
  const median = (xs: number[]): number => summarize(xs).median;
  console.log(`${name}: ${texts.length} texts, ${chars(texts).toLocaleString('en-US')} chars; scheme 1 ${Math.round(median(rates[1])).toLocaleString('en-US')} chars/s, scheme 2 ${Math.round(median(rates[2])).toLocaleString('en-US')} chars/s (CPU); time ratio 2/1 median ${median(ratios).toFixed(2)}`);
}
