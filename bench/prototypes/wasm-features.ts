/**
 * Bench-only prototype, NOT the engine: what moving documentFeatures' ASCII
 * work (words, feature hash, table, stopwords) into WebAssembly would buy.
 * Runs wasm-features.wat (assembled here with wabt) and the real
 * documentFeatures on the practice set's Latin texts, folded and with their
 * few non-ASCII characters (0.65%) made spaces so both see ASCII only;
 * checks that the two give the same features, in the same order, by hash;
 * then times both in alternating rounds (CPU time, median of 15 passes).
 *
 *   npx tsx bench/prototypes/wasm-features.ts
 *
 * The prototype leaves out what a real port needs: non-ASCII text (the
 * general tokeniser loop), the length counts, growing the table, and
 * building HashedFeatures from its memory. Numbers: docs/performance.md.
 */
import { readFileSync } from 'node:fs';
import wabt from 'wabt';
import { hashFeature } from '../../src/core/feature-hash';
import { documentFeatures } from '../../src/core/features';
import { classOfCodeUnit, ScriptClass } from '../../src/core/scripts';
import { LATIN_STOPWORDS } from '../../src/core/stopwords';
import { foldText } from '../../src/core/tokenize';
import { latinDocs } from '../lib/data';

const ROUNDS = 5;
const PASSES = 15;
/** Where the stopword set starts, and its slots − 1 (room for ~4× the stopwords). */
const STOP_AT = 1024;
const STOP_MASK = 4095;
/** Where each text is copied; the table's arrays follow it. */
const TEXT_AT = 65_536;
const DISTINCT_COUNT_AT = 512;

const texts = latinDocs().map((d) => foldText(d.text).replace(/[^\x00-\x7f]/g, ' '));
const chars = texts.reduce((a, t) => a + t.length, 0);

const module = (await wabt()).parseWat('wasm-features.wat', readFileSync(new URL('./wasm-features.wat', import.meta.url), 'utf8'));
const { instance } = await WebAssembly.instantiate(new Uint8Array(module.toBinary({}).buffer));
const memory = instance.exports.memory as WebAssembly.Memory;
const features = instance.exports.features as (...args: number[]) => number;

// The word class of each byte, from the tokeniser's own classifier.
new Uint8Array(memory.buffer).set(Array.from({ length: 128 }, (_, c) => (classOfCodeUnit(c) === ScriptClass.Word ? 1 : 0)));
{
  const words = new Uint32Array(memory.buffer);
  const hash = new Uint32Array(2);
  for (const word of LATIN_STOPWORDS) {
    hashFeature(word, hash);
    let slot = (hash[1] as number) & STOP_MASK;
    while (words[(STOP_AT >> 2) + 2 * slot] !== 0 || words[(STOP_AT >> 2) + 2 * slot + 1] !== 0) slot = (slot + 1) & STOP_MASK;
    words[(STOP_AT >> 2) + 2 * slot] = hash[0] as number;
    words[(STOP_AT >> 2) + 2 * slot + 1] = hash[1] as number;
  }
}

const encoder = new TextEncoder();

/** The prototype's features of one ASCII text: the copy into wasm memory included, as a port would pay it. */
function wasmFeatures(text: string) {
  const length = text.length;
  // Sized for the worst case instead of growing: at most one distinct feature per two characters.
  const distinctMax = Math.max(256, length >> 1);
  const slotCount = 2 ** Math.ceil(Math.log2(2 * distinctMax));
  const slots = (TEXT_AT + length + 7) & ~7;
  const his = slots + 4 * slotCount;
  const los = his + 4 * distinctMax;
  const counts = los + 4 * distinctMax;
  const states = counts + 4 * distinctMax;
  const ids = (states + distinctMax + 7) & ~7;
  const needed = ids + 4 * (length >> 1) + 64;
  if (needed > memory.buffer.byteLength) memory.grow(Math.ceil((needed - memory.buffer.byteLength) / 65_536));
  encoder.encodeInto(text, new Uint8Array(memory.buffer, TEXT_AT, length));
  new Int32Array(memory.buffer, slots, slotCount).fill(-1);
  const occurrences = features(TEXT_AT, length, slots, slotCount - 1, his, los, counts, states, ids, STOP_AT, STOP_MASK);
  const distinct = new Int32Array(memory.buffer, DISTINCT_COUNT_AT, 1)[0] as number;
  return { ids: new Int32Array(memory.buffer, ids, occurrences), hi: new Uint32Array(memory.buffer, his, distinct), lo: new Uint32Array(memory.buffer, los, distinct) };
}

for (const [n, text] of texts.entries()) {
  const expected = documentFeatures(text).features;
  const got = wasmFeatures(text);
  const same = expected.ids.length === got.ids.length && expected.ids.every((id, k) => expected.hi[id] === got.hi[got.ids[k] as number] && expected.lo[id] === got.lo[got.ids[k] as number]);
  if (!same) throw new Error(`text ${n}: the prototype's features differ from documentFeatures'`);
}

function cpuMsPerPass(run: () => void): number {
  const times: number[] = [];
  for (let pass = 0; pass < PASSES; pass++) {
    const before = process.cpuUsage();
    run();
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1e3);
  }
  return times.sort((a, b) => a - b)[PASSES >> 1] as number;
}

console.log(`${texts.length} texts, ${chars.toLocaleString('en-US')} characters; features identical on every text.`);
for (let round = 0; round < ROUNDS; round++) {
  const js = () => cpuMsPerPass(() => texts.forEach((t) => documentFeatures(t)));
  const wasm = () => cpuMsPerPass(() => texts.forEach(wasmFeatures));
  let jsMs: number;
  let wasmMs: number;
  // Alternating which goes first, so a change of machine speed within a round favours neither.
  if (round % 2 === 0) {
    jsMs = js();
    wasmMs = wasm();
  } else {
    wasmMs = wasm();
    jsMs = js();
  }
  console.log(`round ${round + 1}: documentFeatures ${jsMs.toFixed(0)} ms, prototype ${wasmMs.toFixed(0)} ms per pass (CPU): ${(jsMs / wasmMs).toFixed(2)}×`);
}
