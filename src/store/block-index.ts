/**
 * The four block stores: a whole-document fingerprint is filed under each of
 * its four 16-bit blocks. Two fingerprints within Hamming distance 3 differ in
 * at most three blocks, so they share at least one (pigeonhole): looking up
 * the query's four blocks finds every such fingerprint. A passage is filed
 * under its first block only, in block0, and matches only passages and pages
 * that agree on that block (core/passages.ts, passagesMatch): 4 entries per
 * passage were a third of a page's bytes.
 *
 * Each block store holds one bucket per value of the block's top
 * BUCKET_KEY_BITS bits: the key is that value, the record a packed array of
 * ENTRY_BYTES-byte entries, each the page key with the block's low bits, and
 * the next two blocks of the fingerprint. A lookup is four exact key reads
 * and a distance check on 48 of the 64 bits; the page record, which the
 * caller reads for every match anyway, settles the rest (a random entry
 * passes the 48-bit check with p ≈ 1.3 × 10⁻⁶). A page's entries cost no
 * IndexedDB record of their own, and a bulk write touches at most
 * 4 × 4,096 records, however many pages it brings.
 */
import type { IDBPObjectStore, IDBPTransaction } from 'idb';
import { fingerprintBlocks, fingerprintFromHex, type Blocks, type Fingerprint } from '../core/fingerprint64';
import { popcount32 } from '../core/hamming';
import { BLOCK_STORES } from './block-stores';
import type { Bucket, HistorySchema } from './schema';

type BlockStores = (typeof BLOCK_STORES)[number];
type ReadTx = IDBPTransaction<HistorySchema, ('pages' | BlockStores)[], IDBTransactionMode>;
type WriteTx = IDBPTransaction<HistorySchema, ('pages' | BlockStores)[], 'readwrite'>;

/**
 * Bits of a block that key its bucket; the other LOW_BITS go into the entry.
 * 16 bits gave 65,536 buckets per store, and a bulk write touching most of
 * them cost ~0.15 ms per put in Chromium here: ~40 s of the 100,000-page
 * import. With 12, a million pages make buckets of ~2.5 kB (block0, which
 * also holds the passages: ~20 kB), still one read each.
 */
export const BUCKET_KEY_BITS = 12;
const LOW_BITS = 16 - BUCKET_KEY_BITS;
const LOW_MASK = (1 << LOW_BITS) - 1;
/** Buckets per block store. */
export const BUCKETS = 1 << BUCKET_KEY_BITS;
/**
 * (page key × 2^LOW_BITS + the block's low bits) as uint32, then the next two
 * 16-bit blocks (b + 1, b + 2 mod 4), big-endian. The third block was 2 more
 * bytes per entry (24 per page) for a check the page record makes anyway.
 */
export const ENTRY_BYTES = 8;
/** Bytes of one fingerprint in a page's packed fingerprints. */
export const FINGERPRINT_BYTES = 8;
/** Page keys must fit the entry's first word beside the block's low bits. */
const PAGE_KEY_LIMIT = 2 ** (32 - LOW_BITS);
/** The block store (block0) that also files passages, under their first block. */
const PASSAGE_STORE = 0;

/** The bucket a block value is filed in. */
export function bucketKey(block: number): number {
  return block >>> LOW_BITS;
}

/** The fingerprints packed big-endian, 8 bytes each, in slot order (0 = whole document). */
export function packFingerprints(fingerprints: readonly Fingerprint[]): Uint8Array {
  const bytes = new Uint8Array(fingerprints.length * FINGERPRINT_BYTES);
  fingerprints.forEach((fp, i) => writeFingerprint(bytes, i * FINGERPRINT_BYTES, fp));
  return bytes;
}

export function unpackFingerprints(bytes: Uint8Array): Fingerprint[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: Fingerprint[] = [];
  for (let at = 0; at + FINGERPRINT_BYTES <= bytes.byteLength; at += FINGERPRINT_BYTES) out.push({ hi: view.getUint32(at), lo: view.getUint32(at + 4) });
  return out;
}

