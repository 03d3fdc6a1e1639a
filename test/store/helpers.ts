/** Shared set-up for the store specifications: isolated databases, dumps, seeded randomness. */
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { expect } from 'vitest';
import type { Fingerprint } from '../../src/core/fingerprint64';
import { openHistory, type History, type PageInput } from '../../src/store';
import { pagesOfDump } from '../support/history-invariants';

export const T0 = Date.UTC(2024, 4, 1, 12);

/** A clock the test moves by hand. */
export function manualClock(start = T0): { now: () => number; advance: (ms: number) => void } {
  let time = start;
  return { now: () => time, advance: (ms) => { time += ms; } };
}

/** Every test gets its own factory, so databases never leak between tests. */
export async function freshHistory(now: () => number = () => T0): Promise<{ history: History; factory: IDBFactory; name: string }> {
  const factory = new IDBFactory();
  const name = 'deja-lu';
  const history = await openHistory({ indexedDB: factory, name, now });
  return { history, factory, name };
}

export function rawOpen(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

export const STORE_NAMES = ['groups', 'block0', 'block1', 'block2', 'block3'] as const;

export interface StoreDump {
  keys: IDBValidKey[];
  values: unknown[];
}

/**
 * Every key and value of the history's stores, read through a separate raw
 * connection; from version 8 on also `pages`, the groups' members by key
 * (pagesOfDump), so specifications read pages whatever the layout.
 */
export async function dumpDatabase(factory: IDBFactory, name: string): Promise<Record<string, StoreDump>> {
  const db = await rawOpen(factory, name);
  try {
    const names = [...db.objectStoreNames];
    const tx = db.transaction(names, 'readonly');
    const entries = await Promise.all(names.map(async (store) => {
      const objectStore = tx.objectStore(store);
      const [keys, values] = await Promise.all([requestResult(objectStore.getAllKeys()), requestResult(objectStore.getAll())]);
      return [store, { keys, values }] as const;
    }));
    const dump: Record<string, StoreDump> = Object.fromEntries(entries);
    if (dump.groups !== undefined) dump.pages = pagesOfDump(dump);
    return dump;
  } finally {
    db.close();
  }
}

/**
 * `dump` as a version-12 history would hold it: the groups without the keys
 * of the user's own articles (`a`) that version 13 adds (upgrade-v13.test.ts),
 * so that an older upgrade's test compares with what its version wrote.
 */
export function beforeOwnArticleKeys<T extends Record<string, StoreDump>>(dump: T): T {
  const groups = dump.groups;
  if (groups === undefined) return dump;
  const values = groups.values.map((value) => {
    const rest = { ...(value as Record<string, unknown>) };
    delete rest.a;
    return rest;
  });
  return { ...dump, groups: { keys: groups.keys, values } };
}

/** Opening the history refuses to upgrade database `name` (at `version`): the open fails, and the version and every record stay as they were. */
export async function expectUpgradeRefused(factory: IDBFactory, name: string, version: number): Promise<void> {
  const before = await dumpDatabase(factory, name);
  await expect(openHistory({ indexedDB: factory, name })).rejects.toThrow();
  const db = await rawOpen(factory, name);
  expect(db.version).toBe(version);
  db.close();
  expect(await dumpDatabase(factory, name)).toEqual(before);
}

/** Writes raw entries, bypassing the History API (to inject faults or build states by hand). */
export async function rawPut(factory: IDBFactory, name: string, store: string, value: unknown, key?: IDBValidKey): Promise<void> {
  const db = await rawOpen(factory, name);
  try {
    const tx = db.transaction(store, 'readwrite');
    await requestResult(tx.objectStore(store).put(value, key));
  } finally {
    db.close();
  }
}

export async function rawClear(factory: IDBFactory, name: string, stores: readonly string[]): Promise<void> {
  const db = await rawOpen(factory, name);
  try {
    const tx = db.transaction([...stores], 'readwrite');
    await Promise.all(stores.map((store) => requestResult(tx.objectStore(store).clear())));
  } finally {
    db.close();
  }
}

export { seededRandom } from '../../bench/lib/seeded-random';

export function randomFingerprint(random: () => number): Fingerprint {
  return { hi: Math.floor(random() * 0x100000000) >>> 0, lo: Math.floor(random() * 0x100000000) >>> 0 };
}

export function flipBit(fp: Fingerprint, bit: number): Fingerprint {
  return bit < 32 ? { hi: fp.hi, lo: (fp.lo ^ (1 << bit)) >>> 0 } : { hi: (fp.hi ^ (1 << (bit - 32))) >>> 0, lo: fp.lo };
}

/** `fp` with `count` distinct random bits flipped, optionally only among `bits`. */
export function flipRandomBits(fp: Fingerprint, count: number, random: () => number, bits?: readonly number[]): Fingerprint {
  const pool = [...(bits ?? Array.from({ length: 64 }, (_, i) => i))];
  let result = fp;
  for (let i = 0; i < count; i++) {
    const [bit] = pool.splice(Math.floor(random() * pool.length), 1);
    result = flipBit(result, bit as number);
  }
  return result;
}

export function pageInput(overrides: Partial<PageInput> = {}): PageInput {
  return {
    url: 'https://example.com/article',
    title: 'An article',
    site: 'example.com',
    excerpt: 'The first words of the article.',
    textLength: 4000,
    cjkChars: 0,
    words: 700,
    fingerprint: '0123456789abcdef',
    ...overrides,
  };
}

/** The text of chunks given as strings, or as UTF-8 bytes (History.exportJson). */
export async function collect(chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of chunks) text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/**
 * Makes the `failAt`-th write request (add, put or delete, counted across
 * all stores) throw QuotaExceededError, as a browser does when the disk is
 * full; later requests go through again, and so do those made while
 * `uncounted()` holds (another writer, not the one under test). Returns
 * the undo.
 */
export function failNthWrite(failAt: number, uncounted: () => boolean = () => false): () => void {
  const methods = ['add', 'put', 'delete'] as const;
  const originals = methods.map((method) => IDBObjectStore.prototype[method]);
  let calls = 0;
  methods.forEach((method, i) => {
    const original = originals[i] as (...args: unknown[]) => unknown;
    IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: unknown[]) {
      if (!uncounted()) {
        calls += 1;
        if (calls === failAt) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return original.apply(this, args);
    } as never;
  });
  return () => methods.forEach((method, i) => {
    IDBObjectStore.prototype[method] = originals[i] as never;
  });
}
