import { hashRange } from './feature-hash';
import { LATIN_STOPWORDS } from './stopwords';
import type { TextLength } from './text-length';

/** A feature stream with each distinct feature hashed once. */
export interface HashedFeatures {
  /** Distinct-feature index of each position of the stream. */
  ids: Int32Array;
  /**
   * Count of each distinct feature in the whole stream. A word seen only as
   * a stopword has an index and count 0 (it weighs nothing).
   */
  counts: Int32Array;
  hi: Uint32Array;
  lo: Uint32Array;
  /**
   * Where each paragraph after the first begins (a position of `ids`), when
   * the stream was read paragraph by paragraph (fingerprint scheme 5 on;
   * empty for a text of one paragraph):
   * passages.ts chunkBoundaries then never lets a chunk span one.
   */
  paragraphs?: Int32Array;
  /** Where each line after the first begins (tokenize.ts lineEnds), when read by paragraph: the paragraphs' starts and those of the lines inside them. */
  lines?: Int32Array;
  /** The text's length before each of `lines`, where the tokeniser told it. */
  lengthBeforeLines?: readonly TextLength[];
}

/** Slot value of an empty hash-table slot. */
const EMPTY = -1;
/** `indexOf` of a string not in the table. */
const MISSING = -1;
/** Distinct strings a table starts with room for; it doubles as needed. */
const INITIAL_ENTRIES = 256;

/** Whether a word is a Latin stopword: looked up once per distinct word. */
const WORD_UNKNOWN = 0;
const WORD_STOPWORD = 1;
const WORD_CONTENT = 2;

/**
 * Builds the HashedFeatures of one document, feature by feature: the same
 * ids, counts and hashes as interning the feature strings in a Map, but
 * without a string per occurrence. A feature can be added as a range of the
 * page's text; it is hashed where it lies (hashRange), and the
 * open-addressing table is keyed by that 64-bit hash alone.
 *
 * The hash alone, not the characters too: SimHash sees a feature only
 * through its hash, so a collision changes only a weight, and comparing
 * characters cost far more than it guards against
 * (docs/decisions/0016-feature-table-keyed-by-hash.md). The same goes for
 * the Latin stopword check: a word is a stopword when its hash is one.
 */
export class FeatureTable {
  private slots: Int32Array;
  private distinct = 0;
  private hi: Uint32Array;
  private lo: Uint32Array;
  private counts: Int32Array;
  private wordStates: Uint8Array;
  private ids: Int32Array;
  private length = 0;
  private paragraphStarts: number[] | undefined;
  private lineStarts: number[] | undefined;
  private lengthBeforeLines: TextLength[] | undefined;
  private readonly hash = new Uint32Array(2);

  /** Room for `expectedFeatures` positions and `expectedDistinct` distinct features before anything grows. */
  constructor(expectedFeatures = INITIAL_ENTRIES, expectedDistinct = INITIAL_ENTRIES) {
    const distinct = Math.max(INITIAL_ENTRIES, expectedDistinct);
    // A power of two at least twice the entries: at most half full.
    this.slots = new Int32Array(2 ** Math.ceil(Math.log2(2 * distinct))).fill(EMPTY);
    this.hi = new Uint32Array(distinct);
    this.lo = new Uint32Array(distinct);
    this.counts = new Int32Array(distinct);
    this.wordStates = new Uint8Array(distinct);
    this.ids = new Int32Array(Math.max(16, expectedFeatures));
  }

  /** Appends one feature. */
  add(feature: string): void {
    this.append(this.find(feature, 0, feature.length));
  }

  /** Appends the feature `text.slice(start, end)`. */
  addRange(text: string, start: number, end: number): void {
    this.append(this.find(text, start, end));
  }

  /** Appends the word `text.slice(start, end)` unless it is a Latin stopword. */
  addWord(text: string, start: number, end: number): void {
    const entry = this.find(text, start, end);
    let state = this.wordStates[entry];
    if (state === WORD_UNKNOWN) {
      // By hash, like any lookup here: no string to hash again for a Set.
      const stopword = stopwordTable().indexOf(this.hi[entry] as number, this.lo[entry] as number) !== MISSING;
      state = stopword ? WORD_STOPWORD : WORD_CONTENT;
      this.wordStates[entry] = state;
    }
    if (state === WORD_CONTENT) this.append(entry);
  }

  /** The stream is read paragraph by paragraph (HashedFeatures.paragraphs), one paragraph so far. */
  byParagraph(): void {
    this.paragraphStarts ??= [];
    this.lineStarts ??= [];
  }

  /**
   * Marks where the next paragraph begins: the stream is then read paragraph
   * by paragraph (HashedFeatures.paragraphs); `lengthBefore`: the text's
   * length before it, where known (HashedFeatures.lengthBeforeLines).
   */
  paragraph(lengthBefore?: TextLength): void {
    (this.paragraphStarts ??= []).push(this.length);
    this.line(lengthBefore);
  }

