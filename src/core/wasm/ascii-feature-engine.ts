import type { DocumentFeatures } from '../document-features';
import { hashRange } from '../feature-hash';
import { initialRoom, type HashedFeatures } from '../feature-table';
import type { Fingerprint } from '../fingerprint64';
import { PARAGRAPH_MIN_FEATURES, PASSAGE_ANCHOR_EVERY, PASSAGE_MAX_FEATURES, PASSAGE_MIN_FEATURES, wholeFingerprint, wholeWeightCap } from '../passages';
import { classOfCodeUnit, ScriptClass } from '../scripts';
import { LATIN_STOPWORDS } from '../stopwords';
import { SMALL_COUNT_WEIGHTS, UNCAPPED } from '../term-weight';
import type { TextLength } from '../text-length';
import type { AsciiStretch } from '../tokenize';
import { ASCII_FEATURES_WASM } from './ascii-features-wasm';

const PAGE_BYTES = 65_536;
/** The module's memory maximum (ascii-features.wat): every byte offset stays a non-negative 32-bit integer. */
const MAX_MEMORY_BYTES = 2 ** 31;
const EMPTY_SLOT = -1;
const NOT_ASCII = 2;
/**
 * A document that left the memory larger than this drops the instance (a
 * WebAssembly memory never shrinks): the next document gets a fresh one.
 * 32 MiB holds a document of ~1–2 MB of text (depending on how many distinct
 * words it has); the practice set's largest is ~100 kB.
 */
const MAX_RETAINED_BYTES = 32 * 1024 * 1024;
/** `whole`'s cap argument for "no cap", and the largest level it takes (an i32). */
const NO_CAP = 0;
const MAX_MODULE_CAP = 0x7fffffff;

/** The module's fixed areas, as it exports them. */
interface Layout {
  STOP_AT: WebAssembly.Global;
  STOP_SLOTS: WebAssembly.Global;
  WEIGHTS_AT: WebAssembly.Global;
  WEIGHT_SLOTS: WebAssembly.Global;
  CHUNK_SLOTS: WebAssembly.Global;
  DOCUMENT_AT: WebAssembly.Global;
}

interface Exports extends Layout {
  memory: WebAssembly.Memory;
  useTable(slots: number, mask: number, his: number, los: number, counts: number, stops: number, ids: number, capDistinct: number, capIds: number): void;
  add(hi: number, lo: number, word: number): void;
  scan(from: number, end: number): number;
  whole(cap: number): void;
  chunks(flags: number, locals: number, ends: number, out: number, min: number, max: number, anchorMask: number, capped: number): number;
  paragraphChunks(starts: number, paragraphs: number, paragraphMin: number, flags: number, locals: number, ends: number, out: number, min: number, max: number, anchorMask: number, capped: number): number;
  hi: WebAssembly.Global;
  lo: WebAssembly.Global;
  distinct: WebAssembly.Global;
  length: WebAssembly.Global;
  words: WebAssembly.Global;
  openWord: WebAssembly.Global;
}

/** The module's memory could not grow for a document: the caller fingerprints it in JavaScript. */
export class EngineMemoryError extends Error {}

/**
 * One document at a time through ascii-features.wat: the text is copied in
 * as UTF-8 once (TextEncoder.encodeInto), the module reads its ASCII
 * stretches (asciiWords) and everything else is hashed here and added to the
 * same table (add, addRange, addWord, as on FeatureTable), so the features
 * come out in stream order. The module works in bytes, the tokeniser in
 * UTF-16 code units: the two agree on ASCII, and between stretches the
 * engine advances its byte position by the UTF-8 width of the code units
 * the tokeniser read itself.
 */
