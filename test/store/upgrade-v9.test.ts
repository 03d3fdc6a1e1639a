import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, test } from 'vitest';
import { openHistory } from '../../src/store';
import { indexProblems } from '../support/history-invariants';
import { V1_PAGES } from './fixtures/v1-database';
import { buildV8Database } from './fixtures/v8-database';
import { beforeOwnArticleKeys, dumpDatabase, pageInput } from './helpers';

/**
 * Version 9 adds the `runs` store, where an import of several rounds sets
 * its bucket entries aside (src/store/migrations/v9.ts, decisions/0071).
 * Nothing else changes.
 */
describe('upgrading a version-8 history to 9', () => {
  test('the groups and the block stores stay byte for byte, the runs store starts empty, and the history works', async () => {
    const factory = new IDBFactory();
    await buildV8Database(factory, 'v8');
    const before = await dumpDatabase(factory, 'v8');
    const history = await openHistory({ indexedDB: factory, name: 'v8' });
    expect(await history.count()).toBe(V1_PAGES.length);
    await history.finishImports();
    history.close();

    const after = await dumpDatabase(factory, 'v8');
    expect(Object.keys(after).sort()).toEqual(['block0', 'block1', 'block2', 'block3', 'groupSizes', 'groups', 'imports', 'pages', 'runs']);
    // Version 13 adds the keys of the user's own articles to their groups (upgrade-v13.test.ts).
    for (const store of ['groups', 'block0', 'block1', 'block2', 'block3']) expect(beforeOwnArticleKeys(after)[store], store).toEqual(before[store]);
    expect(after.runs).toEqual({ keys: [], values: [] });
    expect(indexProblems(after)).toEqual([]);

    const reopened = await openHistory({ indexedDB: factory, name: 'v8' });
    const added = await reopened.recordVisit(pageInput({ url: 'https://example.com/after-the-upgrade', fingerprint: '0f1e2d3c4b5a6978' }));
    expect((await reopened.query('0f1e2d3c4b5a6978')).map((match) => match.page.id)).toEqual([added.id]);
    reopened.close();
  });
});
