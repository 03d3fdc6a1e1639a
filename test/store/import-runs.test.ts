import fc from 'fast-check';
import { IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fingerprintToHex } from '../../src/core/fingerprint64';
import { serializeExport, type ExportRecord, type History, type ImportProgress } from '../../src/store';
import { ENTRY_BYTES, entryWord } from '../../src/store/codec/bucket';
import { CHUNK_KEYS, DamagedRunError, checkRun, lastRunsEntries, runEntries, runRecords } from '../../src/store/codec/run';
import { indexProblems } from '../support/history-invariants';
import { collect, dumpDatabase, failNthWrite, freshHistory, pageInput, randomFingerprint, seededRandom, T0 } from './helpers';

/**
 * An import of more than one round sets each round's bucket entries aside
 * as a run and files them all in one merge at its end (src/store/blocks/runs.ts,
 * docs/decisions/0071). Until then its pages are stored but not found. A
 * visit or a delete meanwhile marks the pages it files or removes, so the
 * merge never brings back entries they replaced; whatever stops the import,
 * the next opening (finishImports) or import files what is left, and the
 * index then matches the pages exactly.
 */

const AT = new Date(T0).toISOString();

function record(i: number, overrides: Partial<ExportRecord> = {}): ExportRecord {
  const random = seededRandom(i + 1);
  return {
    url: `https://example.com/article/${i}`, title: `Article ${i}`, site: 'example.com', excerpt: 'First words.', textLength: 4000, cjkChars: 0, words: 700, scheme: 2,
    fingerprint: fingerprintToHex(randomFingerprint(random)), passages: [fingerprintToHex(randomFingerprint(random))],
    firstVisit: AT, lastVisit: AT, visitCount: 1, source: 'import', ...overrides,
  };
}

/** Packed entries of page `pageId` in block store `b` (the kept blocks zero). */
function entries(b: number, ...pageIds: number[]): Uint8Array {
  const out = new Uint8Array(pageIds.length * ENTRY_BYTES);
  const view = new DataView(out.buffer);
  pageIds.forEach((id, i) => view.setUint32(i * ENTRY_BYTES, entryWord(id, 0, b, 0)));
  return out;
}

describe('a run record: a chunk of a block store\'s entries, grouped by bucket key', () => {
  test('records split at chunk ends; each bucket\'s entries read back, less those of dropped pages', () => {
    const changes: [number, { append: Uint8Array }][] = [[3, { append: entries(1, 10, 11) }], [CHUNK_KEYS - 1, { append: entries(1, 12) }], [CHUNK_KEYS, { append: entries(1, 13) }]];
    const records = runRecords(changes);
    expect(records.map(([chunk]) => chunk)).toEqual([0, 1]);
    const [[, first], [, second]] = records as [[number, ReturnType<typeof checkRun>], [number, ReturnType<typeof checkRun>]];
    const none = new Map<number, number>();
    expect(runEntries(first, 3, 1, 5, none)).toEqual(entries(1, 10, 11));
    // A page marked at the run's sequence or later loses its entries there; one marked before keeps them.
    expect(runEntries(first, 3, 1, 5, new Map([[10, 5]]))).toEqual(entries(1, 11));
    expect(runEntries(first, 3, 1, 5, new Map([[10, 4]]))).toEqual(entries(1, 10, 11));
    expect(runEntries(first, CHUNK_KEYS - 1, 1, 5, none)).toEqual(entries(1, 12));
    expect(runEntries(first, 4, 1, 5, none)).toHaveLength(0);
    expect(runEntries(second, 0, 1, 5, none)).toEqual(entries(1, 13));
  });

  test.each([
    ['one run', [[10, 11]], [10, 11]],
    ['runs of different pages, in sequence order', [[10], [11, 12]], [10, 11, 12]],
    ['a page twice in one run (two passages in one bucket), in no other', [[10, 10], [11]], [10, 10, 11]],
    ['a page in two runs: the later run\'s entries only', [[10, 11, 10], [12, 10]], [11, 12, 10]],
    ['runs of key ranges that do not overlap, later ones lower', [[20, 21], [10, 12], [30]], [20, 21, 10, 12, 30]],
    ['ranges that overlap with no page in two runs', [[10, 20], [15], [12, 30]], [10, 20, 15, 12, 30]],
    ['a page in the first and the third run, the second between them', [[10, 11], [15], [11, 20]], [10, 15, 11, 20]],
    ['an empty run among them', [[], [10], [], [10, 11]], [10, 11]],
  ])('the entries of several runs for one bucket (%s)', (_what, runs, expected) => {
    expect(lastRunsEntries(runs.map((ids) => entries(0, ...ids)), 0)).toEqual(entries(0, ...expected));
  });

  test.each([
    ['not an object', 3],
    ['offsets of the wrong length', { at: new Uint32Array(3), e: new Uint8Array(0) }],
    ['entries that are not whole', { at: new Uint32Array(CHUNK_KEYS + 1), e: new Uint8Array(5) }],
    ['offsets past the entries', { at: Uint32Array.from({ length: CHUNK_KEYS + 1 }, (_, i) => i), e: new Uint8Array(8) }],
    ['offsets going back', { at: Uint32Array.from({ length: CHUNK_KEYS + 1 }, (_, i) => (i === 1 ? 2 : i === CHUNK_KEYS ? 1 : 1)), e: new Uint8Array(8) }],
  ])('a damaged record (%s) is refused', (_what, value) => {
    expect(() => checkRun(value)).toThrow(DamagedRunError);
  });
});

