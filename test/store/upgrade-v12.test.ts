import { IDBFactory, IDBIndex } from 'fake-indexeddb';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { openHistory } from '../../src/store';
import { indexProblems } from '../support/history-invariants';
import { V1_PAGES } from './fixtures/v1-database';
import { buildV11Database } from './fixtures/v11-database';
import { beforeOwnArticleKeys, dumpDatabase, freshHistory, pageInput, rawOpen, rawPut } from './helpers';

/**
 * Version 12 keeps each group's page count in `groupSizes`, so that counting
 * the pages does not count the lastVisit index, whose every entry Chromium
 * checks against its group: ~15 s at 300,000 pages (src/store/migrations/v12.ts,
 * decisions/0096). Nothing else changes.
 */
describe('upgrading a version-11 history to 12', () => {
  test('every group gets its page count, every other store stays byte for byte, and counts follow the writes', async () => {
    const factory = new IDBFactory();
    await buildV11Database(factory, 'v11');
    const before = await dumpDatabase(factory, 'v11');
    const history = await openHistory({ indexedDB: factory, name: 'v11' });
    expect(await history.count()).toBe(V1_PAGES.length);
    history.close();

    const upgraded = await dumpDatabase(factory, 'v11');
    // Version 13 adds the keys of the user's own articles to their groups (upgrade-v13.test.ts).
    const { groupSizes, ...after } = beforeOwnArticleKeys(upgraded);
    expect(after).toEqual(before);
    const members = (before.groups?.values as { w: unknown[] }[]).map((group) => group.w.length);
    expect(groupSizes).toEqual({ keys: before.groups?.keys, values: members });
    expect(indexProblems(upgraded)).toEqual([]);

    const reopened = await openHistory({ indexedDB: factory, name: 'v11' });
    const added = await reopened.recordVisit(pageInput({ url: 'https://example.com/after-the-upgrade', fingerprint: '0f1e2d3c4b5a6978' }));
    expect(await reopened.count()).toBe(V1_PAGES.length + 1);
    await reopened.delete(added.id);
    for (const page of V1_PAGES) await reopened.delete((await reopened.getByUrl(page.url))?.id as number);
    expect(await reopened.count()).toBe(0);
    reopened.close();
    const emptied = await dumpDatabase(factory, 'v11');
    expect(emptied.groupSizes).toEqual({ keys: [], values: [] });
    expect(indexProblems(emptied)).toEqual([]);
  });

  test('a group that is not one refuses the upgrade and leaves version 11 as it was', async () => {
    const factory = new IDBFactory();
    await buildV11Database(factory, 'v11');
    await rawPut(factory, 'v11', 'groups', { u: ['https://example.com/'] }, 7);
    await expect(openHistory({ indexedDB: factory, name: 'v11' })).rejects.toThrow();
    const db = await rawOpen(factory, 'v11');
    expect([db.version, [...db.objectStoreNames]]).toEqual([11, ['block0', 'block1', 'block2', 'block3', 'groups', 'imports', 'runs']]);
    db.close();
  });
});

describe('counting the pages', () => {
  afterEach(() => vi.restoreAllMocks());

  test('reads the groups\' sizes, not the lastVisit index (whose count checks every entry against its group)', async () => {
    const { history } = await freshHistory();
    for (let i = 0; i < 5; i++) await history.recordVisit(pageInput({ url: `https://example.com/${i}` }));
    const counted = vi.spyOn(IDBIndex.prototype, 'count');
    expect(await history.count()).toBe(5);
    expect((await history.list({ limit: 2 })).total).toBe(5);
    expect(counted).not.toHaveBeenCalled();
  });
});
