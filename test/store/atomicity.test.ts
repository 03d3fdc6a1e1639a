import { describe, expect, test } from 'vitest';
import { fingerprintBlocks, fingerprintFromHex } from '../../src/core/fingerprint64';
import { HistoryQuotaError, serializeExport, type ExportRecord } from '../../src/store';
import { toHistoryError } from '../../src/store/errors';
import { dumpDatabase, freshHistory, manualClock, pageInput, rawPut, T0 } from './helpers';

/**
 * Faults are injected by planting, through a raw connection, a damaged
 * bucket (not packed entries) where a write is about to add an entry: the
 * write then fails with a TypeError midway through its transaction, after the
 * page record and other buckets of that transaction have been written.
 */
const DAMAGED = 'not a bucket';
/** The bucket of `hex` in block store `block`: the whole block in block0, its top 12 bits in block1–3. */
function bucketKey(hex: string, block: number): number {
  return (fingerprintBlocks(fingerprintFromHex(hex))[block] as number) >>> (block === 0 ? 0 : 4);
}

describe('a failing write leaves every store unchanged', () => {
  test('recordVisit of a new page', async () => {
    const { history, factory, name } = await freshHistory();
    await rawPut(factory, name, 'block3', DAMAGED, bucketKey('0123456789abcdef', 3));
    const before = await dumpDatabase(factory, name);
    await expect(history.recordVisit(pageInput({ fingerprint: '0123456789abcdef' }))).rejects.toThrow(/damaged/);
    expect(await dumpDatabase(factory, name)).toEqual(before);
  });

  test('recordVisit updating a page: old page and old block entries survive', async () => {
    const clock = manualClock();
    const { history, factory, name } = await freshHistory(clock.now);
    const page = await history.recordVisit(pageInput({ fingerprint: '1111111111111111', passages: ['2222222222222222'] }));
    clock.advance(1000);
    // Passages are filed under their first block only.
    await rawPut(factory, name, 'block0', DAMAGED, bucketKey('3333333333333333', 0));
    const before = await dumpDatabase(factory, name);
    await expect(history.recordVisit(pageInput({ fingerprint: '4444444444444444', passages: ['3333333333333333'] }))).rejects.toThrow(/damaged/);
    expect(await dumpDatabase(factory, name)).toEqual(before);
    expect(await history.get(page.id)).toEqual(page);
    expect(await history.query('1111111111111111', 0)).toHaveLength(1);
  });

  test('importJson failing on its last page writes none of the others', async () => {
    const { history, factory, name } = await freshHistory(() => T0);
    await history.recordVisit(pageInput({ url: 'https://example.com/kept', fingerprint: '1111111111111111' }));
    const records = ['aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb', 'cccccccccccccccc'].map((fingerprint, i): ExportRecord => ({
      url: `https://example.com/${i}`, title: 't', site: 'example.com', excerpt: '', textLength: 1, cjkChars: 0, words: 1, scheme: 2, fingerprint, passages: [],
      firstVisit: new Date(T0).toISOString(), lastVisit: new Date(T0).toISOString(), visitCount: 1, source: 'import',
    }));
    await rawPut(factory, name, 'block0', DAMAGED, bucketKey('cccccccccccccccc', 0));
    const before = await dumpDatabase(factory, name);
    await expect(history.importJson(serializeExport(records, new Date(T0)))).rejects.toThrow(/damaged/);
    expect(await dumpDatabase(factory, name)).toEqual(before);
  });

  test('the history stays usable after a failed write', async () => {
    const { history, factory, name } = await freshHistory();
    await rawPut(factory, name, 'block1', DAMAGED, bucketKey('0123456789abcdef', 1));
    await expect(history.recordVisit(pageInput())).rejects.toThrow();
    const page = await history.recordVisit(pageInput({ fingerprint: 'fedcba9876543210' }));
    expect(await history.query('fedcba9876543210', 0)).toEqual([{ page, slot: 0, distance: 0 }]);
  });
});

describe('quota errors', () => {
  test.each([
    ['QuotaExceededError'],
    ['NS_ERROR_DOM_QUOTA_REACHED'],
  ])('a DOMException named %s becomes a HistoryQuotaError that keeps the cause', (name) => {
    const cause = new DOMException('disk full', name);
    const error = toHistoryError(cause);
    expect(error).toBeInstanceOf(HistoryQuotaError);
    expect((error as HistoryQuotaError).cause).toBe(cause);
    expect((error as Error).message).toMatch(/storage space/);
  });

  test('other errors pass through unchanged', () => {
    const other = new DOMException('dup', 'ConstraintError');
    expect(toHistoryError(other)).toBe(other);
    expect(toHistoryError(undefined)).toBeUndefined();
  });
});