describe('an import of several rounds', () => {
  test('its pages are found once the import ends, not before; no run is left', async () => {
    const { history, factory, name } = await freshHistory();
    const records = Array.from({ length: 30 }, (_, i) => record(i));
    const text = await collect(serializeExport(records, new Date(T0)));
    const foundDuring: number[] = [];
    let batches = 0;
    const report = await history.importJson(text, {
      batchSize: 5, roundSize: 10,
      pause: async () => {
        batches++;
        if (batches === 4) foundDuring.push((await history.query(records[0]!.fingerprint)).length, await history.count());
      },
    });
    expect(report).toMatchObject({ imported: 30 });
    // Stored (counted) but not yet found.
    expect(foundDuring[0]).toBe(0);
    expect(foundDuring[1]).toBeGreaterThan(0);
    for (const r of records) expect((await history.query(r.fingerprint)).map((match) => match.page.url)).toEqual([r.url]);
    const dump = await dumpDatabase(factory, name);
    expect(dump.runs?.keys).toEqual([]);
    expect(indexProblems(dump)).toEqual([]);
  });

  test('reports the filing of its entries at its end, from 0 to 1, after every record; a file of one round does not', async () => {
    const { history } = await freshHistory();
    const text = await collect(serializeExport(Array.from({ length: 30 }, (_, i) => record(i)), new Date(T0)));
    const seen: ImportProgress[] = [];
    await history.importJson(text, { batchSize: 5, roundSize: 10, onProgress: (p) => seen.push(p) });
    const indexing = seen.filter((p) => p.indexed !== undefined);
    expect(indexing.map((p) => p.indexed)).toEqual([...indexing.map((p) => p.indexed)].sort((a, b) => (a as number) - (b as number)));
    expect(indexing[0]?.indexed).toBe(0);
    expect(indexing.at(-1)?.indexed).toBe(1);
    expect(indexing.length).toBeGreaterThan(2);
    // Reported only once every record is in, and last.
    expect(indexing.every((p) => p.records === 30 && p.imported === 30)).toBe(true);
    expect(seen.slice(-indexing.length)).toEqual(indexing);

    const single = await freshHistory();
    const plain: ImportProgress[] = [];
    await single.history.importJson(text, { batchSize: 5, onProgress: (p) => plain.push(p) });
    expect(plain.length).toBeGreaterThan(0);
    expect(plain.filter((p) => p.indexed !== undefined)).toEqual([]);
  });

  test('a URL listed in two rounds with different fingerprints is found by the later one only', async () => {
    const { history, factory, name } = await freshHistory();
    const later = { ...record(100), url: record(0).url, lastVisit: new Date(T0 + 60_000).toISOString() };
    const text = await collect(serializeExport([...Array.from({ length: 12 }, (_, i) => record(i)), later], new Date(T0)));
    await history.importJson(text, { batchSize: 4, roundSize: 4 });
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
    expect(await history.query(record(0).fingerprint)).toEqual([]);
    expect((await history.query(later.fingerprint)).map((match) => match.page.url)).toEqual([later.url]);
  });
});

