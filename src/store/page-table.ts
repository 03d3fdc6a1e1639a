/**
 * The stored pages of one transaction: every read and write of a page goes
 * through a PageTable, so how pages are laid out in IndexedDB is known in
 * this file alone. Since version 8 they are kept in groups
 * (codec/page-group.ts, decisions/0068): the pages whose keys share their
 * top bits, one record of columns each.
 *
 * A group read in the transaction is kept for the table's life, so the
 * pages of one group cost one read however many are asked for. Writes are
 * queued without waiting and applied to their group when it is next read;
 * `flush` writes every changed group once, and must be awaited before the
 * transaction's work ends. A failed write (a key already taken by `add`)
 * fails the flush, which aborts the transaction (errors.ts inTransaction).
 */
import { unwrap, wrap, type IDBPObjectStore, type IDBPTransaction, type StoreNames } from 'idb';
import { checkGroup, encodeGroup, groupOf, memberAt, memberCount, memberIndex, memberKey, membersOf, type PageGroup } from './codec/page-group';
import { SLOTS_PER_HASH, TakenHashes, URL_HASH_BITS, freeKey, urlHash } from './codec/page-key';
import { forEachPageKey } from './codec/bucket';
import type { StoredPage } from './codec/stored-page';
import type { HistorySchema } from './schema';

/** The store names a transaction needs to read or write pages (with the block stores for writes that file entries). */
export const PAGE_STORES = ['groups', 'groupSizes'] as const;
/**
 * The block store whose buckets list every page key once (a page files its
 * whole fingerprint under each block, and block1 holds no passages):
 * what `takenHashes` reads, ~8 bytes a page instead of the pages.
 */
const KEY_LIST_STORE = 'block1';
export const KEY_LIST_BLOCK = 1;
/** Groups read at most per request of a range read: ~250 pages each at a million pages. */
const MAX_GROUPS_PER_READ = 16;

/** Stored pages of a range, in key order, with their keys. */
export interface RangeRead {
  keys: number[];
  pages: StoredPage[];
}

/** The pages stored in one URL hash's slots, with their keys. */
export interface Slot {
  keys: number[];
  values: StoredPage[];
}

type AnyTx<M extends IDBTransactionMode> = IDBPTransaction<HistorySchema, ArrayLike<StoreNames<HistorySchema>>, M>;
type GroupsStore = IDBPObjectStore<HistorySchema, ArrayLike<StoreNames<HistorySchema>>, 'groups', IDBTransactionMode>;

/** A write queued for a group, applied in order once the group is read. */
type Write = (members: Map<number, StoredPage>) => void;

/** A group as this table knows it: as read, and its members once written to. */
interface GroupState {
  read: PageGroup | undefined;
  members: Map<number, StoredPage> | undefined;
}

/** The part of IDBObjectStore that getAllRecords adds (Chromium 141 and later; not yet in TypeScript's DOM types). */
interface RecordsStore {
  getAllRecords(options: { query: IDBKeyRange; count?: number }): IDBRequest<{ key: IDBValidKey; value: unknown }[]>;
}

function hasGetAllRecords(store: IDBObjectStore): store is IDBObjectStore & RecordsStore {
  return typeof (store as Partial<RecordsStore>).getAllRecords === 'function';
}

function constraintError(key: number): DOMException {
  return new DOMException(`a page is already stored under key ${key}`, 'ConstraintError');
}

export class PageTable<M extends IDBTransactionMode = IDBTransactionMode> {
  private readonly store: GroupsStore;
  /** Groups read in this transaction, as read. */
  private readonly reads = new Map<number, Promise<PageGroup | undefined>>();
  /** Members of the groups written to, with every write applied so far. */
  private readonly written = new Map<number, Map<number, StoredPage>>();
  /** Writes not yet applied, by group. */
  private readonly queued = new Map<number, Write[]>();
  /** Groups with writes not yet flushed. */
  private readonly changed = new Set<number>();

  /** The pages of `tx`, which must have been opened on PAGE_STORES (and maybe more). */
  constructor(private readonly tx: AnyTx<M>) {
    this.store = tx.objectStore('groups') as unknown as GroupsStore;
  }

  private read(group: number): Promise<PageGroup | undefined> {
    let read = this.reads.get(group);
    if (read === undefined) {
      read = this.store.get(group).then((value) => (value === undefined ? undefined : checkGroup(value, group)));
      this.reads.set(group, read);
    }
    return read;
  }

  /** Group `group`, read once, with the writes queued for it applied. */
  private async state(group: number): Promise<GroupState> {
    const read = await this.read(group);
    const queued = this.queued.get(group);
    if (queued !== undefined && queued.length > 0) {
      let members = this.written.get(group);
      if (members === undefined) this.written.set(group, members = new Map(read === undefined ? [] : membersOf(read)));
      for (const write of queued.splice(0)) write(members);
    }
    return { read, members: this.written.get(group) };
  }

  /** The page under `key` in a group's state. */
  private static pageIn(state: GroupState, key: number): StoredPage | undefined {
    if (state.members !== undefined) return state.members.get(key);
    if (state.read === undefined) return undefined;
    const i = memberIndex(state.read, key);
    return i === -1 ? undefined : memberAt(state.read, i);
  }

