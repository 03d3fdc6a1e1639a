import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, test } from 'vitest';
import { openHistory } from '../../src/store';
import { indexProblems } from '../support/history-invariants';
import { V1_PAGES } from './fixtures/v1-database';
import { buildV9Database } from './fixtures/v9-database';
import { beforeOwnArticleKeys, collect, dumpDatabase } from './helpers';

/**
 * Version 10 adds the `imports` store, where a file imported in full leaves
 * a receipt (src/store/migrations/v10.ts, decisions/0073). Nothing else changes.
 */
describe('upgrading a version-9 history to 10', () => {
  test('every other store stays byte for byte, the imports store starts empty, and the history exports and re-imports its own backup from a receipt', async () => {
    const factory = new IDBFactory();
    await buildV9Database(factory, 'v9');
    const before = await dumpDatabase(factory, 'v9');
    const history = await openHistory({ indexedDB: factory, name: 'v9' });
    expect(await history.count()).toBe(V1_PAGES.length);
    history.close();

    const after = await dumpDatabase(factory, 'v9');
    expect(Object.keys(after).sort()).toEqual(['block0', 'block1', 'block2', 'block3', 'groupSizes', 'groups', 'imports', 'pages', 'runs']);
    // Version 13 adds the keys of the user's own articles to their groups (upgrade-v13.test.ts).
    for (const store of ['groups', 'block0', 'block1', 'block2', 'block3', 'runs']) expect(beforeOwnArticleKeys(after)[store], store).toEqual(before[store]);
    expect(after.imports).toEqual({ keys: [], values: [] });
    expect(indexProblems(after)).toEqual([]);

    const reopened = await openHistory({ indexedDB: factory, name: 'v9' });
    const backup = new Blob([await collect(reopened.exportJson())]);
    expect(await reopened.importFile(backup)).toMatchObject({ imported: 0, updated: 0, unchanged: V1_PAGES.length });
    expect(await reopened.importFile(backup)).toMatchObject({ unchanged: V1_PAGES.length, alreadyImported: expect.any(Number) });
    reopened.close();
  });
});
