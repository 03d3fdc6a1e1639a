/**
 * A page whose fingerprints did not change keeps its bucket entries: a visit
 * to a page read before (the same text), or an import of a newer export of
 * the same history, writes the page record and no bucket. Refiling them
 * rewrote every bucket the page lies in (~37 a page), once per visit and
 * once per imported batch.
 */
import { IDBObjectStore } from 'fake-indexeddb';
import { describe, expect, test, vi } from 'vitest';
import { serializeExport } from '../../src/store';
import { pageToExportRecord } from '../../src/store/export-format';
import { BLOCK_STORES } from '../../src/store/schema';
import { indexProblems } from '../support/history-invariants';
import { collect, dumpDatabase, freshHistory, pageInput, T0 } from './helpers';

/** Writes (put, add, delete) to the block stores while `run` goes. */
async function blockWrites(run: () => Promise<unknown>): Promise<number> {
  const spies = (['put', 'add', 'delete'] as const).map((method) => vi.spyOn(IDBObjectStore.prototype, method));
  try {
    await run();
    return spies.reduce((sum, spy) => sum + spy.mock.contexts.filter((store) => (BLOCK_STORES as readonly string[]).includes((store as IDBObjectStore).name)).length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

const passages = ['0011223344556677', '8899aabbccddeeff', '0123456789abcdef'];

describe('a page whose fingerprints did not change keeps its bucket entries', () => {
  test.each([
    ['read again, the same text', { fingerprint: 'a1b2c3d4e5f60718', passages }, 0],
    ['read again, its text changed', { fingerprint: 'ffeeddccbbaa9988', passages }, 1],
    ['read again, one passage changed', { fingerprint: 'a1b2c3d4e5f60718', passages: [...passages.slice(0, 2), '1111111111111111'] }, 1],
  ])('a visit to a page %s', async (_what, second, changed) => {
    const { history, factory, name } = await freshHistory();
    await history.recordVisit(pageInput({ url: 'https://example.com/a', fingerprint: 'a1b2c3d4e5f60718', passages }));
    const writes = await blockWrites(() => history.recordVisit(pageInput({ url: 'https://example.com/a', ...second })));
    expect(writes > 0 ? 1 : 0).toBe(changed);
    expect((await history.getByUrl('https://example.com/a'))?.visitCount).toBe(2);
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
    expect((await history.query(second.fingerprint)).map((match) => match.page.url)).toEqual(['https://example.com/a']);
  });

  test('an import of a newer export of the same history: every page updated, no bucket written', async () => {
    const { history, factory, name } = await freshHistory(() => T0);
    for (let i = 0; i < 30; i++) await history.recordVisit(pageInput({ url: `https://example.com/${i}`, fingerprint: `${i.toString(16).padStart(2, '0')}23456789abcdef`, passages }));
    const newer = (await history.list({ limit: 100 })).pages.map((page) => ({ ...page, lastVisit: page.lastVisit + 86_400_000, visitCount: page.visitCount + 1 }));
    const text = await collect(serializeExport(newer.map(({ id: _id, ...page }) => pageToExportRecord(page)), new Date(T0 + 86_400_000)));
    let report;
    const writes = await blockWrites(async () => { report = await history.importJson(text, { batchSize: 7 }); });
    expect(report).toMatchObject({ imported: 0, updated: 30, unchanged: 0 });
    expect(writes).toBe(0);
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
  });
});