export class AsciiFeatureEngine {
  private readonly exports: Exports;
  private readonly documentAt: number;
  private readonly encoder = new TextEncoder();
  private readonly hash = new Uint32Array(2);
  private text = '';
  private textEnd = 0;
  /** Where each paragraph after the first begins, when the document is read by paragraph (HashedFeatures.paragraphs). */
  private paragraphStarts: number[] | undefined;
  /** Where each line after the first begins, paragraphs' included (HashedFeatures.lines). */
  private lineStarts: number[] | undefined;
  /** The text's length before each of them, where the tokeniser told it (HashedFeatures.lengthBeforeLines). */
  private lengthBeforeLines: TextLength[] | undefined;
  /** The code unit and byte where the last stretch ended. */
  private unit = 0;
  private byte = 0;
  /** The table's arrays: byte offsets in memory, and their room. */
  private slots = 0;
  private slotCount = 0;
  private his = 0;
  private los = 0;
  private counts = 0;
  private stops = 0;
  private ids = 0;
  private capDistinct = 0;
  private capIds = 0;
  /** Where chunks() works, after the table: a flag and a count per distinct feature (zeroed there), the chunks' (start, end) pairs and fingerprints, then where paragraphs begin. */
  private scratch = { flags: 0, locals: 0, ends: 0, out: 0, starts: 0 };

  constructor(webAssembly: typeof WebAssembly, module: WebAssembly.Module) {
    const instance = new webAssembly.Instance(module, { host: { grow: () => this.grow() } });
    this.exports = instance.exports as unknown as Exports;
    const layout = (name: keyof Layout) => this.exports[name].value as number;
    this.documentAt = layout('DOCUMENT_AT');
    const stopSlots = layout('STOP_SLOTS');
    // What the fixed areas must hold; a mismatch refuses the engine (the JavaScript path runs instead).
    if (SMALL_COUNT_WEIGHTS.length !== layout('WEIGHT_SLOTS')) throw new Error('the module\'s weight table does not match termWeight\'s');
    if (2 * LATIN_STOPWORDS.size > stopSlots) throw new Error('too many stopwords for the module\'s set');
    if (PASSAGE_MAX_FEATURES + PASSAGE_MIN_FEATURES > layout('CHUNK_SLOTS')) throw new Error('chunks longer than the module has room for');
    const bytes = new Uint8Array(this.exports.memory.buffer);
    for (let c = 0; c < 256; c++) bytes[c] = c >= 0x80 ? NOT_ASCII : classOfCodeUnit(c) === ScriptClass.Word ? 1 : 0;
    const words = new Uint32Array(this.exports.memory.buffer, layout('STOP_AT'), 2 * stopSlots);
    for (const word of LATIN_STOPWORDS) {
      hashRange(word, 0, word.length, this.hash);
      let slot = (this.hash[1] as number) & (stopSlots - 1);
      while (words[2 * slot] !== 0 || words[2 * slot + 1] !== 0) slot = (slot + 1) & (stopSlots - 1);
      words[2 * slot] = this.hash[0] as number;
      words[2 * slot + 1] = this.hash[1] as number;
    }
    new Int32Array(this.exports.memory.buffer, layout('WEIGHTS_AT'), SMALL_COUNT_WEIGHTS.length).set(SMALL_COUNT_WEIGHTS);
  }

  /** Starts the document `folded` with an empty table of initialRoom's size, as the JavaScript table starts. */
  begin(folded: string): void {
    this.text = folded;
    // encodeInto writes at most 3 bytes per UTF-16 code unit.
    this.reserve(this.documentAt + 3 * folded.length);
    this.textEnd = this.documentAt + this.encoder.encodeInto(folded, new Uint8Array(this.exports.memory.buffer, this.documentAt, 3 * folded.length)).written;
    this.unit = 0;
    this.byte = this.documentAt;
    this.exports.distinct.value = 0;
    this.exports.length.value = 0;
    this.paragraphStarts = undefined;
    this.lineStarts = undefined;
    this.lengthBeforeLines = undefined;
    const room = initialRoom(folded.length);
    this.placeTable(this.textEnd, room.distinct, room.features);
  }

  /** TokenSink.asciiWords: the ASCII stretch of the text from code unit `from`, as scanTokens' fast path reads it. */
  asciiWords(from: number, out: AsciiStretch, end: number): void {
    const start = this.byte + utf8Length(this.text, this.unit, from);
    // Up to `end` the stretch is ASCII, one byte a code unit, or it stops sooner at the first byte that is not.
    const stop = this.exports.scan(start, Math.min(this.textEnd, start + (end - from)));
    const open = this.exports.openWord.value as number;
    out.end = from + (stop - start);
    out.openWord = open < 0 ? -1 : from + (open - start);
    out.words = this.exports.words.value as number;
    this.unit = out.end;
    this.byte = stop;
  }