/** Two lower-case hex digits per byte value. */
const HEX_BYTES = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** Fingerprint `i` of packed fingerprints as fingerprintToHex writes it, read byte by byte (no objects). */
function hexAt(bytes: Uint8Array, i: number): string {
  const at = i * FINGERPRINT_BYTES;
  let hex = '';
  for (let k = at; k < at + FINGERPRINT_BYTES; k++) hex += HEX_BYTES[bytes[k] as number] as string;
  return hex;
}

/**
 * Slot 0 and the passages as hex, for the page's public shape: once per page
 * exported, read from the packed bytes (a million-page export spent ~6 s
 * making a Fingerprint and two number strings per fingerprint).
 */
export function fingerprintsToHex(bytes: Uint8Array): { fingerprint: string; passages: string[] } {
  const count = Math.floor(bytes.byteLength / FINGERPRINT_BYTES);
  const passages: string[] = [];
  for (let i = 1; i < count; i++) passages.push(hexAt(bytes, i));
  return { fingerprint: count > 0 ? hexAt(bytes, 0) : '', passages };
}

/** packFingerprints of the whole-document fingerprint and the passages given as hex, written without objects between (once per imported page). */
export function fingerprintsFromHex(fingerprint: string, passages: readonly string[]): Uint8Array {
  const bytes = new Uint8Array((1 + passages.length) * FINGERPRINT_BYTES);
  writeFingerprint(bytes, 0, fingerprintFromHex(fingerprint));
  passages.forEach((hex, i) => writeFingerprint(bytes, (i + 1) * FINGERPRINT_BYTES, fingerprintFromHex(hex)));
  return bytes;
}

function writeFingerprint(bytes: Uint8Array, at: number, fp: Fingerprint): void {
  writeUint32(bytes, at, fp.hi);
  writeUint32(bytes, at + 4, fp.lo);
}

function writeUint32(bytes: Uint8Array, at: number, value: number): void {
  bytes[at] = value >>> 24;
  bytes[at + 1] = (value >>> 16) & 0xff;
  bytes[at + 2] = (value >>> 8) & 0xff;
  bytes[at + 3] = value & 0xff;
}

/** A bucket entry as numbers: the page, the filed block's low bits, and blocks b + 1 and b + 2 (mod 4). */
export interface BucketEntry {
  pageId: number;
  low: number;
  rest: [number, number];
}

/** The blocks an entry of block store `b` keeps besides its own. */
function keptBlocks(blocks: Blocks, b: number): [number, number] {
  return [blocks[(b + 1) % 4] as number, blocks[(b + 2) % 4] as number];
}

/** Block `b` of the fingerprint hi:lo, as fingerprintBlocks gives it, without the array. */
function blockOf(hi: number, lo: number, b: number): number {
  const half = b < 2 ? hi : lo;
  return b % 2 === 0 ? half >>> 16 : half & 0xffff;
}

function readUint32(bytes: Uint8Array, at: number): number {
  return (((bytes[at] as number) << 24) | ((bytes[at + 1] as number) << 16) | ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number)) >>> 0;
}

/** Whether fingerprint `i` of packed fingerprints, hi:lo, equals an earlier one (`distinct` below, without strings). */
function repeatsEarlier(packed: Uint8Array, i: number, hi: number, lo: number): boolean {
  for (let j = 0; j < i; j++) {
    if (readUint32(packed, j * FINGERPRINT_BYTES) === hi && readUint32(packed, j * FINGERPRINT_BYTES + 4) === lo) return true;
  }
  return false;
}

export function decodeBucket(bucket: Uint8Array): BucketEntry[] {
  const view = new DataView(bucket.buffer, bucket.byteOffset, bucket.byteLength);
  const out: BucketEntry[] = [];
  for (let at = 0; at + ENTRY_BYTES <= bucket.byteLength; at += ENTRY_BYTES) {
    const word = view.getUint32(at);
    out.push({ pageId: word >>> LOW_BITS, low: word & LOW_MASK, rest: [view.getUint16(at + 4), view.getUint16(at + 6)] });
  }
  return out;
}

