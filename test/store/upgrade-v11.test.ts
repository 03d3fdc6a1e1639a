import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, test } from 'vitest';
import { openHistory } from '../../src/store';
import { decodeBucket } from '../../src/store/codec/bucket';
import { indexProblems } from '../support/history-invariants';
import { V1_PAGES } from './fixtures/v1-database';
import { buildV10Database } from './fixtures/v10-database';
import { beforeOwnArticleKeys, dumpDatabase, pageInput } from './helpers';

/** Tags of every block0 entry in a dump (codec/bucket.ts entryTag; 0: filed before version 11). */
function block0Tags(dump: Awaited<ReturnType<typeof dumpDatabase>>): number[] {
  return (dump.block0?.values ?? []).flatMap((bucket) => decodeBucket(bucket as Uint8Array, 0).map((entry) => entry.tag));
}

/**
 * Version 11 tags block0 entries with their fingerprint's seventh byte
 * (src/store/migrations/v11.ts, decisions/0077). Nothing is rewritten: an
 * untagged entry reads as before, and gets its tag when its page is filed again.
 */
describe('upgrading a version-10 history to 11', () => {
  test('every store stays byte for byte, its untagged entries still find their pages, and a page filed again is tagged', async () => {
    const factory = new IDBFactory();
    await buildV10Database(factory, 'v10');
    const before = await dumpDatabase(factory, 'v10');
    const history = await openHistory({ indexedDB: factory, name: 'v10' });
    const upgraded = await dumpDatabase(factory, 'v10');
    // Version 12 adds each group's page count (upgrade-v12.test.ts) and 13 the keys of the user's own articles; the rest is as version 11 left it.
    const { groupSizes, ...after } = beforeOwnArticleKeys(upgraded);
    expect(groupSizes?.keys).toHaveLength(before.groups?.keys.length ?? -1);
    expect(after).toEqual(before);
    expect(new Set(block0Tags(after))).toEqual(new Set([0]));
    expect(indexProblems(upgraded)).toEqual([]);

    // A passage is found through its block0 entry alone.
    const first = V1_PAGES[0] as (typeof V1_PAGES)[number];
    const [wholeMatches, passageMatches] = await history.queryMany([first.fingerprint, first.passages[0] as string], 3, { passageQueries: [false, true] });
    expect(wholeMatches?.map((m) => m.page.url)).toEqual([first.url]);
    expect(passageMatches?.map((m) => m.page.url)).toEqual([first.url]);

    // The page read again with other passages is filed afresh: its entries carry their tags.
    await history.recordVisit(pageInput({ url: first.url, fingerprint: first.fingerprint, passages: ['00ff00ff00ff00fe'] }));
    history.close();
    const refiled = await dumpDatabase(factory, 'v10');
    expect(indexProblems(refiled)).toEqual([]);
    // 0123456789abcdef: seventh byte 0xcd → 11; 00ff00ff00ff00fe: 0x00 → 1; the other two pages' three entries stay untagged.
    expect(block0Tags(refiled).sort((a, b) => a - b)).toEqual([0, 0, 0, 1, 11]);
  });
});
