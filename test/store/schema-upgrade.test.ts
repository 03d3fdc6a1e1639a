import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, test } from 'vitest';
import { DB_NAME, DB_VERSION, openHistory } from '../../src/store';
import { buildV1Database, V1_PAGES } from './fixtures/v1-database';
import { buildV2Database } from './fixtures/v2-database';
import { buildV3Database } from './fixtures/v3-database';
import { buildV4Database } from './fixtures/v4-database';
import { buildV5Database } from './fixtures/v5-database';
import { buildV6Database } from './fixtures/v6-database';
import { buildV7Database } from './fixtures/v7-database';
import { buildV8Database } from './fixtures/v8-database';
import { buildV9Database } from './fixtures/v9-database';
import { buildV10Database } from './fixtures/v10-database';
import { buildV11Database } from './fixtures/v11-database';
import { buildV12Database } from './fixtures/v12-database';
import { buildV13Database } from './fixtures/v13-database';
import { indexProblems } from '../support/history-invariants';
import { fingerprintFromHex, fingerprintToHex } from '../../src/core/fingerprint64';
import { hammingDistance } from '../../src/core/hamming';
import type { Page as PageRecord } from '../../src/store';
import { dumpDatabase, expectUpgradeRefused, flipRandomBits, freshHistory, pageInput, randomFingerprint, rawOpen, rawPut, seededRandom, T0 } from './helpers';