  /** The pages of a group's state with keys from `low` to `high`, in key order. */
  private static pagesIn(state: GroupState, low: number, high: number, into: RangeRead): void {
    if (state.members !== undefined) {
      const keys = [...state.members.keys()].filter((key) => key >= low && key <= high).sort((a, b) => a - b);
      for (const key of keys) {
        into.keys.push(key);
        into.pages.push(state.members.get(key) as StoredPage);
      }
      return;
    }
    const group = state.read;
    if (group === undefined) return;
    for (let i = 0; i < memberCount(group); i++) {
      const key = memberKey(group, i);
      if (key >= low && key <= high) {
        into.keys.push(key);
        into.pages.push(memberAt(group, i));
      }
    }
  }

  async get(key: number): Promise<StoredPage | undefined> {
    return PageTable.pageIn(await this.state(groupOf(key)), key);
  }

  /** The stored pages of `keys`, in their order (undefined where none is stored). */
  getMany(keys: readonly number[]): Promise<(StoredPage | undefined)[]> {
    return Promise.all(keys.map((key) => this.get(key)));
  }

  /** The pages stored under `keys`, with their keys, in their order; keys holding none are left out. */
  async present(keys: readonly number[]): Promise<[number, StoredPage][]> {
    const pages = await this.getMany(keys);
    return keys.flatMap((key, i) => (pages[i] === undefined ? [] : [[key, pages[i] as StoredPage]]));
  }

  /** Which of `keys` hold a page, in their order. */
  async holds(keys: readonly number[]): Promise<boolean[]> {
    return (await this.getMany(keys)).map((page) => page !== undefined);
  }

  /** Pages stored, as the transaction began (writes not yet flushed are not counted): the groups' sizes summed. */
  async count(): Promise<number> {
    const sizes = await this.tx.objectStore('groupSizes').getAll();
    return sizes.reduce((sum, size) => sum + size, 0);
  }

  /** The pages stored in `url`'s hash slots, with their keys. */
  private async slotOf(hash: number): Promise<Slot> {
    const base = hash * SLOTS_PER_HASH;
    const read: RangeRead = { keys: [], pages: [] };
    PageTable.pagesIn(await this.state(groupOf(base)), base, base + SLOTS_PER_HASH - 1, read);
    return { keys: read.keys, values: read.pages };
  }

  /** The stored page of `url` with its key, read from the hash's slots. */
  async findByUrl(url: string): Promise<{ key: number; page: StoredPage } | undefined> {
    const slot = await this.slotOf(urlHash(url));
    const at = slot.values.findIndex((page) => page.u === url);
    return at === -1 ? undefined : { key: slot.keys[at] as number, page: slot.values[at] as StoredPage };
  }

  /** A key for a URL not yet stored. */
  async newKey(url: string): Promise<number> {
    return freeKey(url, (await this.slotOf(urlHash(url))).keys);
  }

  /**
   * The stored pages with keys above `after`, in key order with their keys,
   * whole groups at a time until there are at least `atLeast` (fewer only
   * when no page is left): a group is read once however the reads are cut.
   * Groups are read several a request, as many as the pages still wanted
   * need at the group size seen so far, and every group a request brought is
   * returned: the size is not known before the first request, which at a
   * million pages (~250 a group) brings 16 groups for 500 pages, and a walk
   * that kept only the groups it needed read every group ~8 times (a search
   * of the History page took 35 s). Only groups this table already holds
   * are kept.
   */
  async readAfter(after: number, atLeast: number): Promise<RangeRead> {
    const low = Math.max(0, Math.floor(after) + 1);
    const out: RangeRead = { keys: [], pages: [] };
    const last = groupOf(2 ** URL_HASH_BITS * SLOTS_PER_HASH - 1);
    let perGroup = 1;
    for (let next = groupOf(low); next <= last && out.keys.length < atLeast;) {
      const wanted = Math.min(MAX_GROUPS_PER_READ, Math.max(1, Math.ceil((atLeast - out.keys.length) / perGroup)));
      const { keys, values } = await this.readGroups(IDBKeyRange.bound(next, last), wanted);
      const end = keys.length < wanted ? last : keys[keys.length - 1] as number;
      const inSpan = new Set(keys);
      for (const group of this.written.keys()) if (group >= next && group <= end) inSpan.add(group);
      for (const group of this.queued.keys()) if (group >= next && group <= end) inSpan.add(group);
      const before = out.keys.length;
      for (const group of [...inSpan].sort((a, b) => a - b)) {
        const at = keys.indexOf(group);
        // A group this table has not read is not kept: an export reads them all.
        const state = this.reads.has(group) || at === -1
          ? await this.state(group)
          : { read: checkGroup(values[at], group), members: undefined };
        PageTable.pagesIn(state, low, Infinity, out);
      }
      perGroup = Math.max(1, (out.keys.length - before) / Math.max(1, inSpan.size));
      next = end + 1;
    }
    return out;
  }