describe('the marks a merge reads', () => {
  /** Reads of every mark (the runs store's number keys) while `run` goes. */
  async function markReads(run: () => Promise<void>): Promise<number> {
    const getAll = vi.spyOn(IDBObjectStore.prototype, 'getAll');
    try {
      await run();
      return getAll.mock.calls.filter((call, i) => (getAll.mock.contexts[i] as IDBObjectStore | undefined)?.name === 'runs' && call[0] instanceof IDBKeyRange && call[0].lower === -Infinity).length;
    } finally {
      getAll.mockRestore();
    }
  }

  /** 40 stored pages, then a file of two rounds: 20 new pages set aside as a run, then the 40 signed again (each update files new entries, and marks its page). */
  async function mixedImport(pause?: (step: number, history: History) => Promise<void>): Promise<{ reads: number; steps: number }> {
    const { history } = await freshHistory();
    await history.importJson(await collect(serializeExport(Array.from({ length: 40 }, (_, i) => record(i)), new Date(T0))), { batchSize: 10 });
    const later = new Date(T0 + 60_000).toISOString();
    const file = [...Array.from({ length: 20 }, (_, i) => record(100 + i)), ...Array.from({ length: 40 }, (_, i) => record(i, { fingerprint: record(200 + i).fingerprint, lastVisit: later, visitCount: 2 }))];
    let steps = 0;
    const reads = await markReads(async () => {
      await history.importJson(await collect(serializeExport(file, new Date(T0))), {
        batchSize: 10, roundSize: 20,
        onProgress: (p) => { if (p.indexed !== undefined && p.indexed > 0) steps++; },
        pause: async () => pause?.(steps, history),
      });
    });
    return { reads, steps };
  }

  test('once per merge when nothing marks a page meanwhile, however many chunks it merges', async () => {
    const { reads, steps } = await mixedImport();
    expect(steps).toBeGreaterThan(4);
    expect(reads).toBe(1);
  });

  test('again after a visit marks a page in the middle of the merge', async () => {
    let visited = false;
    const { reads } = await mixedImport(async (step, history) => {
      if (step !== 2 || visited) return;
      visited = true;
      await history.recordVisit(pageInput({ url: record(0).url, fingerprint: 'fedcba9876543210' }));
    });
    expect(visited).toBe(true);
    expect(reads).toBe(2);
  });
});

describe('visits, deletes and failures during an import of several rounds', () => {
  let restore: (() => void) | undefined;
  /** While set, writes go through uncounted: a visit or a delete meanwhile is not the fault under test. */
  let suspended = false;
  afterEach(() => {
    restore?.();
    restore = undefined;
  });

  type Meanwhile = { kind: 'visit'; page: number; fingerprint: string } | { kind: 'delete'; page: number };
  const hex16 = fc.stringMatching(/^[0-9a-f]{16}$/);
  const meanwhile: fc.Arbitrary<Meanwhile> = fc.oneof(
    fc.record({ kind: fc.constant('visit' as const), page: fc.nat(9), fingerprint: hex16 }),
    fc.record({ kind: fc.constant('delete' as const), page: fc.nat(9) }),
  );

  async function apply(history: History, op: Meanwhile): Promise<void> {
    const url = record(op.page).url;
    if (op.kind === 'visit') {
      await history.recordVisit(pageInput({ url, fingerprint: op.fingerprint }));
      return;
    }
    const page = await history.getByUrl(url);
    if (page) await history.delete(page.id);
  }

  test('after the import (or the next opening, if it failed) the index matches the pages exactly and every page is found', async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(fc.tuple(fc.nat(9), meanwhile), { maxLength: 4 }),
      fc.option(fc.integer({ min: 1, max: 120 }), { nil: undefined }),
      fc.array(fc.nat(9), { minLength: 1, maxLength: 10 }),
      async (schedule, failAt, order) => {
        const { history, factory, name } = await freshHistory(() => T0 + 1000);
        // A URL may be listed twice, with another reading, so later rounds also change pages of earlier ones.
        const records = order.map((i, n) => record(i, n > 4 ? { fingerprint: fingerprintToHex(randomFingerprint(seededRandom(1000 + n))), lastVisit: new Date(T0 + n).toISOString() } : {}));
        const text = await collect(serializeExport(records, new Date(T0)));
        let pauses = 0;
        if (failAt !== undefined) restore = failNthWrite(failAt, () => suspended);
        await history.importJson(text, {
          batchSize: 1, roundSize: 2,
          pause: async () => {
            const due = schedule.filter(([at]) => at === pauses);
            pauses++;
            suspended = true;
            try {
              for (const [, op] of due) await apply(history, op);
            } finally {
              suspended = false;
            }
          },
        }).catch(() => undefined);
        restore?.();
        restore = undefined;
        await history.finishImports();
        const dump = await dumpDatabase(factory, name);
        expect(dump.runs?.keys).toEqual([]);
        expect(indexProblems(dump)).toEqual([]);
        for (const page of (await history.list()).pages) expect((await history.query(page.fingerprint)).map((match) => match.page.id)).toContain(page.id);
        history.close();
      },
    ), { numRuns: 100, interruptAfterTimeLimit: 20_000, seed: 20261130 });
  }, 60_000);
});