  /** Appends one feature. */
  add(feature: string): void {
    this.addRange(feature, 0, feature.length);
  }

  /** The stream is read paragraph by paragraph, as FeatureTable.byParagraph says. */
  byParagraph(): void {
    this.paragraphStarts ??= [];
    this.lineStarts ??= [];
  }

  /** Marks where the next paragraph begins, as FeatureTable.paragraph does. */
  paragraph(lengthBefore?: TextLength): void {
    (this.paragraphStarts ??= []).push(this.exports.length.value as number);
    this.line(lengthBefore);
  }

  /** Marks where the next line of a paragraph begins, as FeatureTable.line does. */
  line(lengthBefore?: TextLength): void {
    (this.lineStarts ??= []).push(this.exports.length.value as number);
    if (lengthBefore !== undefined) (this.lengthBeforeLines ??= []).push(lengthBefore);
  }

  /** Appends the feature `text.slice(start, end)`. */
  addRange(text: string, start: number, end: number): void {
    hashRange(text, start, end, this.hash);
    this.exports.add(this.hash[0] as number, this.hash[1] as number, 0);
  }

  /** Appends the word `text.slice(start, end)` unless it is a Latin stopword. */
  addWord(text: string, start: number, end: number): void {
    hashRange(text, start, end, this.hash);
    this.exports.add(this.hash[0] as number, this.hash[1] as number, 1);
  }

  /**
   * The finished document, whose length scanTokens counted: the features
   * stay in the module for its SimHashes. The room chunks() needs is made
   * here, so that nothing after this can fail for memory.
   */
  features(length: TextLength): DocumentFeatures {
    this.placeChunkScratch();
    return { length, hashed: () => this.finish(), whole: (capped) => this.whole(capped), chunks: (capped) => this.chunks(capped) };
  }

  /**
   * passages.ts wholeFingerprint, computed in the module with the level
   * weightCap gives (0: none); a level beyond the module's 32 bits (a word
   * repeated over a million times) is folded in JavaScript instead.
   */
  whole(capped: boolean): Fingerprint {
    const cap = capped ? wholeWeightCap(this.view().counts) : UNCAPPED;
    if (cap !== UNCAPPED && cap > MAX_MODULE_CAP) return wholeFingerprint(this.view(), true);
    this.exports.whole(cap === UNCAPPED ? NO_CAP : cap);
    return { hi: (this.exports.hi.value as number) >>> 0, lo: (this.exports.lo.value as number) >>> 0 };
  }

  /**
   * passages.ts chunkFingerprints, computed in the module (each chunk capped
   * there when `capped`), for a document read by paragraph too (chunkRanges).
   */
  chunks(capped: boolean): Fingerprint[] {
    const { flags, locals, ends, out, starts } = this.scratch;
    new Uint8Array(this.exports.memory.buffer, flags, ends - flags).fill(0);
    const cut = [flags, locals, ends, out, PASSAGE_MIN_FEATURES, PASSAGE_MAX_FEATURES, PASSAGE_ANCHOR_EVERY - 1, capped ? 1 : 0] as const;
    let count: number;
    if (this.paragraphStarts) {
      new Int32Array(this.exports.memory.buffer, starts, this.paragraphStarts.length).set(this.paragraphStarts);
      count = this.exports.paragraphChunks(starts, this.paragraphStarts.length, PARAGRAPH_MIN_FEATURES, ...cut);
    } else {
      count = this.exports.chunks(...cut);
    }
    const pairs = new Uint32Array(this.exports.memory.buffer, out, 2 * count);
    const fingerprints: Fingerprint[] = [];
    for (let c = 0; c < count; c++) fingerprints.push({ hi: pairs[2 * c] as number, lo: pairs[2 * c + 1] as number });
    return fingerprints;
  }

