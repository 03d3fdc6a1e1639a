/**
 * The edit log of the block index: changes to the buckets of one
 * transaction, gathered first so each touched bucket is read and written once
 * however many pages change it (block-stores.ts applies them). Pure: no
 * IndexedDB.
 */
import { BLOCK_COUNT, fingerprintBlocks, type Fingerprint } from '../../core/fingerprint64';
import { ENTRY_BYTES, PAGE_KEY_LIMIT, copyEntry, PASSAGE_STORE, blockOf, bucketCount, bucketKey, entryWord, filings, pageOfWord, type BucketChange } from '../codec/bucket';
import { FINGERPRINT_BYTES, SeenFingerprints, packFingerprints, readUint32, sameBytes, unpackFingerprints, writeUint32 } from '../codec/fingerprints';
import { storedFingerprints, storedHeads, type StoredPage } from '../codec/stored-page';

/**
 * Additions are kept packed (a typed-array log), so an import of 100,000
 * pages costs ~13 bytes per entry, not an object per entry. `only` limits it
 * to one block store, so a large import can go store by store.
 */
export class BlockEdits {
  /** Per block store: bucket key → page ids whose entries go. */
  private readonly removals = Array.from({ length: BLOCK_COUNT }, () => new Map<number, Set<number>>());
  private keys: Uint16Array;
  private stores: Uint8Array;
  private entries: Uint8Array;
  private count = 0;
  private readonly seen = new SeenFingerprints();

  /**
   * `capacity`: the entries expected, when known (an import round's): the
   * log is sized once rather than doubled, which held up to half as much
   * again while it grew.
   */
  constructor(private readonly only?: number, capacity = 256) {
    const size = Math.max(1, capacity);
    this.keys = new Uint16Array(size);
    this.stores = new Uint8Array(size);
    this.entries = new Uint8Array(size * ENTRY_BYTES);
  }

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
  addPacked(pageId: number, packed: Uint8Array, heads?: Uint8Array): void {
    if (!Number.isInteger(pageId) || pageId < 1 || pageId >= PAGE_KEY_LIMIT) throw new RangeError(`page id ${pageId} does not fit a bucket entry`);
    const count = Math.floor(packed.byteLength / FINGERPRINT_BYTES);
    const more = heads === undefined ? 0 : Math.floor(heads.byteLength / FINGERPRINT_BYTES);
    // Edits of one store other than block0 take the whole document alone: its passages, and the checks for repeats among them, are skipped.
    const passages = this.only === undefined || this.only === PASSAGE_STORE;
    const filed = passages ? count : Math.min(count, 1);
    this.seen.begin(filed + (passages ? more : 0));
    for (let i = 0; i < filed; i++) this.fileSlot(pageId, packed, i, i === 0);
    // Chunk heads, filed as passages are (the page record keeps them after its passages: two views, not a copy).
    if (passages) for (let i = 0; i < more; i++) this.fileSlot(pageId, heads as Uint8Array, i, false);
  }

  /** addPacked of a stored page's fingerprints and chunk heads, read where the record holds them. */
  addStored(pageId: number, page: StoredPage): void {
    this.addPacked(pageId, storedFingerprints(page, pageId), storedHeads(page, pageId));
  }

  /** Files fingerprint `i` of `packed` unless the page repeats it: the whole document under all four blocks, a passage in block0 (as `filings`). */
  private fileSlot(pageId: number, packed: Uint8Array, i: number, whole: boolean): void {
    const hi = readUint32(packed, i * FINGERPRINT_BYTES);
    const lo = readUint32(packed, i * FINGERPRINT_BYTES + 4);
    if (this.seen.repeats(hi, lo)) return;
    if (whole) for (let b = 0; b < BLOCK_COUNT; b++) this.file(pageId, hi, lo, b);
    else this.file(pageId, hi, lo, PASSAGE_STORE);
  }

