/**
 * The stored pages of one transaction: every read and write of a page record
 * goes through a PageTable, so how pages are laid out in IndexedDB is known
 * in this file alone (a record a page, keyed by URL, codec/page-key.ts; the
 * grouped layout of decisions/0068 replaces only what is below).
 * Writes are bare requests: a failed one aborts the transaction, which
 * `inTransaction` reports (errors.ts).
 */
import { unwrap } from 'idb';
import { SLOTS_PER_HASH, TakenHashes, freeKey, urlHash } from './codec/page-key';
import type { StoredPage } from './codec/stored-page';
import { readRange, type RangeRead } from './range-reads';
import { windowsOfHashes, type Slot } from './slot-reads';
import type { HistorySchema, PagesStore } from './schema';
import type { IDBPTransaction, StoreNames } from 'idb';

/** The store names a transaction needs to read or write pages (with the block stores for writes that file entries). */
export const PAGE_STORES = ['pages'] as const;

/** Keys per read when walking every key (takenHashes): ~40 kB a read, few round trips. */
const KEY_BATCH = 10_000;

type AnyTx<M extends IDBTransactionMode> = IDBPTransaction<HistorySchema, ArrayLike<StoreNames<HistorySchema>>, M>;

export function urlKeyRange(url: string): IDBKeyRange {
  const base = urlHash(url) * SLOTS_PER_HASH;
  return IDBKeyRange.bound(base, base + SLOTS_PER_HASH - 1);
}

export class PageTable<M extends IDBTransactionMode = IDBTransactionMode> {
  private readonly store: PagesStore<M>;

  /** The pages of `tx`, which must have been opened on PAGE_STORES (and maybe more). */
  constructor(tx: AnyTx<M>) {
    this.store = tx.objectStore('pages') as PagesStore<M>;
  }

  get(key: number): Promise<StoredPage | undefined> {
    return this.store.get(key);
  }

  /** The stored pages of `keys`, in their order (undefined where none is stored). */
  getMany(keys: readonly number[]): Promise<(StoredPage | undefined)[]> {
    return Promise.all(keys.map((key) => this.store.get(key)));
  }

  /** Which of `keys` hold a page, in their order. */
  async holds(keys: readonly number[]): Promise<boolean[]> {
    const held = await Promise.all(keys.map((key) => this.store.getKey(key)));
    return held.map((key) => key !== undefined);
  }

  count(): Promise<number> {
    return this.store.count();
  }

  /** The stored page of `url` with its key, read from the hash's slots. */
  async findByUrl(url: string): Promise<{ key: number; page: StoredPage } | undefined> {
    let cursor = await this.store.openCursor(urlKeyRange(url));
    while (cursor !== null) {
      if (cursor.value.u === url) return { key: cursor.primaryKey, page: cursor.value };
      cursor = await cursor.continue();
    }
    return undefined;
  }

  /** A key for a URL not yet stored. */
  async newKey(url: string): Promise<number> {
    return freeKey(url, await this.store.getAllKeys(urlKeyRange(url)));
  }

  /** Up to `count` (all when undefined) stored pages in `range`, in key order, with their keys. */
  readRange(range: IDBKeyRange, count?: number): Promise<RangeRead> {
    return readRange(this.store, range, count);
  }

  /** Up to `count` stored pages with keys above `after`, in key order. */
  readAfter(after: number, count: number): Promise<RangeRead> {
    return this.readRange(IDBKeyRange.lowerBound(after, true), count);
  }

  /**
   * The stored pages in the slots of `hashes` (sorted, distinct), by hash,
   * read a window of neighbouring hashes at a time (slot-reads.ts).
   */
  async slots(hashes: readonly number[], taken: TakenHashes): Promise<Map<number, Slot>> {
    const reads = await Promise.all(windowsOfHashes(hashes, taken).map(([from, to]) =>
      this.readRange(IDBKeyRange.bound(from * SLOTS_PER_HASH, to * SLOTS_PER_HASH + SLOTS_PER_HASH - 1))));
    const slots = new Map<number, Slot>();
    for (const { keys, pages } of reads) {
      keys.forEach((key, i) => {
        const hash = Math.floor(key / SLOTS_PER_HASH);
        const slot = slots.get(hash) ?? { keys: [], values: [] };
        slot.keys.push(key);
        slot.values.push(pages[i] as StoredPage);
        slots.set(hash, slot);
      });
    }
    return slots;
  }

  /** Marks the hash of every stored key, reading keys only, a batch at a time. */
  async takenHashes(batch = KEY_BATCH): Promise<TakenHashes> {
    const taken = new TakenHashes();
    let after = -Infinity;
    for (;;) {
      const keys = await this.store.getAllKeys(IDBKeyRange.lowerBound(after, true), batch);
      for (const key of keys) taken.mark(Math.floor(key / SLOTS_PER_HASH));
      const last = keys[keys.length - 1];
      if (last === undefined || keys.length < batch) return taken;
      after = last;
    }
  }

  /**
   * Up to `limit` pages by last visit (newest first, or oldest), after
   * skipping `offset`, with their keys: the lastVisit index walked, whatever
   * the history's size.
   */
  async byLastVisit(newestFirst: boolean, offset: number, limit: number): Promise<[number, StoredPage][]> {
    const pages: [number, StoredPage][] = [];
    let cursor = await this.store.index('lastVisit').openCursor(null, newestFirst ? 'prev' : 'next');
    if (cursor !== null && offset > 0) cursor = await cursor.advance(offset);
    while (cursor !== null && pages.length < limit) {
      pages.push([cursor.primaryKey, cursor.value]);
      cursor = await cursor.continue();
    }
    return pages;
  }

  /** The distinct schemes below `scheme` that some page records, ascending: one index step each. */
  async schemesBelow(scheme: number): Promise<number[]> {
    const schemes: number[] = [];
    let cursor = await this.store.index('scheme').openKeyCursor(IDBKeyRange.upperBound(scheme, true), 'nextunique');
    while (cursor !== null) {
      schemes.push(cursor.key);
      cursor = await cursor.continue();
    }
    return schemes;
  }

  /** Adds a page under a free `key`; a page already there makes the transaction fail with ConstraintError. */
  add(this: PageTable<'readwrite'>, key: number, page: StoredPage): void {
    unwrap(this.store).add(page, key);
  }

  put(this: PageTable<'readwrite'>, key: number, page: StoredPage): void {
    unwrap(this.store).put(page, key);
  }

  delete(this: PageTable<'readwrite'>, key: number): void {
    unwrap(this.store).delete(key);
  }
}
