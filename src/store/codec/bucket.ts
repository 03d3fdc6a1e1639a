/**
 * The bucket layout of the block index (blocks/): a whole-document
 * fingerprint is filed under each of its four 16-bit blocks. Two fingerprints
 * within Hamming distance 3 differ in at most three blocks, so they share at
 * least one (pigeonhole): looking up the query's four blocks finds every such
 * fingerprint. A passage is filed under its first block only, in block0, and
 * matches only passages and pages that agree on that block (core/passages.ts,
 * passagesMatch): 4 entries per passage were a third of a page's bytes.
 *
 * Each block store holds one bucket per value of the block's top bits
 * (BUCKET_KEY_BITS, per store): the key is that value, the record a packed
 * array of ENTRY_BYTES-byte entries, each the page key with the block's low
 * bits, and the next two blocks of the fingerprint. A lookup is four exact
 * key reads and a distance check on 48 of the 64 bits; the page record, which
 * the caller reads for every match anyway, settles the rest (a random entry
 * passes the 48-bit check with p ≈ 1.3 × 10⁻⁶). Above the page key, a block0
 * entry's first word also holds a tag of the fingerprint's seventh byte
 * (entryTag), which keeps random passage entries out of a sketch's look-up. A page's entries cost no
 * IndexedDB record of their own; a bulk write touches at most every bucket of
 * each store once, however many pages it brings.
 */
import { fingerprintBlocks, type Blocks, type Fingerprint } from '../../core/fingerprint64';
import { popcount32 } from '../../core/hamming';
import type { PassageMeasure } from '../../core/scheme';
import { differingBytes } from '../../core/sketch-distance';
import { passageReach } from '../../core/passages';
import { readUint32 } from './fingerprints';

/**
 * One bucket of a block store, under the block's top bits: packed entries
 * (ENTRY_BYTES each) of every fingerprint filed there, page key, the block's
 * low bits and the other 48 bits — with the key the full fingerprint, so
 * candidates are distance-filtered without reading pages.
 */
export type Bucket = Uint8Array;

/**
 * Bits of a whole-fingerprint block that key its bucket (block1–3): 16 gave
 * 65,536 buckets per store, and a bulk write touching most of them cost
 * ~0.15 ms per put in Chromium here: ~40 s of the 100,000-page import. With
 * 12, a million pages make buckets of ~2.5 kB, still one read each.
 */
export const WHOLE_KEY_BITS = 12;
/**
 * Bits of the first block that key a block0 bucket: block0 also files every
 * passage (26.7 a page on average), so at 12 bits a million pages made
 * ~54 kB buckets, and a visit rewrote ~27 of them (~1.5 MB);
 * by 16 bits (65,536 buckets, ~3.4 kB each at a million pages) a visit
 * rewrites ~0.1 MB (docs/decisions/0034-block0-buckets.md).
 */
export const PASSAGE_KEY_BITS = 16;
/** The block store (block0) that also files passages, under their first block. */
export const PASSAGE_STORE = 0;
/** The key bits of each block store (block0 first). */
export const BUCKET_KEY_BITS: readonly number[] = [PASSAGE_KEY_BITS, WHOLE_KEY_BITS, WHOLE_KEY_BITS, WHOLE_KEY_BITS];
/** The bits of a block an entry keeps beside the page key, per store: the block's bits its bucket key does not hold. */
const LOW_BITS: readonly number[] = BUCKET_KEY_BITS.map((bits) => 16 - bits);
/**
 * (page key × 2^low bits + the block's low bits) as uint32, then the next two
 * 16-bit blocks (b + 1, b + 2 mod 4), big-endian: the same 8 bytes in every
 * store, only the split of the first word differs. The third block was 2 more
 * bytes per entry (24 per page) for a check the page record makes anyway.
 */
export const ENTRY_BYTES = 8;
/** Page keys must fit the entry's first word beside the block's low bits, in the store that keeps the most of them. */
export const PAGE_KEY_LIMIT = 2 ** (32 - Math.max(...LOW_BITS));
/**
 * Bits of a block0 entry's first word above its page key: block0 keeps no
 * low bits (PASSAGE_KEY_BITS is the whole block), so the room block1–3 give
 * theirs is free there, and holds the tag of entryTag (database version 11).
 */
export const ENTRY_TAG_BITS = Math.max(...LOW_BITS) - (LOW_BITS[PASSAGE_STORE] as number);
/** Where a block0 entry's tag starts in its first word: above the page key and the block's low bits. */
const TAG_UNIT = 2 ** (32 - ENTRY_TAG_BITS);
/** The tags a fingerprint can get: 1 … TAG_VALUES; 0 is an entry filed before version 11, which says nothing. */
const TAG_VALUES = 2 ** ENTRY_TAG_BITS - 1;

/** How many buckets block store `b` has (one per key). */
export function bucketCount(b: number): number {
  return 2 ** (BUCKET_KEY_BITS[b] as number);
}

/** The block's bits an entry of store `b` keeps, as a mask. */
function lowMask(b: number): number {
  return 2 ** (LOW_BITS[b] as number) - 1;
}

