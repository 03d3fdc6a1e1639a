/**
 * Run in a fresh process by fingerprint-node.ts: the engine as a woken
 * service worker meets it, nothing parsed yet. Prints one JSON line.
 */
import { chineseDocs } from '../lib/data';
import { useDictionaryFile } from '../../src/cli/dictionary-file';

const docs = chineseDocs().filter((d) => d.script === 'Hans');
// A typical page: the median-length Chinese text.
const page = [...docs].sort((a, b) => a.chars - b.chars)[Math.floor(docs.length / 2)]!.text;

const t0 = performance.now();
const core = await import('../../src/core');
const importMs = performance.now() - t0;
// The first Chinese page reads and unpacks the dictionary file on the way, as the CLI does.
useDictionaryFile();
const t1 = performance.now();
core.signDocument(page);
const firstMs = performance.now() - t1;
const warm: number[] = [];
for (let i = 0; i < 9; i++) {
  const t = performance.now();
  core.signDocument(page);
  warm.push(performance.now() - t);
}
warm.sort((a, b) => a - b);
const warmMs = warm[4]!;
console.log(JSON.stringify({ importMs, firstMs, warmMs, startupMs: firstMs - warmMs, pageChars: page.length }));
