import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, test } from 'vitest';
import { openHistory } from '../../src/store';
import { encodeGroup, groupOf } from '../../src/store/codec/page-group';
import { encodePage } from '../../src/store/codec/stored-page';
import { indexProblems } from '../support/history-invariants';
import { buildV12Database } from './fixtures/v12-database';
import { beforeOwnArticleKeys, dumpDatabase, rawOpen, rawPut, T0 } from './helpers';

/**
 * Version 13 lists, in each group that holds one, the keys of the user's own
 * articles in `a`, under the groups' multiEntry `author` index, so that the
 * My articles tab reads those groups, not every group
 * (src/store/migrations/v13.ts, decisions/0102). Nothing else changes.
 */
describe('upgrading a version-12 history to 13', () => {
  test('the groups holding the user\'s own articles get their keys, every other record stays byte for byte, and the list follows the writes', async () => {
    const factory = new IDBFactory();
    const keys = await buildV12Database(factory, 'v12');
    const before = await dumpDatabase(factory, 'v12');
    const history = await openHistory({ indexedDB: factory, name: 'v12' });
    expect((await history.ownArticles()).map((page) => page.url)).toEqual(['https://me.example/essay']);
    const upgraded = await dumpDatabase(factory, 'v12');
    expect(beforeOwnArticleKeys(upgraded)).toEqual(before);
    const essay = keys.get('https://me.example/essay') as number;
    const listed = upgraded.groups?.keys.flatMap((key, i) => ((upgraded.groups?.values[i] as { a?: number[] }).a === undefined ? [] : [[key, (upgraded.groups?.values[i] as { a: number[] }).a]]));
    expect(listed).toEqual([[groupOf(essay), [essay]]]);
    expect(indexProblems(upgraded)).toEqual([]);

    await history.setSource('https://example.com/first', 'author');
    await history.setSource('https://me.example/essay', 'visit');
    expect((await history.ownArticles()).map((page) => page.url)).toEqual(['https://example.com/first']);
    history.close();
    expect(indexProblems(await dumpDatabase(factory, 'v12'))).toEqual([]);
  });

  test('a member with chunk heads, whose source comes after them, is read as the user\'s', async () => {
    const factory = new IDBFactory();
    await buildV12Database(factory, 'v12');
    const page = encodePage({
      url: 'https://me.example/notes', title: 'Notes', site: 'me.example', excerpt: '', textLength: 4000, cjkChars: 0, words: 700, fingerprint: '1234567812345678',
      passages: ['1234000011112222'], heads: ['1234000033334444', '1234000055556666'], scheme: 7, firstVisit: T0, lastVisit: T0, visitCount: 1, source: 'author',
    });
    // Key 0x123 × 2^16 + 5: group 0x123, which the fixture's pages leave empty. As version 12 wrote it: without `a`.
    const key = 0x1230005;
    const group = encodeGroup([[key, page]]);
    delete group.a;
    await rawPut(factory, 'v12', 'groups', group, groupOf(key));
    await rawPut(factory, 'v12', 'groupSizes', 1, groupOf(key));
    const history = await openHistory({ indexedDB: factory, name: 'v12' });
    expect((await history.ownArticles()).map((stored) => stored.url).sort()).toEqual(['https://me.example/essay', 'https://me.example/notes']);
    history.close();
  });

  test('a member too short to hold its source counts as no article, and the upgrade goes on', async () => {
    const factory = new IDBFactory();
    await buildV12Database(factory, 'v12');
    // One member whose packed fields end inside its fingerprints (a count of 2, one fingerprint's bytes).
    const key = 0x1230005;
    await rawPut(factory, 'v12', 'groups', { w: [[T0, key]], u: ['https://me.example/torn'], t: ['Torn'], e: [''], o: [7], d: Uint8Array.from([2, 1, 2, 3, 4, 5, 6, 7, 8]), at: Uint32Array.from([0, 9]) }, groupOf(key));
    await rawPut(factory, 'v12', 'groupSizes', 1, groupOf(key));
    const history = await openHistory({ indexedDB: factory, name: 'v12' });
    expect((await history.ownArticles()).map((page) => page.url)).toEqual(['https://me.example/essay']);
    history.close();
  });

  test('a group that is not one refuses the upgrade and leaves version 12 as it was', async () => {
    const factory = new IDBFactory();
    await buildV12Database(factory, 'v12');
    await rawPut(factory, 'v12', 'groups', { u: ['https://example.com/'] }, 7);
    await expect(openHistory({ indexedDB: factory, name: 'v12' })).rejects.toThrow();
    const db = await rawOpen(factory, 'v12');
    expect([db.version, [...db.transaction('groups').objectStore('groups').indexNames].sort()]).toEqual([12, ['lastVisit', 'scheme']]);
    db.close();
  });
});