/** The entry of `fp` in block store `blockIndex`, as written in a bucket. */
export function bucketEntry(fp: Fingerprint, blockIndex: number, pageId: number): BucketEntry {
  const blocks = fingerprintBlocks(fp);
  return { pageId, low: (blocks[blockIndex] as number) & LOW_MASK, rest: keptBlocks(blocks, blockIndex) };
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
 * Changes to the buckets of one transaction, gathered first so each touched
 * bucket is read and written once however many pages change it. Additions
 * are kept packed (a typed-array log), so an import of 100,000 pages costs
 * ~13 bytes per entry, not an object per entry. `only` limits it to one
 * block store, so a large import can go store by store.
 */
export class BlockEdits {
  /** Per block store: bucket key → page ids whose entries go. */
  private readonly removals = BLOCK_STORES.map(() => new Map<number, Set<number>>());
  private keys = new Uint16Array(256);
  private stores = new Uint8Array(256);
  private entries = new Uint8Array(256 * ENTRY_BYTES);
  private count = 0;

  constructor(private readonly only?: number) {}

  private wanted(blockIndex: number): boolean {
    return this.only === undefined || this.only === blockIndex;
  }

  add(pageId: number, fingerprints: readonly Fingerprint[]): void {
    this.addPacked(pageId, packFingerprints(fingerprints));
  }

  /**
   * `add` of fingerprints packed as a page record holds them (packFingerprints),
   * read where they lie: `filings` made arrays, a Set and strings per page,
   * ~0.7 s of a 100,000-page import's edits (Node), where this takes ~0.1 s.
   */
  addPacked(pageId: number, packed: Uint8Array): void {
    if (!Number.isInteger(pageId) || pageId < 1 || pageId >= PAGE_KEY_LIMIT) throw new RangeError(`page id ${pageId} does not fit a bucket entry`);
    const count = Math.floor(packed.byteLength / FINGERPRINT_BYTES);
    for (let i = 0; i < count; i++) {
      const hi = readUint32(packed, i * FINGERPRINT_BYTES);
      const lo = readUint32(packed, i * FINGERPRINT_BYTES + 4);
      if (repeatsEarlier(packed, i, hi, lo)) continue;
      // As `filings`: the whole document under all four blocks, a passage in block0.
      if (i === 0) for (let b = 0; b < BLOCK_STORES.length; b++) this.file(pageId, hi, lo, b);
      else this.file(pageId, hi, lo, PASSAGE_STORE);
    }
  }

  /** Logs the entry of fingerprint hi:lo in block store `b`. */
  private file(pageId: number, hi: number, lo: number, b: number): void {
    if (!this.wanted(b)) return;
    this.grow();
    const block = blockOf(hi, lo, b);
    const word = pageId * (LOW_MASK + 1) + (block & LOW_MASK);
    const kept1 = blockOf(hi, lo, (b + 1) % 4);
    const kept2 = blockOf(hi, lo, (b + 2) % 4);
    const entries = this.entries;
    const at = this.count * ENTRY_BYTES;
    writeUint32(entries, at, word);
    entries[at + 4] = kept1 >>> 8;
    entries[at + 5] = kept1 & 0xff;
    entries[at + 6] = kept2 >>> 8;
    entries[at + 7] = kept2 & 0xff;
    this.keys[this.count] = bucketKey(block);
    this.stores[this.count] = b;
    this.count++;
  }

  /** Keys are recomputed from the page's own fingerprints, so no reverse index by page is needed. */
  remove(pageId: number, fingerprints: readonly Fingerprint[]): void {
    for (const [fp, b] of filings(fingerprints)) {
      if (!this.wanted(b)) continue;
      const byKey = this.removals[b] as Map<number, Set<number>>;
      const key = bucketKey(fingerprintBlocks(fp)[b] as number);
      const ids = byKey.get(key) ?? new Set<number>();
      ids.add(pageId);
      byKey.set(key, ids);
    }
  }

  private grow(): void {
    if (this.count < this.keys.length) return;
    const keys = new Uint16Array(this.keys.length * 2);
    keys.set(this.keys);
    const stores = new Uint8Array(this.stores.length * 2);
    stores.set(this.stores);
    const entries = new Uint8Array(this.entries.length * 2);
    entries.set(this.entries);
    this.keys = keys;
    this.stores = stores;
    this.entries = entries;
  }

  /** Touched buckets of block store `b`, in key order; additions grouped by key with a counting sort. */
  changes(b: number): [number, BucketChange][] {
    const counts = new Uint32Array(BUCKETS + 1);
    for (let i = 0; i < this.count; i++) if (this.stores[i] === b) (counts[(this.keys[i] as number) + 1] as number)++;
    for (let k = 1; k <= BUCKETS; k++) counts[k] = (counts[k] as number) + (counts[k - 1] as number);
    const total = counts[BUCKETS] as number;
    const grouped = new Uint8Array(total * ENTRY_BYTES);
    const next = counts.slice(0, BUCKETS);
    for (let i = 0; i < this.count; i++) {
      if (this.stores[i] !== b) continue;
      const slot = (next[this.keys[i] as number] as number);
      next[this.keys[i] as number] = slot + 1;
      grouped.set(this.entries.subarray(i * ENTRY_BYTES, (i + 1) * ENTRY_BYTES), slot * ENTRY_BYTES);
    }
    const removals = this.removals[b] as Map<number, Set<number>>;
    const out: [number, BucketChange][] = [];
    for (let key = 0; key < BUCKETS; key++) {
      const from = counts[key] as number;
      const to = counts[key + 1] as number;
      const drop = removals.get(key);
      if (from === to && drop === undefined) continue;
      out.push([key, { ...(drop === undefined ? {} : { drop }), append: grouped.subarray(from * ENTRY_BYTES, to * ENTRY_BYTES) }]);
    }
    return out;
  }
}

/** The bucket after dropping the entries of `drop` and appending `append`; undefined when it ends up empty. */
export function rewriteBucket(bucket: Uint8Array | undefined, change: BucketChange): Uint8Array | undefined {
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
  const view = new DataView(bucket.buffer, bucket.byteOffset, bucket.byteLength);
  let size = 0;
  for (let at = 0; at + ENTRY_BYTES <= bucket.byteLength; at += ENTRY_BYTES) {
    if (drop.has(view.getUint32(at) >>> LOW_BITS)) continue;
    out.set(bucket.subarray(at, at + ENTRY_BYTES), size);
    size += ENTRY_BYTES;
  }
  out.set(append, size);
  size += append.byteLength;
  return size === 0 ? undefined : out.slice(0, size);
}

/**
 * The requests `issue` makes, in order. A request can fail before it exists
 * (a browser may throw QuotaExceededError from `put` itself): then the ones
 * already issued get a handler before the error goes on, since they will
 * fail too once the caller aborts the transaction, and nobody else awaits them.
 */
export function collectRequests(issue: (request: (pending: Promise<unknown>) => void) => void): Promise<unknown>[] {
  const requests: Promise<unknown>[] = [];
  try {
    issue((pending) => requests.push(pending));
  } catch (error) {
    for (const pending of requests) pending.catch(() => undefined);
    throw error;
  }
  return requests;
}

/**
 * Touched buckets above this many in one store are read by key range
 * (getAll + getAllKeys over RANGE_KEYS keys: two requests instead of one per
 * bucket); each request costs ~0.1 ms in Chromium whatever it carries, so a
 * bulk write touching most of the 4,096 buckets saves most of its reads.
 */
const DENSE_CHANGES = 256;
/** Keys per range read: at a million pages ≤ 5 MB of buckets (block0), the most a bulk write holds at a time. */
const RANGE_KEYS = 256;

type BucketStore = IDBPObjectStore<HistorySchema, ('pages' | BlockStores)[], BlockStores, 'readwrite'>;

function writeBucket(store: BucketStore, key: number, bucket: Bucket | undefined, change: BucketChange, request: (pending: Promise<unknown>) => void): void {
  const next = rewriteBucket(bucket, change);
  if (next !== undefined) request(store.put(next, key));
  else if (bucket !== undefined) request(store.delete(key));
}

/** Reads each touched bucket of the stores `edits` covers once, rewrites it, and writes it back (or deletes it when empty). */
export async function applyBlockEdits(tx: WriteTx, edits: BlockEdits, stores: readonly number[] = [0, 1, 2, 3]): Promise<void> {
  await Promise.all(stores.map(async (b) => {
    const store = tx.objectStore(BLOCK_STORES[b] as BlockStores);
    const changes = edits.changes(b);
    if (changes.length <= DENSE_CHANGES) {
      const buckets = await Promise.all(collectRequests((request) => changes.forEach(([key]) => request(store.get(key))))) as (Bucket | undefined)[];
      await Promise.all(collectRequests((request) => changes.forEach(([key, change], i) => writeBucket(store, key, buckets[i], change, request))));
      return;
    }
    let next = 0;
    for (let low = 0; low < BUCKETS && next < changes.length; low += RANGE_KEYS) {
      const end = changes.findIndex(([key], i) => i >= next && key >= low + RANGE_KEYS);
      const part = changes.slice(next, end === -1 ? changes.length : end);
      next += part.length;
      if (part.length === 0) continue;
      const range = IDBKeyRange.bound(low, low + RANGE_KEYS - 1);
      const [keys, values] = await Promise.all([store.getAllKeys(range), store.getAll(range)]);
      const byKey = new Map<number, Bucket>(keys.map((key, i) => [key, values[i] as Bucket]));
      // Awaited range by range, so at most one range of buckets is held.
      await Promise.all(collectRequests((request) => part.forEach(([key, change]) => writeBucket(store, key, byKey.get(key), change, request))));
    }
  }));
}

/** Hamming distance between the two blocks of an entry (at `at`) and the query's same two blocks. */
function entryDistance(view: DataView, at: number, a: number, b: number): number {
  return popcount32((view.getUint16(at + 4) ^ a) >>> 0) + popcount32((view.getUint16(at + 6) ^ b) >>> 0);
}

/**
 * Keys of the pages that may have a fingerprint within `maxDistance` (≤ 3)
 * of each query, filed under one of its blocks: its four buckets, read once
 * per distinct key however many queries share it, filtered on the entries
 * (same low bits of the block, the two kept blocks within the distance). A
 * superset: the caller measures the full distance on the page's record.
 */
export async function lookupBlocks(tx: ReadTx, queries: readonly Fingerprint[], maxDistance: number): Promise<Set<number>[]> {
  const wanted = BLOCK_STORES.map(() => new Map<number, Promise<Bucket | undefined>>());
  const blocks = queries.map(fingerprintBlocks);
  blocks.forEach((qb) => BLOCK_STORES.forEach((name, b) => {
    const key = bucketKey(qb[b] as number);
    const byKey = wanted[b] as Map<number, Promise<Bucket | undefined>>;
    if (!byKey.has(key)) byKey.set(key, tx.objectStore(name).get(key));
  }));
  return Promise.all(queries.map(async (fp, q) => {
    const found = new Set<number>();
    await Promise.all(BLOCK_STORES.map(async (_, b) => {
      const block = (blocks[q] as Blocks)[b] as number;
      const bucket = await (wanted[b] as Map<number, Promise<Bucket | undefined>>).get(bucketKey(block));
      if (bucket === undefined) return;
      const { low, rest: [x, y] } = bucketEntry(fp, b, 0);
      const view = new DataView(bucket.buffer, bucket.byteOffset, bucket.byteLength);
      for (let at = 0; at + ENTRY_BYTES <= bucket.byteLength; at += ENTRY_BYTES) {
        const word = view.getUint32(at);
        if ((word & LOW_MASK) === low && entryDistance(view, at, x, y) <= maxDistance) found.add(word >>> LOW_BITS);
      }
    }));
    return found;
  }));
}

/**
 * Files the fingerprints of pages new to the block stores (`ids[i]` with the
 * packed `fingerprints[i]`), store by store, so that only one store's entries
 * are held at a time: for bulk writes and the version-1 upgrade.
 */
export async function indexNewPages(tx: WriteTx, ids: readonly number[], fingerprints: readonly Uint8Array[]): Promise<void> {
  for (let b = 0; b < BLOCK_STORES.length; b++) {
    const edits = new BlockEdits(b);
    ids.forEach((id, i) => edits.addPacked(id, fingerprints[i] as Uint8Array));
    await applyBlockEdits(tx, edits, [b]);
  }
}
