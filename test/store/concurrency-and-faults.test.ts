import fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import { HistoryQuotaError, openHistory, serializeExport, type ExportRecord, type History } from '../../src/store';
import { indexProblems } from '../support/history-invariants';
import { dumpDatabase, failNthWrite, freshHistory, manualClock, pageInput, T0 } from './helpers';

/**
 * Several writers at once (two tabs, the background and the history page) and
 * writes that fail midway (a full disk) never leave a page without its block
 * entries, or entries without their page.
 */

describe('concurrent writers', () => {
  test('two tabs record the same new page at the same moment: one page, two visits', async () => {
    const { history, factory, name } = await freshHistory();
    const [a, b] = await Promise.all([history.recordVisit(pageInput()), history.recordVisit(pageInput())]);
    expect([a.visitCount, b.visitCount].sort()).toEqual([1, 2]);
    expect(await history.count()).toBe(1);
    expect((await history.getByUrl(pageInput().url))?.visitCount).toBe(2);
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
  });

  test('twenty visits of five pages from many tabs at once: every visit counted once', async () => {
    const { history, factory, name } = await freshHistory();
    const urls = Array.from({ length: 5 }, (_, i) => `https://example.com/${i}`);
    await Promise.all(Array.from({ length: 20 }, (_, i) => history.recordVisit(pageInput({ url: urls[i % 5], fingerprint: `${i % 5}${'0123456789abcde'}` }))));
    const { pages } = await history.list();
    expect(pages.map((page) => page.visitCount)).toEqual([4, 4, 4, 4, 4]);
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
  });

  test('the background and the history page write through two connections at once', async () => {
    const clock = manualClock();
    const { history: background, factory, name } = await freshHistory(clock.now);
    const page = await openHistory({ indexedDB: factory, name, now: clock.now });
    const imported: ExportRecord[] = Array.from({ length: 50 }, (_, i) => ({
      url: `https://imported.example/${i}`, title: `Imported ${i}`, site: 'imported.example', excerpt: '', textLength: 1, cjkChars: 0, words: 1, scheme: 2,
      fingerprint: `${i.toString(16).padStart(2, '0')}23456789abcdef`, passages: ['00ff00ff00ff00ff'], firstVisit: new Date(T0).toISOString(), lastVisit: new Date(T0).toISOString(), visitCount: 1, source: 'import',
    }));
    await Promise.all([
      page.importJson(serializeExport(imported, new Date(T0))),
      ...Array.from({ length: 10 }, (_, i) => background.recordVisit(pageInput({ url: `https://visited.example/${i}`, fingerprint: `f${i}23456789abcdef` }))),
      page.pageIdsOfSites((site) => site === 'nowhere.example').then((ids) => page.deletePages(ids)),
    ]);
    expect(await background.count()).toBe(60);
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
    page.close();
  });
});

describe('writes failing midway (storage quota used up)', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
  });

  type Operation =
    | { kind: 'visit'; page: number; fingerprint: string; passages: string[] }
    | { kind: 'delete'; page: number }
    | { kind: 'import'; pages: number[] };

  const hex16 = fc.stringMatching(/^[0-9a-f]{16}$/);
  const operation: fc.Arbitrary<Operation> = fc.oneof(
    fc.record({ kind: fc.constant('visit' as const), page: fc.nat(4), fingerprint: hex16, passages: fc.array(hex16, { maxLength: 3 }) }),
    fc.record({ kind: fc.constant('delete' as const), page: fc.nat(4) }),
    fc.record({ kind: fc.constant('import' as const), pages: fc.array(fc.nat(6), { minLength: 1, maxLength: 4 }) }),
  );

  async function apply(history: History, op: Operation): Promise<unknown> {
    const url = (i: number) => `https://example.com/${i}`;
    if (op.kind === 'visit') return history.recordVisit(pageInput({ url: url(op.page), fingerprint: op.fingerprint, passages: op.passages }));
    if (op.kind === 'delete') {
      const page = await history.getByUrl(url(op.page));
      return page && history.delete(page.id);
    }
    const records = op.pages.map((i): ExportRecord => ({
      url: url(i), title: `Imported ${i}`, site: 'example.com', excerpt: '', textLength: 1, cjkChars: 0, words: 1, scheme: 2, fingerprint: `${i}${'fedcba987654321'}`,
      passages: [], firstVisit: new Date(T0).toISOString(), lastVisit: new Date(T0 + i).toISOString(), visitCount: 1, source: 'import',
    }));
    return history.importJson(serializeExport(records, new Date(T0 + 10)));
  }

  // 25 pages of one site are removed in three transactions of ~20 writes here: the first write, one in the second, one in the third.
  test.each([1, 25, 45])('removing a site\'s pages that fails at write %i keeps what went, loses no other page, and finishes when asked again', async (failAt) => {
    const { history, factory, name } = await freshHistory(() => T0 + 20);
    const site = (i: number) => (i < 25 ? 'gone.example' : 'kept.example');
    for (let i = 0; i < 27; i++) {
      await history.recordVisit(pageInput({ url: `https://${site(i)}/${i}`, site: site(i), fingerprint: `${i.toString(16).padStart(2, '0')}23456789abcdef`, passages: ['00ff00ff00ff00ff'] }));
    }
    const gone = (stored: string) => stored === 'gone.example';
    const ids = await history.pageIdsOfSites(gone);
    restore = failNthWrite(failAt);
    const outcome = await history.deletePages(ids, gone).then(() => 'ok', (error: unknown) => error);
    restore();
    restore = undefined;
    expect(outcome).toBeInstanceOf(HistoryQuotaError);
    const left = await history.count();
    // What went before the failure stays gone: the first write's failure removed nothing, the later ones some.
    expect(left < 27).toBe(failAt > 1);
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
    expect(await history.deletePages(ids, gone)).toBe(left - 2);
    expect(await history.pageIdsOfSites(() => true)).toHaveLength(2);
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
    history.close();
  });

  test('any operation failing at any write leaves every store as it was; the others keep the index whole', async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(operation, { minLength: 1, maxLength: 6 }),
      fc.nat(5),
      fc.integer({ min: 1, max: 40 }),
      async (operations, faulty, failAt) => {
        const { history, factory, name } = await freshHistory(() => T0 + 20);
        for (const [i, op] of operations.entries()) {
          const before = await dumpDatabase(factory, name);
          if (i === faulty % operations.length) restore = failNthWrite(failAt);
          const outcome = await apply(history, op).then(() => 'ok', (error: unknown) => error);
          restore?.();
          restore = undefined;
          const after = await dumpDatabase(factory, name);
          if (outcome !== 'ok') {
            expect(outcome).toBeInstanceOf(HistoryQuotaError);
            expect(after).toEqual(before);
          }
          expect(indexProblems(after)).toEqual([]);
        }
        history.close();
      },
    ), { numRuns: 40, interruptAfterTimeLimit: 15_000, seed: 20261122 });
  }, 60_000);
});
