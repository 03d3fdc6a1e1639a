/**
 * PageTable's contract: what every store path relies on from the one layer
 * that knows how pages sit in IndexedDB. A new layout (decisions/0068's
 * groups) has to pass this unchanged.
 */
import { describe, expect, test, vi } from 'vitest';
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { SLOTS_PER_HASH, urlHash } from '../../src/store/codec/page-key';
import { GROUP_SHIFT } from '../../src/store/codec/page-group';
import { encodePage, type StoredPage } from '../../src/store/codec/stored-page';
import { inTransaction } from '../../src/store/errors';
import { openHistoryDatabase } from '../../src/store/open';
import { PAGE_STORES, PageTable, type RangeRead } from '../../src/store/page-table';
import type { NewPage } from '../../src/store/page';
import { ALL_STORES, type HistoryDatabase } from '../../src/store/schema';
import { openHistory } from '../../src/store';
import { T0, pageInput } from './helpers';

function newPage(url: string, lastVisit: number, scheme: NewPage['scheme'] = 6): NewPage {
  return {
    url, title: `Title of ${url}`, site: 'example.com', excerpt: 'Words.', textLength: 4000,
    fingerprint: '0123456789abcdef', passages: [], scheme, cjkChars: 0, words: 700,
    firstVisit: lastVisit, lastVisit, visitCount: 1, source: 'visit',
  };
}

async function database(): Promise<HistoryDatabase> {
  return openHistoryDatabase(new IDBFactory(), 'deja-lu');
}

/** Writes `pages` through one table, each under a new key of its URL; their keys in order. */
async function write(db: HistoryDatabase, pages: readonly NewPage[]): Promise<number[]> {
  const tx = db.transaction(PAGE_STORES, 'readwrite');
  const table = new PageTable(tx);
  const keys: number[] = [];
  for (const page of pages) {
    const key = await table.newKey(page.url);
    table.add(key, encodePage(page));
    keys.push(key);
  }
  await table.flush();
  await tx.done;
  return keys;
}

async function read<T>(db: HistoryDatabase, work: (table: PageTable) => Promise<T>): Promise<T> {
  const tx = db.transaction(PAGE_STORES, 'readonly');
  const result = await work(new PageTable(tx));
  await tx.done;
  return result;
}

/** Writes a page under each of `keys` (chosen by the test, not by URL) through one table. */
async function writeUnder(db: HistoryDatabase, keys: readonly number[]): Promise<void> {
  const tx = db.transaction(PAGE_STORES, 'readwrite');
  const table = new PageTable(tx);
  keys.forEach((key, i) => table.add(key, encodePage(newPage(`https://example.com/${i}`, T0))));
  await table.flush();
  await tx.done;
}

/** `n` page keys of group `group`, in key order. */
const groupMembers = (group: number, n: number): number[] => Array.from({ length: n }, (_, i) => (group << GROUP_SHIFT) + 16 * (i + 1));

/** Every read of a walk of the whole store, `atLeast` pages asked for each time, as History's walks go. */
async function walk(table: PageTable, atLeast: number): Promise<RangeRead[]> {
  const batches: RangeRead[] = [];
  for (let after = -Infinity; ;) {
    const batch = await table.readAfter(after, atLeast);
    batches.push(batch);
    if (batch.keys.length < atLeast) return batches;
    after = batch.keys[batch.keys.length - 1] as number;
  }
}

const urls = Array.from({ length: 12 }, (_, i) => `https://example.com/article/${i}`);