  /** Up to `count` group records in `range` with their keys: one request where the browser has getAllRecords. */
  private async readGroups(range: IDBKeyRange, count: number): Promise<{ keys: number[]; values: unknown[] }> {
    const native = unwrap(this.store) as IDBObjectStore;
    if (hasGetAllRecords(native)) {
      const records = await wrap(native.getAllRecords({ query: range, count }));
      return { keys: records.map((record) => record.key as number), values: records.map((record) => record.value) };
    }
    const [keys, values] = await Promise.all([this.store.getAllKeys(range, count), this.store.getAll(range, count)]);
    return { keys: keys as number[], values };
  }

  /** The stored pages in the slots of `hashes`, by hash: each hash's group read once. */
  async slots(hashes: readonly number[]): Promise<Map<number, Slot>> {
    const slots = await Promise.all(hashes.map((hash) => this.slotOf(hash)));
    const byHash = new Map<number, Slot>();
    hashes.forEach((hash, i) => {
      const slot = slots[i] as Slot;
      if (slot.keys.length > 0) byHash.set(hash, slot);
    });
    return byHash;
  }

  /**
   * Marks the hash of every stored page, from the block1 buckets (the
   * transaction must have block1 too): every page files its whole
   * fingerprint there once. A hint: a hash marked without a page only costs
   * a read of its slots; `add` refuses a key that holds a page.
   */
  async takenHashes(): Promise<TakenHashes> {
    const taken = new TakenHashes();
    const buckets = await this.tx.objectStore(KEY_LIST_STORE).getAll();
    for (const bucket of buckets) forEachPageKey(bucket, KEY_LIST_BLOCK, (key) => taken.mark(Math.floor(key / SLOTS_PER_HASH)));
    return taken;
  }

  /**
   * Up to `limit` pages by last visit (newest first, or oldest), after
   * skipping `offset`, with their keys: the lastVisit index's entries
   * (one per page) walked, their groups read once each.
   */
  async byLastVisit(newestFirst: boolean, offset: number, limit: number): Promise<[number, StoredPage][]> {
    const keys: number[] = [];
    let cursor = await this.store.index('lastVisit').openKeyCursor(null, newestFirst ? 'prev' : 'next');
    if (cursor !== null && offset > 0) cursor = await cursor.advance(offset);
    while (cursor !== null && keys.length < limit) {
      keys.push((cursor.key as [number, number])[1]);
      cursor = await cursor.continue();
    }
    return this.present(keys);
  }

  /** The keys of the user's own articles (the groups' `author` index), ascending. */
  async authorKeys(): Promise<number[]> {
    const keys: number[] = [];
    for (let cursor = await this.store.index('author').openKeyCursor(); cursor !== null; cursor = await cursor.continue()) keys.push(cursor.key);
    return keys;
  }

  /** The distinct schemes below `scheme` that some page records, ascending: one index step each. */
  async schemesBelow(scheme: number): Promise<number[]> {
    const schemes: number[] = [];
    let cursor = await this.store.index('scheme').openKeyCursor(IDBKeyRange.upperBound(scheme, true), 'nextunique');
    while (cursor !== null) {
      schemes.push(cursor.key as number);
      cursor = await cursor.continue();
    }
    return schemes;
  }

  /** Queues a write to `key`'s group, applied when the group is next read. */
  private queue(key: number, write: Write): void {
    const group = groupOf(key);
    this.changed.add(group);
    const queued = this.queued.get(group);
    if (queued === undefined) this.queued.set(group, [write]);
    else queued.push(write);
  }

  /** Adds a page under a free `key`; a page already there fails the flush with ConstraintError. */
  add(this: PageTable<'readwrite'>, key: number, page: StoredPage): void {
    this.queue(key, (members) => {
      if (members.has(key)) throw constraintError(key);
      members.set(key, page);
    });
  }

  put(this: PageTable<'readwrite'>, key: number, page: StoredPage): void {
    this.queue(key, (members) => { members.set(key, page); });
  }

  delete(this: PageTable<'readwrite'>, key: number): void {
    this.queue(key, (members) => { members.delete(key); });
  }

  /** Writes every group changed since the last flush, once each (a group left empty is deleted). */
  async flush(this: PageTable<'readwrite'>): Promise<void> {
    const groups = [...this.changed].sort((a, b) => a - b);
    this.changed.clear();
    const states = await Promise.all(groups.map((group) => this.state(group)));
    const raw = unwrap(this.store) as IDBObjectStore;
    const sizes = unwrap(this.tx.objectStore('groupSizes')) as IDBObjectStore;
    groups.forEach((group, i) => {
      const state = states[i] as GroupState;
      const members = [...(state.members ?? [])].sort(([a], [b]) => a - b);
      if (members.length === 0) {
        if (state.read !== undefined) {
          raw.delete(group);
          sizes.delete(group);
        }
      } else {
        raw.put(encodeGroup(members), group);
        // Only when it changed: a group rewritten in place (a visit) keeps its size.
        if (members.length !== (state.read === undefined ? 0 : memberCount(state.read))) sizes.put(members.length, group);
      }
    });
  }
}