describe('schema', () => {
  test('a new database is "deja-lu" with the groups store (keys from URLs\' top bits, three multiEntry indexes) and their sizes, four block stores, the import\'s runs and the imports\' receipts', async () => {
    const factory = new IDBFactory();
    (await openHistory({ indexedDB: factory })).close();
    const db = await rawOpen(factory, DB_NAME);
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual(['block0', 'block1', 'block2', 'block3', 'groupSizes', 'groups', 'imports', 'runs']);
    const groups = db.transaction('groups').objectStore('groups');
    expect(groups.keyPath).toBeNull();
    expect(groups.autoIncrement).toBe(false);
    expect([...groups.indexNames].sort()).toEqual(['author', 'lastVisit', 'scheme']);
    expect([groups.index('author').keyPath, groups.index('author').multiEntry]).toEqual(['a', true]);
    expect([groups.index('lastVisit').keyPath, groups.index('lastVisit').multiEntry]).toEqual(['w', true]);
    expect([groups.index('scheme').keyPath, groups.index('scheme').multiEntry]).toEqual(['o', true]);
    db.close();
  });

  test('version 4 drops the staging store of versions 2–3 with what an interrupted import left in it, and keeps the pages', async () => {
    const factory = new IDBFactory();
    await buildV3Database(factory, 'v3');
    await rawPut(factory, 'v3', 'staging', { pages: [{ u: 'https://example.com/staged' }] }, [1, 0]);
    const history = await openHistory({ indexedDB: factory, name: 'v3' });
    expect(await history.count()).toBe(V1_PAGES.length);
    expect(await history.getByUrl('https://example.com/staged')).toBeUndefined();
    history.close();
    const db = await rawOpen(factory, 'v3');
    expect([...db.objectStoreNames]).not.toContain('staging');
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
const RELEASED_DATABASES: Record<number, (factory: IDBFactory, name: string) => Promise<unknown>> = { 1: buildV1Database, 2: buildV2Database, 3: buildV3Database, 4: buildV4Database, 5: buildV5Database, 6: buildV6Database, 7: buildV7Database, 8: buildV8Database, 9: buildV9Database, 10: buildV10Database, 11: buildV11Database, 12: buildV12Database, 13: buildV13Database };

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

/** The fixture pages as the current code shows them: the same, under the key their URL gives. */
async function byUrl(history: Awaited<ReturnType<typeof openHistory>>, url: string): Promise<PageRecord | undefined> {
  return history.getByUrl(url);
}

describe.each([[1, buildV1Database], [2, buildV2Database], [3, buildV3Database], [4, buildV4Database], [5, buildV5Database], [6, buildV6Database], [7, buildV7Database]] as const)('opening the version-%i fixture with the current code', (_version, build) => {
  async function openFixture() {
    const factory = new IDBFactory();
    await build(factory, 'old');
    return openHistory({ indexedDB: factory, name: 'old', now: () => Date.UTC(2024, 5, 1) });
  }

  test('keeps every record as it was (ids become keys made from the URL)', async () => {
    const history = await openFixture();
    expect(await history.count()).toBe(V1_PAGES.length);
    for (const page of V1_PAGES) {
      const stored = await byUrl(history, page.url);
      // Every page stored before schemes existed was signed in scheme 1.
      expect(stored).toEqual({ ...page, scheme: 1, id: stored?.id });
      expect(await history.get(stored?.id as number)).toEqual(stored);
    }
  });

  test('knows that its pages, Latin script and CJK, were signed in scheme 1, so new pages are also signed in it', async () => {
    const history = await openFixture();
    expect(await history.olderSchemes()).toEqual([1]);
    for (const page of V1_PAGES) await history.delete((await byUrl(history, page.url))?.id as number);
    expect(await history.olderSchemes()).toEqual([]);
  });

  test('keeps the last-visit order and the block index working', async () => {
    const history = await openFixture();
    expect((await history.list()).pages.map((p) => p.url)).toEqual(['https://me.example/essay', 'https://example.com/first', 'https://news.example.cn/a']);
    expect((await history.query('aaaaaaaa55555554', 0)).map((m) => [m.page.url, m.slot, m.distance])).toEqual([['https://me.example/essay', 1, 0]]);
    expect((await history.query('00ff00ff00ff00fe', 3)).map((m) => [m.page.url, m.slot])).toEqual([['https://example.com/first', 1]]);
    expect(await history.deletePages(await history.pageIdsOfSites((site) => site === 'example.com'))).toBe(1);
    expect(await history.query('00ff00ff00ff00ff', 3)).toEqual([]);
  });

  test('new visits get new keys and update existing pages in place', async () => {
    const history = await openFixture();
    const before = await byUrl(history, 'https://example.com/first');
    const updated = await history.recordVisit(pageInput({ url: 'https://example.com/first', fingerprint: '0123456789abcdef' }));
    expect(updated).toMatchObject({ id: before?.id, visitCount: 4, firstVisit: Date.UTC(2024, 0, 1) });
    const added = await history.recordVisit(pageInput({ url: 'https://example.com/new' }));
    const keys = await Promise.all(V1_PAGES.map(async (page) => (await byUrl(history, page.url))?.id));
    expect(keys).not.toContain(added.id);
    expect(await history.count()).toBe(V1_PAGES.length + 1);
  });
});

describe('upgrading a version-5 history to 6', () => {
  test('indexes the scheme of every page, Latin-script pages of scheme 2 included, from the record\'s own flags', async () => {
    const [latin, , cjk] = V1_PAGES;
    const factory = new IDBFactory();
    await buildV5Database(factory, 'v5', [{ ...latin!, scheme: 2 }, { ...cjk!, scheme: 2 }]);
    const history = await openHistory({ indexedDB: factory, name: 'v5' });
    expect((await history.list()).pages.map((p) => [p.url, p.scheme]).sort()).toEqual([[latin!.url, 2], [cjk!.url, 2]]);
    expect(await history.olderSchemes()).toEqual([2]);
    await history.delete((await history.getByUrl(cjk!.url))!.id);
    expect(await history.olderSchemes()).toEqual([2]);
    history.close();
    const db = await rawOpen(factory, 'v5');
    expect(await new Promise((resolve) => { const r = db.transaction('groups').objectStore('groups').index('scheme').count(); r.onsuccess = () => resolve(r.result); })).toBe(1);
    db.close();
  });
});

describe('upgrading a version-1 history in place', () => {
  /** v1 pages with 0–8 passages, some sharing blocks and some repeating a fingerprint, ids with gaps. */
  function v1History(count: number): PageRecord[] {
    const random = seededRandom(2026);
    const pages: PageRecord[] = [];
    for (let i = 0; i < count; i++) {
      const base = randomFingerprint(random);
      const fingerprints = [base, ...Array.from({ length: Math.floor(random() * 9) }, () => (random() < 0.3 ? flipRandomBits(base, 2, random) : randomFingerprint(random)))];
      if (i % 17 === 0) fingerprints.push(base);
      const [fingerprint, ...passages] = fingerprints.map(fingerprintToHex);
      pages.push({
        id: 3 * i + 1, url: `https://example.com/${i}`, title: `Page ${i}`, site: 'example.com', excerpt: '', textLength: 1000, cjkChars: 0, words: 200, scheme: 1,
        fingerprint: fingerprint as string, passages, firstVisit: T0 + i, lastVisit: T0 + i, visitCount: 1, source: 'visit',
      });
    }
    return pages;
  }

  test('every page and every lookup of 300 pages are as before the upgrade', async () => {
    const pages = v1History(300);
    const factory = new IDBFactory();
    await buildV1Database(factory, 'v1', pages as typeof V1_PAGES);
    const history = await openHistory({ indexedDB: factory, name: 'v1' });
    expect(await history.count()).toBe(pages.length);
    const keys = new Map<string, number>();
    for (const page of pages) {
      const stored = await history.getByUrl(page.url);
      expect(stored).toEqual({ ...page, id: stored?.id });
      keys.set(page.url, stored?.id as number);
    }
    expect(new Set(keys.values()).size).toBe(pages.length);
    expect(indexProblems(await dumpDatabase(factory, 'v1'))).toEqual([]);
    // What the index finds now: whole fingerprints within 3, passages within 3 with the query's first block.
    const findable = (other: PageRecord, query: ReturnType<typeof fingerprintFromHex>) => [other.fingerprint, ...other.passages]
      .map((h, slot) => ({ fp: fingerprintFromHex(h), slot }))
      .filter(({ fp, slot }) => slot === 0 || fp.hi >>> 16 === query.hi >>> 16)
      .map(({ fp }) => hammingDistance(fp, query));
    for (const page of pages) {
      for (const hex of [page.fingerprint, ...page.passages]) {
        const query = fingerprintFromHex(hex);
        const expected = pages
          .map((other) => ({ url: other.url, distance: Math.min(...findable(other, query)) }))
          .filter((hit) => hit.distance <= 3)
          .map((hit) => [hit.url, hit.distance]).sort();
        const matches = await history.query(query, 3);
        expect(matches.map((m) => [m.page.url, m.distance]).sort()).toEqual(expected);
        // The best slot is the first one holding the fingerprint (a repeated one is found at its first place).
        expect(matches.find((m) => m.page.url === page.url)?.slot).toBe([page.fingerprint, ...page.passages].indexOf(hex));
      }
    }
  });

  test('a version-1 history the upgrade cannot read stays at version 1, untouched', async () => {
    const factory = new IDBFactory();
    const damaged = [...V1_PAGES, { ...(V1_PAGES[2] as (typeof V1_PAGES)[number]), id: 9, url: 'https://me.example/damaged', fingerprint: 'not hex' }];
    await buildV1Database(factory, 'damaged', damaged.slice(0, 3));
    await rawPut(factory, 'damaged', 'pages', damaged[3]);
    await expectUpgradeRefused(factory, 'damaged', 1);
  });
});