  /** Marks where the next line of a paragraph begins (HashedFeatures.lines), as `paragraph` does. */
  line(lengthBefore?: TextLength): void {
    (this.lineStarts ??= []).push(this.length);
    if (lengthBefore !== undefined) (this.lengthBeforeLines ??= []).push(lengthBefore);
  }

  finish(): HashedFeatures {
    const distinct = this.distinct;
    const features: HashedFeatures = {
      ids: this.ids.subarray(0, this.length),
      counts: this.counts.subarray(0, distinct),
      hi: this.hi.subarray(0, distinct),
      lo: this.lo.subarray(0, distinct),
    };
    if (this.paragraphStarts) features.paragraphs = Int32Array.from(this.paragraphStarts);
    if (this.lineStarts) features.lines = Int32Array.from(this.lineStarts);
    if (this.lengthBeforeLines) features.lengthBeforeLines = this.lengthBeforeLines;
    return features;
  }

  /** Index of the distinct feature whose hash is hi:lo, or MISSING. */
  indexOf(hi: number, lo: number): number {
    const entry = this.slots[this.slotOf(hi, lo)] as number;
    return entry === EMPTY ? MISSING : entry;
  }

  private append(entry: number): void {
    if (this.length === this.ids.length) this.ids = grow(this.ids, 2 * this.length);
    this.ids[this.length++] = entry;
    this.counts[entry] = (this.counts[entry] as number) + 1;
  }

  /** Index of the distinct feature `text[start, end)`, added if new. */
  private find(text: string, start: number, end: number): number {
    hashRange(text, start, end, this.hash);
    return this.entry(this.hash[0] as number, this.hash[1] as number);
  }

  /** Index of the distinct feature whose hash is hi:lo, added if new. */
  private entry(hi: number, lo: number): number {
    const slot = this.slotOf(hi, lo);
    const entry = this.slots[slot] as number;
    return entry === EMPTY ? this.insert(slot, hi, lo) : entry;
  }

  /** The slot that holds the feature whose hash is hi:lo, or the empty slot where it would go. */
  private slotOf(hi: number, lo: number): number {
    const mask = this.slots.length - 1;
    // The hash halves end in Murmur's avalanche: their low bits are a good slot.
    let slot = lo & mask;
    for (let entry = this.slots[slot] as number; entry !== EMPTY; entry = this.slots[slot] as number) {
      if (this.lo[entry] === lo && this.hi[entry] === hi) break;
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  private insert(slot: number, hi: number, lo: number): number {
    const entry = this.distinct++;
    if (entry === this.hi.length) {
      const size = 2 * entry;
      this.hi = grow(this.hi, size);
      this.lo = grow(this.lo, size);
      this.counts = grow(this.counts, size);
      this.wordStates = grow(this.wordStates, size);
    }
    this.hi[entry] = hi;
    this.lo[entry] = lo;
    this.slots[slot] = entry;
    // At most half full, so probe runs stay short.
    if (2 * (entry + 1) > this.slots.length) this.rehash(2 * this.slots.length);
    return entry;
  }

  private rehash(size: number): void {
    const slots = new Int32Array(size).fill(EMPTY);
    const mask = size - 1;
    for (let entry = 0; entry < this.distinct; entry++) {
      let slot = (this.lo[entry] as number) & mask;
      while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
      slots[slot] = entry;
    }
    this.slots = slots;
  }
}

function grow<T extends Int32Array | Uint32Array | Uint8Array>(array: T, size: number): T {
  const bigger = new (array.constructor as new (n: number) => T)(size);
  bigger.set(array);
  return bigger;
}

let stopwords: FeatureTable | undefined;
/** LATIN_STOPWORDS as a FeatureTable, built on first use. */
function stopwordTable(): FeatureTable {
  if (!stopwords) {
    stopwords = new FeatureTable();
    for (const word of LATIN_STOPWORDS) stopwords.add(word);
  }
  return stopwords;
}

/**
 * Room a document's table starts with, from the length of its folded text:
 * enough for the practice set's Latin texts never to grow (a feature every
 * ~10 characters, a new distinct one every ~19). The JavaScript table and
 * the WebAssembly engine both start from it.
 */
export function initialRoom(length: number): { features: number; distinct: number } {
  return { features: Math.max(16, length >> 3), distinct: Math.max(INITIAL_ENTRIES, length >> 4) };
}

/**
 * HashedFeatures of a feature stream given as strings; `paragraphs`: the
 * positions where paragraphs after the first begin, if it was read by paragraph.
 */
export function hashFeatures(features: readonly string[], paragraphs?: readonly number[]): HashedFeatures {
  const table = new FeatureTable(features.length);
  if (paragraphs) table.byParagraph();
  let next = 0;
  features.forEach((feature, i) => {
    for (; paragraphs && next < paragraphs.length && (paragraphs[next] as number) <= i; next++) table.paragraph();
    table.add(feature);
  });
  for (; paragraphs && next < paragraphs.length; next++) table.paragraph();
  return table.finish();
}