/** The page key in the first word of an entry of store `b`. */
export function pageOfWord(word: number, b: number): number {
  return (b === PASSAGE_STORE ? word % TAG_UNIT : word) >>> (LOW_BITS[b] as number);
}

/**
 * The tag of fingerprint hi:lo in a block0 entry: its seventh byte, of the two
 * the entry does not keep, folded to 1 … TAG_VALUES. Two fingerprints whose
 * tags differ differ in that byte, so a tag that differs adds one to an
 * entry's distance, in bytes (a sketch) or bits (a SimHash). Why: the four
 * kept bytes let a random passage entry pass a sketch's filter with
 * p ≈ 9 × 10⁻⁵, ~20 needless page reads (a group of ~300 kB each) for a
 * long page's check at a million pages; with the tag, ~15 times fewer
 * (docs/decisions/0077-block0-entry-tags.md).
 */
export function entryTag(lo: number): number {
  return (((lo >>> 8) & 0xff) % TAG_VALUES) + 1;
}

/** The first word of an entry of store `b`: the page key and the block's low bits, and in block0 the fingerprint's tag (entryTag of its low word). */
export function entryWord(pageId: number, block: number, b: number, lo: number): number {
  const tag = b === PASSAGE_STORE ? entryTag(lo) * TAG_UNIT : 0;
  return tag + pageId * (lowMask(b) + 1) + (block & lowMask(b));
}

/** The tag in the first word of an entry of store `b` (entryTag); 0 outside block0 and for entries filed before database version 11. */
function tagOfWord(word: number, b: number): number {
  return b === PASSAGE_STORE ? Math.floor(word / TAG_UNIT) : 0;
}

/** The bucket of block store `b` a block value is filed in. */
export function bucketKey(block: number, b: number): number {
  return block >>> (LOW_BITS[b] as number);
}

/** A bucket entry as numbers: the page, the filed block's low bits, blocks b + 1 and b + 2 (mod 4), and the tag (entryTag; 0 outside block0). */
export interface BucketEntry {
  pageId: number;
  low: number;
  rest: [number, number];
  tag: number;
}

/** The blocks an entry of block store `b` keeps besides its own. */
function keptBlocks(blocks: Blocks, b: number): [number, number] {
  return [blocks[(b + 1) % 4] as number, blocks[(b + 2) % 4] as number];
}

/** Block `b` of the fingerprint hi:lo, as fingerprintBlocks gives it, without the array. */
export function blockOf(hi: number, lo: number, b: number): number {
  const half = b < 2 ? hi : lo;
  return b % 2 === 0 ? half >>> 16 : half & 0xffff;
}

/** Copies the entry at `from` of `source` to `to` of `target`: byte by byte, as a subarray per entry (millions in a large import's merge) costs seconds of allocation. */
export function copyEntry(source: Uint8Array, from: number, target: Uint8Array, to: number): void {
  for (let i = 0; i < ENTRY_BYTES; i++) target[to + i] = source[from + i] as number;
}

/**
 * Copies the entries of `entries` (store `b`) whose page `keep` accepts into
 * `target` from byte `to`, in order; returns the bytes copied.
 */
export function copyKeptEntries(entries: Uint8Array, b: number, keep: (pageKey: number) => boolean, target: Uint8Array, to = 0): number {
  let size = 0;
  for (let at = 0; at + ENTRY_BYTES <= entries.byteLength; at += ENTRY_BYTES) {
    if (!keep(pageOfWord(readUint32(entries, at), b))) continue;
    copyEntry(entries, at, target, to + size);
    size += ENTRY_BYTES;
  }
  return size;
}

/** The entries of a bucket of block store `b`. */
export function decodeBucket(bucket: Uint8Array, b: number): BucketEntry[] {
  const view = new DataView(bucket.buffer, bucket.byteOffset, bucket.byteLength);
  const out: BucketEntry[] = [];
  for (let at = 0; at + ENTRY_BYTES <= bucket.byteLength; at += ENTRY_BYTES) {
    const word = view.getUint32(at);
    out.push({ pageId: pageOfWord(word, b), low: word & lowMask(b), rest: [view.getUint16(at + 4), view.getUint16(at + 6)], tag: tagOfWord(word, b) });
  }
  return out;
}

/** Calls `visit` with the page key of each entry of a bucket of block store `b`, without building entries. */
export function forEachPageKey(bucket: Uint8Array, b: number, visit: (pageKey: number) => void): void {
  const view = new DataView(bucket.buffer, bucket.byteOffset, bucket.byteLength);
  for (let at = 0; at + ENTRY_BYTES <= bucket.byteLength; at += ENTRY_BYTES) visit(pageOfWord(view.getUint32(at), b));
}

/** The entry of `fp` in block store `blockIndex`, as written in a bucket. */
export function bucketEntry(fp: Fingerprint, blockIndex: number, pageId: number): BucketEntry {
  const blocks = fingerprintBlocks(fp);
  return { pageId, low: (blocks[blockIndex] as number) & lowMask(blockIndex), rest: keptBlocks(blocks, blockIndex), tag: blockIndex === PASSAGE_STORE ? entryTag(fp.lo) : 0 };
}

