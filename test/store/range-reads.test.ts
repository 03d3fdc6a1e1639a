import { afterEach, describe, expect, test, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { openHistory } from '../../src/store';
import { openHistoryDatabase } from '../../src/store/open';
import { readRange } from '../../src/store/range-reads';
import { pageInput } from './helpers';

/**
 * getAllRecords as Chromium 141+ has it, for fake-indexeddb's stores (which lack it): one
 * request answering keys and values together. Built on a real request of the store (so idb
 * can wait for it): its values are paired with the keys of a request made just before, which
 * completes first, before anyone else hears of its success.
 */
function withGetAllRecords(): { calls: number } {
  const seen = { calls: 0 };
  const storeProto = (globalThis as unknown as { IDBObjectStore: { prototype: Record<string, unknown> } }).IDBObjectStore.prototype;
  storeProto.getAllRecords = function (this: IDBObjectStore, { query, count }: { query: IDBKeyRange; count?: number }) {
    seen.calls += 1;
    const keys = this.getAllKeys(query, count);
    const request = this.getAll(query, count) as IDBRequest<unknown>;
    request.addEventListener('success', () => {
      const values = request.result as unknown[];
      (request as { result: unknown }).result = keys.result.map((key, i) => ({ key, primaryKey: key, value: values[i] }));
    });
    return request;
  };
  return seen;
}

afterEach(() => {
  delete (globalThis as unknown as { IDBObjectStore: { prototype: Record<string, unknown> } }).IDBObjectStore.prototype.getAllRecords;
  vi.restoreAllMocks();
});

async function historyOf(pages: number): Promise<IDBFactory> {
  const factory = new IDBFactory();
  const history = await openHistory({ indexedDB: factory, name: 'deja-lu' });
  for (let i = 0; i < pages; i++) await history.recordVisit(pageInput({ url: `https://example.com/${i}`, fingerprint: (0x1000 + i).toString(16).padStart(16, '0') }));
  history.close();
  return factory;
}

describe('readRange', () => {
  test.each([
    ['every page', undefined],
    ['the first three', 3],
    ['more than there are', 50],
  ])('%s: the same keys and pages with getAllRecords (one request) and without (keys and values apart)', async (_name, count) => {
    const factory = await historyOf(7);
    const db = await openHistoryDatabase(factory, 'deja-lu');
    const read = () => readRange(db.transaction('pages').store, IDBKeyRange.lowerBound(-Infinity), count);
    const apart = await read();
    const seen = withGetAllRecords();
    const together = await read();
    db.close();
    expect(seen.calls).toBe(1);
    expect(together).toEqual(apart);
    expect(apart.keys).toHaveLength(Math.min(7, count ?? 7));
    expect(apart.keys).toEqual([...apart.keys].sort((a, b) => a - b));
    expect(apart.pages.map((page) => page.u)).toHaveLength(apart.keys.length);
  });
});
