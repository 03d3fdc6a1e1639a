import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, test } from 'vitest';
import { openHistory } from '../../src/store';
import { urlHash } from '../../src/store/codec/page-key';
import { indexProblems } from '../support/history-invariants';
import { V1_PAGES } from './fixtures/v1-database';
import { buildV7Database } from './fixtures/v7-database';
import { dumpDatabase, expectUpgradeRefused, rawPut, T0 } from './helpers';

/**
 * Version 8 keeps the pages in groups of columns instead of a record each
 * (src/store/migrations/v8.ts, decisions/0070). The upgrade moves every page
 * as it is: each record's fields byte for byte under its key, the block
 * stores untouched, the history listed in the same order.
 */

/** Pages over many groups, on seven sites, with last visits tied in tens, some with a language, a canonical URL, an older scheme. */
function v7History(count: number): (typeof V1_PAGES)[number][] {
  const [template] = V1_PAGES;
  const hashes = new Set<number>();
  const pages: (typeof V1_PAGES)[number][] = [];
  for (let i = 0; pages.length < count; i++) {
    const url = `https://site${i % 7}.example/a/${i}`;
    // The fixture puts every page in slot 0 of its hash: no two may share one.
    if (hashes.has(urlHash(url))) continue;
    hashes.add(urlHash(url));
    const lastVisit = T0 + Math.floor(i / 10) * 1000;
    const page = { ...template!, id: i + 1, url, title: `Page ${i}`, site: `site${i % 7}.example`, excerpt: `Excerpt ${i}`, firstVisit: lastVisit - i, lastVisit, scheme: i % 5 === 0 ? 2 : 6 } as (typeof V1_PAGES)[number] & { scheme: number };
    if (i % 3 !== 0) delete (page as { language?: string }).language;
    if (i % 4 === 0) (page as { canonicalUrl?: string }).canonicalUrl = `https://canonical.example/${i}`;
    pages.push(page);
  }
  return pages;
}

describe('upgrading a version-7 history to 8', () => {
  const pages = v7History(700);

  test('every page keeps its key and every field byte for byte, the block stores do not change, and the history lists in the same order', async () => {
    const factory = new IDBFactory();
    await buildV7Database(factory, 'v7', pages);
    const before = await dumpDatabase(factory, 'v7');
    const history = await openHistory({ indexedDB: factory, name: 'v7' });
    expect(await history.count()).toBe(pages.length);
    const listed = (await history.list()).pages.map((page) => page.id);
    // Every scheme it holds before the current one: 6 since scheme 7 (decisions/0083).
    expect(await history.olderSchemes()).toEqual([2, 6]);
    history.close();

    const after = await dumpDatabase(factory, 'v7');
    expect(Object.keys(after).sort()).toEqual(['block0', 'block1', 'block2', 'block3', 'groupSizes', 'groups', 'imports', 'pages', 'runs']);
    expect(after.groups?.keys.length).toBeGreaterThan(100);
    expect(after.pages).toEqual(before.pages);
    for (const store of ['block0', 'block1', 'block2', 'block3']) expect(after[store], store).toEqual(before[store]);
    expect(indexProblems(after)).toEqual([]);
    // Version 7's lastVisit index: newest first, ties by key, highest first.
    const byVisit = (before.pages?.keys as number[]).map((key, i) => ({ key, visit: (before.pages?.values[i] as { v: number }).v }))
      .sort((a, b) => b.visit - a.visit || b.key - a.key).map(({ key }) => key);
    expect(listed).toEqual(byVisit);
  });

  test('a damaged page record stops the upgrade: the history stays at version 7, untouched', async () => {
    const factory = new IDBFactory();
    await buildV7Database(factory, 'damaged', pages.slice(0, 40));
    await rawPut(factory, 'damaged', 'pages', { u: 'https://example.com/damaged', t: 5 }, 16);
    await expectUpgradeRefused(factory, 'damaged', 7);
  });
});