  /** The document's features, copied out of the module's memory. */
  finish(): HashedFeatures {
    const features = this.view();
    const copy: HashedFeatures = { ids: features.ids.slice(), counts: features.counts.slice(), hi: features.hi.slice(), lo: features.lo.slice() };
    if (features.paragraphs) copy.paragraphs = features.paragraphs;
    if (features.lines) copy.lines = features.lines;
    if (features.lengthBeforeLines) copy.lengthBeforeLines = features.lengthBeforeLines;
    return copy;
  }

  /** The document's features where they lie in the module's memory: valid until the memory next grows. */
  private view(): HashedFeatures {
    const buffer = this.exports.memory.buffer;
    const distinct = this.exports.distinct.value as number;
    const features: HashedFeatures = {
      ids: new Int32Array(buffer, this.ids, this.exports.length.value as number),
      counts: new Int32Array(buffer, this.counts, distinct),
      hi: new Uint32Array(buffer, this.his, distinct),
      lo: new Uint32Array(buffer, this.los, distinct),
    };
    if (this.paragraphStarts) features.paragraphs = Int32Array.from(this.paragraphStarts);
    if (this.lineStarts) features.lines = Int32Array.from(this.lineStarts);
    if (this.lengthBeforeLines) features.lengthBeforeLines = this.lengthBeforeLines;
    return features;
  }

  /** Lets go of the document; returns whether the memory stayed small enough to keep this instance for the next one. */
  endDocument(): boolean {
    this.text = '';
    return this.exports.memory.buffer.byteLength <= MAX_RETAINED_BYTES;
  }

  /** Makes the room chunks() works in (`scratch`). */
  private placeChunkScratch(): void {
    const distinct = this.exports.distinct.value as number;
    const most = Math.floor((this.exports.length.value as number) / PASSAGE_MIN_FEATURES) + 1;
    const flags = align(this.ids + 4 * this.capIds);
    const locals = align(flags + distinct);
    const ends = locals + 4 * distinct;
    const out = ends + 8 * most;
    const starts = out + 8 * most;
    // One position more than the paragraphs: the module reads it (and ignores it) at the last paragraph.
    this.reserve(starts + 4 * ((this.paragraphStarts?.length ?? 0) + 1));
    this.scratch = { flags, locals, ends, out, starts };
  }

  /** Called by the module when the table is full: doubles what ran out, after everything in use. */
  private grow(): void {
    const distinct = this.exports.distinct.value as number;
    const length = this.exports.length.value as number;
    const old = { his: this.his, los: this.los, counts: this.counts, stops: this.stops, ids: this.ids };
    const end = this.ids + 4 * this.capIds;
    this.placeTable(end, distinct === this.capDistinct ? 2 * this.capDistinct : this.capDistinct, length === this.capIds ? 2 * this.capIds : this.capIds);
    const memory = new Uint8Array(this.exports.memory.buffer);
    memory.copyWithin(this.his, old.his, old.his + 4 * distinct);
    memory.copyWithin(this.los, old.los, old.los + 4 * distinct);
    memory.copyWithin(this.counts, old.counts, old.counts + 4 * distinct);
    memory.copyWithin(this.stops, old.stops, old.stops + distinct);
    memory.copyWithin(this.ids, old.ids, old.ids + 4 * length);
    // Every feature in its slot of the new, larger slot array.
    const slots = new Int32Array(this.exports.memory.buffer, this.slots, this.slotCount);
    const los = new Uint32Array(this.exports.memory.buffer, this.los, distinct);
    const mask = this.slotCount - 1;
    for (let entry = 0; entry < distinct; entry++) {
      let slot = (los[entry] as number) & mask;
      while (slots[slot] !== EMPTY_SLOT) slot = (slot + 1) & mask;
      slots[slot] = entry;
    }
  }