describe('PageTable', () => {
  test('a page added under its new key is found by key, by URL, by `holds` and counted', async () => {
    const db = await database();
    const keys = await write(db, urls.map((url, i) => newPage(url, T0 + i)));
    expect(keys.map((key) => Math.floor(key / SLOTS_PER_HASH))).toEqual(urls.map(urlHash));
    await read(db, async (table) => {
      expect(await table.count()).toBe(urls.length);
      expect((await table.get(keys[3] as number))?.u).toBe(urls[3]);
      expect(await table.findByUrl(urls[5] as string)).toMatchObject({ key: keys[5], page: { u: urls[5] } });
      expect(await table.findByUrl('https://example.com/never-read')).toBeUndefined();
      expect(await table.holds([keys[0] as number, (keys[0] as number) + 1])).toEqual([true, false]);
      expect((await table.getMany([keys[1] as number, 7, keys[2] as number])).map((page) => page?.u)).toEqual([urls[1], undefined, urls[2]]);
    });
  });

  test('a URL sharing a stored hash takes the next free slot of that hash', async () => {
    // Two URLs on one 24-bit hash, found by search.
    const [first, second] = ['https://example.com/p/37', 'https://example.com/p/4435'] as const;
    expect(urlHash(first)).toBe(urlHash(second));
    const db = await database();
    const keys = await write(db, [newPage(first, T0), newPage(second, T0)]);
    expect(keys).toEqual([urlHash(first) * SLOTS_PER_HASH, urlHash(first) * SLOTS_PER_HASH + 1]);
    await read(db, async (table) => {
      expect((await table.findByUrl(second))?.key).toBe(keys[1]);
      const slots = await table.slots([urlHash(first)]);
      expect(slots.get(urlHash(first))).toMatchObject({ keys, values: [{ u: first }, { u: second }] });
    });
  });

  test('adding under a key that holds a page fails the transaction with ConstraintError', async () => {
    const db = await database();
    const [key] = await write(db, [newPage(urls[0] as string, T0)]);
    const tx = db.transaction(PAGE_STORES, 'readwrite');
    const adding = inTransaction(tx, async () => {
      const table = new PageTable(tx);
      table.add(key as number, encodePage(newPage(urls[1] as string, T0)));
      await table.flush();
    });
    await expect(adding).rejects.toMatchObject({ name: 'ConstraintError' });
    await read(db, async (table) => expect((await table.get(key as number))?.u).toBe(urls[0]));
  });

  test('put replaces and delete removes, by key', async () => {
    const db = await database();
    const keys = await write(db, urls.slice(0, 3).map((url) => newPage(url, T0)));
    const tx = db.transaction(PAGE_STORES, 'readwrite');
    const table = new PageTable(tx);
    table.put(keys[0] as number, encodePage({ ...newPage(urls[0] as string, T0), title: 'Renamed' }));
    table.delete(keys[1] as number);
    await table.flush();
    await tx.done;
    await read(db, async (table) => {
      expect((await table.get(keys[0] as number))?.t).toBe('Renamed');
      expect(await table.get(keys[1] as number)).toBeUndefined();
      expect(await table.count()).toBe(2);
    });
  });

  test.each([
    ['newest first, from the start', true, 0, 4],
    ['newest first, a later page', true, 5, 4],
    ['oldest first', false, 2, 3],
    ['past the end', true, 11, 10],
  ])('byLastVisit: %s', async (_name, newestFirst, offset, limit) => {
    const db = await database();
    // Visit times out of key order, with a tie.
    const visits = urls.map((_, i) => T0 + ((i * 7) % 12) * 1000 + (i === 4 ? 1000 : 0));
    const keys = await write(db, urls.map((url, i) => newPage(url, visits[i] as number)));
    const expected = keys.map((key, i) => ({ key, visit: visits[i] as number }))
      .sort((a, b) => (newestFirst ? -1 : 1) * (a.visit - b.visit || a.key - b.key))
      .slice(offset, offset + limit);
    const listed = await read(db, (table) => table.byLastVisit(newestFirst, offset, limit));
    expect(listed.map(([key, page]) => [key, page.v])).toEqual(expected.map(({ key, visit }) => [key, visit]));
  });

  test('readAfter walks every page in key order, whole groups until at least the count asked for', async () => {
    const db = await database();
    const keys = await write(db, urls.map((url) => newPage(url, T0)));
    const batches = await read(db, (table) => walk(table, 5));
    for (const { keys: batch, pages } of batches) expect(pages.map((page: StoredPage) => page.u)).toHaveLength(batch.length);
    expect(batches.flatMap((batch) => batch.keys)).toEqual([...keys].sort((a, b) => a - b));
  });

  test('readAfter never cuts a group: a read ends where a group does, so the next read starts at the next group', async () => {
    const db = await database();
    await writeUnder(db, [...groupMembers(5, 7), ...groupMembers(9, 4), ...groupMembers(10, 3)]);
    const reads = await read(db, async (table) => {
      // Two pages asked for: the first request brings two groups (one page a group is all it can assume), both returned whole.
      const first = await table.readAfter(-Infinity, 2);
      const second = await table.readAfter(first.keys[first.keys.length - 1] as number, 2);
      const third = await table.readAfter(second.keys[second.keys.length - 1] as number, 2);
      return [first, second, third].map((batch) => batch.keys);
    });
    expect(reads).toEqual([[...groupMembers(5, 7), ...groupMembers(9, 4)], groupMembers(10, 3), []]);
  });

  test('a walk of the whole store reads each group once, and again only the group a read starts in', async () => {
    const db = await database();
    const sizes: [number, number][] = [[5, 7], [9, 4], [10, 3], [20, 6], [31, 9]];
    const keys = sizes.flatMap(([group, n]) => groupMembers(group, n));
    await writeUnder(db, keys);
    // Group records handed back by the store's bulk reads, whichever of the two the store has.
    let delivered = 0;
    const prototype = IDBObjectStore.prototype as unknown as Record<string, (this: IDBObjectStore, ...args: unknown[]) => IDBRequest<unknown[]>>;
    const spies = ['getAll', 'getAllRecords'].filter((method) => typeof prototype[method] === 'function').map((method) => {
      const original = prototype[method] as (this: IDBObjectStore, ...args: unknown[]) => IDBRequest<unknown[]>;
      return vi.spyOn(prototype, method).mockImplementation(function (this: IDBObjectStore, ...args: unknown[]) {
        const request = original.apply(this, args);
        if (this.name === 'groups') request.addEventListener('success', () => { delivered += request.result.length; });
        return request;
      });
    });
    let batches: RangeRead[];
    try {
      batches = await read(db, (table) => walk(table, 5));
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
    expect(batches.flatMap((batch) => batch.keys)).toEqual(keys);
    // Before whole requests were returned: 16 group records for 5 groups in 5 reads.
    expect(delivered).toBeLessThanOrEqual(sizes.length + batches.length);
  });

  test('takenHashes marks every stored hash and no other, from the block index', async () => {
    const factory = new IDBFactory();
    const history = await openHistory({ indexedDB: factory, name: 'deja-lu' });
    for (const [i, url] of urls.entries()) await history.recordVisit(pageInput({ url, fingerprint: (0x1000 + i).toString(16).padStart(16, '0') }));
    history.close();
    const db = await openHistoryDatabase(factory, 'deja-lu');
    const tx = db.transaction(ALL_STORES, 'readonly');
    const taken = await new PageTable(tx).takenHashes();
    for (const url of urls) expect(taken.has(urlHash(url))).toBe(true);
    expect(taken.countIn(0, 2 ** 24 - 1)).toBe(urls.length);
  });

  test('a write is seen by reads of the same transaction before it is flushed, and by none after an abort', async () => {
    const db = await database();
    const [key] = await write(db, [newPage(urls[0] as string, T0)]);
    const tx = db.transaction(PAGE_STORES, 'readwrite');
    const table = new PageTable(tx);
    table.delete(key as number);
    const added = await table.newKey(urls[1] as string);
    table.add(added, encodePage(newPage(urls[1] as string, T0)));
    expect(await table.get(key as number)).toBeUndefined();
    expect((await table.findByUrl(urls[1] as string))?.key).toBe(added);
    expect((await table.readAfter(-Infinity, 10)).keys).toEqual([added]);
    tx.abort();
    await tx.done.catch(() => undefined);
    await read(db, async (table) => {
      expect((await table.get(key as number))?.u).toBe(urls[0]);
      expect(await table.get(added)).toBeUndefined();
    });
  });

  test('schemesBelow lists each older scheme some page records, once', async () => {
    const db = await database();
    await write(db, urls.map((url, i) => newPage(url, T0, ([2, 6, 4, 6, 2] as const)[i % 5])));
    expect(await read(db, (table) => table.schemesBelow(6))).toEqual([2, 4]);
  });
});