  /** Logs the entry of fingerprint hi:lo in block store `b`. */
  private file(pageId: number, hi: number, lo: number, b: number): void {
    if (!this.wanted(b)) return;
    this.grow();
    const block = blockOf(hi, lo, b);
    const word = entryWord(pageId, block, b, lo);
    const kept1 = blockOf(hi, lo, (b + 1) % 4);
    const kept2 = blockOf(hi, lo, (b + 2) % 4);
    const entries = this.entries;
    const at = this.count * ENTRY_BYTES;
    writeUint32(entries, at, word);
    entries[at + 4] = kept1 >>> 8;
    entries[at + 5] = kept1 & 0xff;
    entries[at + 6] = kept2 >>> 8;
    entries[at + 7] = kept2 & 0xff;
    this.keys[this.count] = bucketKey(block, b);
    this.stores[this.count] = b;
    this.count++;
  }

  /**
   * The page's entries move from the fingerprints `before` to `after` (packed
   * as a page record holds them), and stay as they are when those are the
   * same: a page read again as it was (most visits, a newer export of the same
   * history) would otherwise have every bucket it lies in rewritten.
   */
  replacePacked(pageId: number, before: Uint8Array, after: Uint8Array): void {
    if (sameBytes(before, after)) return;
    this.remove(pageId, unpackFingerprints(before));
    this.addPacked(pageId, after);
  }

  replace(pageId: number, before: readonly Fingerprint[], after: readonly Fingerprint[]): void {
    this.replacePacked(pageId, packFingerprints(before), packFingerprints(after));
  }

  /** Keys are recomputed from the page's own fingerprints, so no reverse index by page is needed. */
  remove(pageId: number, fingerprints: readonly Fingerprint[]): void {
    for (const [fp, b] of filings(fingerprints)) {
      if (!this.wanted(b)) continue;
      const byKey = this.removals[b] as Map<number, Set<number>>;
      const key = bucketKey(fingerprintBlocks(fp)[b] as number, b);
      const ids = byKey.get(key) ?? new Set<number>();
      ids.add(pageId);
      byKey.set(key, ids);
    }
  }

  /** The pages whose entries these edits add or remove, read off the log: only small edits (a visit's, a batch's) ask. */
  pages(): Set<number> {
    const pages = new Set<number>();
    for (let i = 0; i < this.count; i++) pages.add(pageOfWord(readUint32(this.entries, i * ENTRY_BYTES), this.stores[i] as number));
    for (const byKey of this.removals) for (const ids of byKey.values()) for (const id of ids) pages.add(id);
    return pages;
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
    const buckets = bucketCount(b);
    const counts = new Uint32Array(buckets + 1);
    for (let i = 0; i < this.count; i++) if (this.stores[i] === b) (counts[(this.keys[i] as number) + 1] as number)++;
    for (let k = 1; k <= buckets; k++) counts[k] = (counts[k] as number) + (counts[k - 1] as number);
    const total = counts[buckets] as number;
    const grouped = new Uint8Array(total * ENTRY_BYTES);
    const next = counts.slice(0, buckets);
    for (let i = 0; i < this.count; i++) {
      if (this.stores[i] !== b) continue;
      const slot = (next[this.keys[i] as number] as number);
      next[this.keys[i] as number] = slot + 1;
      copyEntry(this.entries, i * ENTRY_BYTES, grouped, slot * ENTRY_BYTES);
    }
    const removals = this.removals[b] as Map<number, Set<number>>;
    const out: [number, BucketChange][] = [];
    for (let key = 0; key < buckets; key++) {
      const from = counts[key] as number;
      const to = counts[key + 1] as number;
      const drop = removals.get(key);
      if (from === to && drop === undefined) continue;
      out.push([key, { ...(drop === undefined ? {} : { drop }), append: grouped.subarray(from * ENTRY_BYTES, to * ENTRY_BYTES) }]);
    }
    return out;
  }
}
