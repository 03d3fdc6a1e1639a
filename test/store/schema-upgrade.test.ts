import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, test } from 'vitest';
import { DB_NAME, DB_VERSION, openHistory } from '../../src/store';
import { buildV1Database, V1_PAGES } from './fixtures/v1-database';
import { indexProblems } from '../support/history-invariants';
import { dumpDatabase, freshHistory, pageInput, rawOpen } from './helpers';

describe('schema', () => {
  test('a new database is "deja-lu" with the pages store, its indexes and four block stores', async () => {
    const factory = new IDBFactory();
    (await openHistory({ indexedDB: factory })).close();
    const db = await rawOpen(factory, DB_NAME);
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual(['block0', 'block1', 'block2', 'block3', 'pages']);
    const pages = db.transaction('pages').objectStore('pages');
    expect(pages.keyPath).toBe('id');
    expect(pages.autoIncrement).toBe(true);
    expect([...pages.indexNames].sort()).toEqual(['lastVisit', 'site', 'url']);
    expect(pages.index('url').unique).toBe(true);
    db.close();
  });

  test('a connection closes itself when a newer version is opened elsewhere', async () => {
    const { factory, name } = await freshHistory();
    const upgrade = factory.open(name, DB_VERSION + 1);
    await new Promise((resolve, reject) => { upgrade.onsuccess = resolve; upgrade.onerror = reject; upgrade.onblocked = () => reject(new Error('blocked')); });
    upgrade.result.close();
  });
});

/**
 * A database as each released version of Déjà Lu left it, built with raw
 * IndexedDB calls. Bumping DB_VERSION means adding the version it replaces here.
 */
const RELEASED_DATABASES: Record<number, (factory: IDBFactory, name: string) => Promise<void>> = { 1: buildV1Database };

describe('fixture databases', () => {
  test('there is one for every released schema version', () => {
    expect(Object.keys(RELEASED_DATABASES).map(Number)).toEqual(Array.from({ length: DB_VERSION }, (_, i) => i + 1));
  });

  test.each(Object.entries(RELEASED_DATABASES))('version %s opens with the current code and keeps the index whole', async (version, build) => {
    const factory = new IDBFactory();
    await build(factory, `v${version}`);
    const history = await openHistory({ indexedDB: factory, name: `v${version}` });
    history.close();
    expect(indexProblems(await dumpDatabase(factory, `v${version}`))).toEqual([]);
  });

  test('a database left by a newer version (after a downgrade) is refused, not rewritten', async () => {
    const factory = new IDBFactory();
    await buildV1Database(factory, 'newer');
    const bump = factory.open('newer', DB_VERSION + 1);
    await new Promise((resolve, reject) => { bump.onsuccess = resolve; bump.onerror = reject; });
    bump.result.close();
    const before = await dumpDatabase(factory, 'newer');
    await expect(openHistory({ indexedDB: factory, name: 'newer' })).rejects.toMatchObject({ name: 'VersionError' });
    expect(await dumpDatabase(factory, 'newer')).toEqual(before);
  });
});

describe('opening a version-1 database with the current code', () => {
  async function openV1() {
    const factory = new IDBFactory();
    await buildV1Database(factory, 'v1');
    return openHistory({ indexedDB: factory, name: 'v1', now: () => Date.UTC(2024, 5, 1) });
  }

  test('keeps every record as it was', async () => {
    const history = await openV1();
    expect(await history.count()).toBe(V1_PAGES.length);
    for (const page of V1_PAGES) expect(await history.get(page.id)).toEqual(page);
  });

  test('keeps the indexes and the block index working', async () => {
    const history = await openV1();
    expect((await history.getByUrl('https://news.example.cn/a'))?.id).toBe(2);
    expect((await history.list()).pages.map((p) => p.id)).toEqual([5, 1, 2]);
    expect((await history.query('aaaaaaaa55555554', 0)).map((m) => [m.page.id, m.slot, m.distance])).toEqual([[5, 1, 0]]);
    expect((await history.query('00ff00ff00ff00fe', 3)).map((m) => [m.page.id, m.slot])).toEqual([[1, 1]]);
    expect(await history.deleteSite('example.com')).toBe(1);
    expect(await history.query('00ff00ff00ff00ff', 3)).toEqual([]);
  });

  test('new visits get fresh ids and update existing pages in place', async () => {
    const history = await openV1();
    const updated = await history.recordVisit(pageInput({ url: 'https://example.com/first', fingerprint: '0123456789abcdef' }));
    expect(updated).toMatchObject({ id: 1, visitCount: 4, firstVisit: Date.UTC(2024, 0, 1) });
    const added = await history.recordVisit(pageInput({ url: 'https://example.com/new' }));
    expect(added.id).toBeGreaterThan(5);
  });
});