/**
 * Where each of a page's fingerprints is filed, as [fingerprint, block store]:
 * the whole document (slot 0) in all four, each distinct passage in block0.
 */
export function filings(fingerprints: readonly Fingerprint[]): [Fingerprint, number][] {
  const [whole, ...passages] = distinct(fingerprints);
  if (whole === undefined) return [];
  const out: [Fingerprint, number][] = [0, 1, 2, 3].map((b) => [whole, b]);
  for (const passage of passages) out.push([passage, PASSAGE_STORE]);
  return out;
}

/** Distinct fingerprints: a page repeating one (a passage equal to the whole text) files it once. */
function distinct(fingerprints: readonly Fingerprint[]): Fingerprint[] {
  const seen = new Set<string>();
  return fingerprints.filter((fp) => {
    const id = `${fp.hi >>> 0}:${fp.lo >>> 0}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** What happens to one bucket: entries of `drop` pages go, `append` (packed entries) come. */
export interface BucketChange {
  drop?: Set<number>;
  append: Uint8Array;
}

/**
 * The change that files `append` again, idempotently: the bucket first loses
 * every entry of the pages `append` has entries for (filing a page writes all
 * of its entries in the bucket at once), so filing the same pages twice, e.g.
 * when an interrupted import is run again, leaves each entry once.
 */
export function refiling(change: BucketChange, b: number): BucketChange {
  const drop = new Set(change.drop);
  const view = new DataView(change.append.buffer, change.append.byteOffset, change.append.byteLength);
  for (let at = 0; at + ENTRY_BYTES <= change.append.byteLength; at += ENTRY_BYTES) drop.add(pageOfWord(view.getUint32(at), b));
  return { drop, append: change.append };
}

/** The bucket of store `b` after dropping the entries of `drop` and appending `append`; undefined when it ends up empty. */
export function rewriteBucket(bucket: Uint8Array | undefined, change: BucketChange, b: number): Uint8Array | undefined {
  const { drop, append } = change;
  // Failing the transaction is better than spreading a damaged bucket.
  if (bucket !== undefined && (!(bucket instanceof Uint8Array) || bucket.byteLength % ENTRY_BYTES !== 0)) throw new TypeError('a bucket of the block index is damaged');
  if (bucket === undefined || bucket.byteLength === 0) return append.byteLength === 0 ? undefined : append.slice();
  if (drop === undefined) {
    const out = new Uint8Array(bucket.byteLength + append.byteLength);
    out.set(bucket);
    out.set(append, bucket.byteLength);
    return out;
  }
  const out = new Uint8Array(bucket.byteLength + append.byteLength);
  let size = copyKeptEntries(bucket, b, (pageKey) => !drop.has(pageKey), out);
  out.set(append, size);
  size += append.byteLength;
  return size === 0 ? undefined : out.slice(0, size);
}

/**
 * Keys of the pages in `bucket` (filed under block `b`) that may have a
 * fingerprint within `maxDistance` of `fp`: same low bits of the block, the
 * two kept blocks within the distance — in bits, or for a passage sketch
 * (`measure`, scheme 6 on) in differing bytes (core/passages.ts passageReach) —
 * counting one more where a block0 entry's tag differs from `fp`'s.
 */
export function bucketCandidates(bucket: Bucket, fp: Fingerprint, b: number, maxDistance: number, found: Set<number>, measure: PassageMeasure = 'simhash'): void {
  const { low, rest: [x, y], tag } = bucketEntry(fp, b, 0);
  const mask = lowMask(b);
  const distance = measure === 'sketch' ? entryBytesApart : entryDistance;
  const reach = passageReach(maxDistance, measure);
  const view = new DataView(bucket.buffer, bucket.byteOffset, bucket.byteLength);
  for (let at = 0; at + ENTRY_BYTES <= bucket.byteLength; at += ENTRY_BYTES) {
    const word = view.getUint32(at);
    if ((word & mask) !== low) continue;
    const entryTagged = tagOfWord(word, b);
    const tagApart = entryTagged !== 0 && entryTagged !== tag ? 1 : 0;
    if (tagApart + distance(view, at, x, y) <= reach) found.add(pageOfWord(word, b));
  }
}

/** Hamming distance between the two blocks of an entry (at `at`) and the query's same two blocks. */
function entryDistance(view: DataView, at: number, a: number, b: number): number {
  return popcount32((view.getUint16(at + 4) ^ a) >>> 0) + popcount32((view.getUint16(at + 6) ^ b) >>> 0);
}

/** Bytes in which the two blocks of an entry differ from the query's: a sketch's distance on the four bytes an entry keeps. */
function entryBytesApart(view: DataView, at: number, a: number, b: number): number {
  return differingBytes((((view.getUint16(at + 4) ^ a) << 16) | (view.getUint16(at + 6) ^ b)) >>> 0);
}