  /** Lays out an empty table from byte `at` with the given room, and hands it to the module. */
  private placeTable(at: number, capDistinct: number, capIds: number): void {
    // A power of two at least twice the distinct features: at most half full.
    this.slotCount = 2 ** Math.ceil(Math.log2(2 * capDistinct));
    this.slots = align(at);
    this.his = this.slots + 4 * this.slotCount;
    this.los = this.his + 4 * capDistinct;
    this.counts = this.los + 4 * capDistinct;
    this.stops = this.counts + 4 * capDistinct;
    this.ids = align(this.stops + capDistinct);
    this.capDistinct = capDistinct;
    this.capIds = capIds;
    this.reserve(this.ids + 4 * capIds);
    new Int32Array(this.exports.memory.buffer, this.slots, this.slotCount).fill(EMPTY_SLOT);
    this.exports.useTable(this.slots, this.slotCount - 1, this.his, this.los, this.counts, this.stops, this.ids, capDistinct, capIds);
  }

  /** Grows the memory to at least `bytes`, or throws EngineMemoryError. */
  private reserve(bytes: number): void {
    const have = this.exports.memory.buffer.byteLength;
    if (bytes <= have) return;
    if (bytes > MAX_MEMORY_BYTES) throw new EngineMemoryError(`a document needs ${bytes} bytes of WebAssembly memory, more than ${MAX_MEMORY_BYTES}`);
    try {
      this.exports.memory.grow(Math.ceil((bytes - have) / PAGE_BYTES));
    } catch (error) {
      throw new EngineMemoryError(`WebAssembly memory could not grow to ${bytes} bytes`, { cause: error });
    }
  }
}

/** The next multiple of 8 (arithmetic, not bitwise: offsets can pass 2^31 before reserve refuses them). */
function align(at: number): number {
  return Math.ceil(at / 8) * 8;
}

/**
 * Bytes of `s[from, to)` in UTF-8 as TextEncoder writes it: a surrogate pair
 * is 4 bytes, a lone surrogate 3 (U+FFFD). `from` and `to` lie on ASCII or
 * stretch boundaries, never inside a pair.
 */
export function utf8Length(s: string, from: number, to: number): number {
  let bytes = to - from;
  for (let i = from; i < to; i++) {
    const code = s.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) {
      bytes += 1;
    } else if (code >= 0xd800 && code <= 0xdbff && i + 1 < to && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // Two code units, four bytes.
      bytes += 2;
      i++;
    } else {
      bytes += 2;
    }
  }
  return bytes;
}

/** Per WebAssembly namespace: the compiled module (null if refused) and an engine free for the next document. */
const engines = new WeakMap<typeof WebAssembly, { module: WebAssembly.Module | null; idle?: AsciiFeatureEngine }>();

/**
 * An engine for one document, or undefined where WebAssembly is missing or
 * refused (a content security policy without 'wasm-unsafe-eval'): the
 * caller then uses the JavaScript FeatureTable, which gives the same
 * features. `webAssembly` is the WebAssembly namespace (a parameter so that
 * tests can take it away); the module is compiled once. Give the engine
 * back with returnEngine when the document is done.
 */
export function takeEngine(webAssembly: typeof WebAssembly | undefined): AsciiFeatureEngine | undefined {
  if (!webAssembly) return undefined;
  let entry = engines.get(webAssembly);
  if (!entry) {
    entry = { module: compile(webAssembly) };
    engines.set(webAssembly, entry);
  }
  if (!entry.module) return undefined;
  const engine = entry.idle;
  entry.idle = undefined;
  if (engine) return engine;
  try {
    return new AsciiFeatureEngine(webAssembly, entry.module);
  } catch (error) {
    // Out of memory may pass; a module that cannot be instantiated or does not fit the engine will not.
    if (!(error instanceof RangeError)) entry.module = null;
    return undefined;
  }
}

/** Gives an engine back after its document, kept for the next one unless its memory grew too large. */
export function returnEngine(webAssembly: typeof WebAssembly, engine: AsciiFeatureEngine): void {
  const entry = engines.get(webAssembly);
  if (engine.endDocument() && entry) entry.idle = engine;
}

function compile(webAssembly: typeof WebAssembly): WebAssembly.Module | null {
  try {
    return new webAssembly.Module(decodeBase64(ASCII_FEATURES_WASM));
  } catch {
    // Refused by the content security policy, or no engine: the JavaScript path gives the same features.
    return null;
  }
}

function decodeBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
