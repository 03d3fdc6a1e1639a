import { describe, expect, test, vi } from 'vitest';
import { fingerprintToHex } from '../../src/core/fingerprint64';
import { ExportFormatError, IMPORT_BATCH, ImportIncompleteError, openHistory, serializeExport, type ExportRecord, type History, type ImportReport } from '../../src/store';
import { bucketKey } from '../../src/store/codec/bucket';
import { groupOf } from '../../src/store/codec/page-group';
import { SLOTS_PER_HASH, urlHash } from '../../src/store/codec/page-key';
import { nextTask } from '../../src/store/import';
import { indexProblems } from '../support/history-invariants';
import { collect, dumpDatabase, freshHistory, pageInput, randomFingerprint, rawOpen, rawPut, seededRandom, T0 } from './helpers';

/**
 * Imports of any size, a batch per transaction (docs/export-format.md,
 * "Import"): more than the old 100,000-page limit, the same file twice,
 * imports stopped half way and run again, damaged files. After each, the
 * block index matches the pages exactly (each page all or nothing across
 * the stores) and no page that was in the history is lost.
 */

const AT = new Date(T0).toISOString();
/** Records per batch in these tests: small, so a few dozen records make many transactions. */
const BATCH = 7;

function record(i: number, random = seededRandom(i + 1), overrides: Partial<ExportRecord> = {}): ExportRecord {
  return {
    url: `https://example.com/article/${i}`, title: `Article ${i}`, site: 'example.com', excerpt: 'First words.', textLength: 4000, cjkChars: 0, words: 700, scheme: 2,
    fingerprint: fingerprintToHex(randomFingerprint(random)), passages: [fingerprintToHex(randomFingerprint(random))],
    firstVisit: AT, lastVisit: AT, visitCount: 1, source: 'import', ...overrides,
  };
}

/** A history with three pages read before; the file below also lists the first with an older, shorter reading. */
async function populated() {
  const setup = await freshHistory();
  for (let i = 0; i < 3; i++) await setup.history.recordVisit(pageInput({ url: `https://example.com/article/${i}`, title: `Read ${i}`, fingerprint: `${i}123456789abcdef` }));
  return setup;
}

const RECORDS = 50;
const FILE_RECORDS = Array.from({ length: RECORDS }, (_, i) => record(i, seededRandom(i + 1), i === 0 ? { lastVisit: new Date(T0 - 86_400_000).toISOString(), firstVisit: new Date(T0 - 86_400_000).toISOString() } : {}));

/** The file's lines (header, one record each, closing), each a chunk of its own after a timer, as a file reader delivers them. */
async function* lines(text: string, beforeLine?: (line: number) => void | Promise<void>): AsyncGenerator<string> {
  const all = text.split(/(?<=\n)/);
  for (let line = 0; line < all.length; line++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await beforeLine?.(line);
    yield all[line] as string;
  }
}

/** Every page as exported: what "the same history" means to the user, whatever order the bucket entries were appended in. */
async function exported(history: History): Promise<string> {
  return collect(history.exportJson());
}

async function outcome(promise: Promise<ImportReport>): Promise<ImportReport | Error> {
  return promise.then((report) => report, (error: unknown) => error as Error);
}

/** The history after importing the whole file in one go: what every interrupted import, run again, must end as. */
async function reference(text: string): Promise<string> {
  const { history } = await populated();
  await history.importJson(text, { batchSize: BATCH });
  return exported(history);
}

describe('a file larger than the old 100,000-page limit', () => {
  test('100,500 records are all imported, and the block index matches the pages', async () => {
    const { history, factory, name } = await freshHistory();
    const count = 100_500;
    function* records() {
      for (let i = 0; i < count; i++) yield record(i, seededRandom(i + 1), { passages: [] });
    }
    // Progress comes after each batch (records handled move on) and after each transaction of new pages' groups (only the new count moves).
    let batches = 0;
    let handled = 0;
    const report = await history.importJson(serializeExport(records(), new Date(T0)), { onProgress: (p) => { if (p.records > handled) batches++; handled = p.records; } });
    expect(report).toEqual({ imported: count, updated: 0, unchanged: 0, rejected: [], rejectedCount: 0 });
    expect(batches).toBe(Math.ceil(count / IMPORT_BATCH));
    expect(await history.count()).toBe(count);
    expect(await history.getByUrl(record(count - 1).url)).toMatchObject({ title: `Article ${count - 1}` });
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
  }, 300_000);
});

describe('importing the same file again adds nothing', () => {
  test.each([
    ['a file listing each page once', FILE_RECORDS],
    ['a file listing pages twice, batches apart, with different readings', [...FILE_RECORDS, ...FILE_RECORDS.slice(0, 20).map((r, i) => ({ ...r, visitCount: 3 + i, lastVisit: new Date(T0 + 60_000).toISOString(), title: `Again ${i}` }))]],
    ['the history\'s own export', undefined],
  ])('%s: every page unchanged, not a byte of the database written', async (_what, records) => {
    const { history, factory, name } = await populated();
    const text = records === undefined ? await exported(history) : await collect(serializeExport(records, new Date(T0)));
    if (records !== undefined) await history.importJson(text, { batchSize: BATCH });
    const before = await dumpDatabase(factory, name);
    const report = await history.importJson(text, { batchSize: BATCH });
    expect(report).toMatchObject({ imported: 0, updated: 0, rejectedCount: 0 });
    expect(report.unchanged).toBe(await history.count());
    expect(await dumpDatabase(factory, name)).toEqual(before);
  });
});

/** Ways an import stops half way, each with what to do before running it again. */
const FAILURES: [string, (history: History, factory: IDBFactory, name: string) => { at: (line: number) => Promise<void>; repair: () => Promise<History> }, (error: Error) => void][] = [
  ['the file stops arriving (a read error)', (history) => ({
    at: async (line) => { if (line === 23) throw new Error('the file could not be read'); },
    repair: async () => history,
  }), (error) => expect(error.message).toMatch(/^The import stopped after record 21 \(the file could not be read\)\. Records 1–21 were imported .*; importing the file again completes it\.$/)],
  ['the history is closed (the page closed)', (history, factory, name) => ({
    at: async (line) => { if (line === 30) history.close(); },
    // As the background does when it starts: the entries the import set aside are filed.
    repair: async () => {
      const reopened = await openHistory({ indexedDB: factory, name, now: () => T0 });
      await reopened.finishImports();
      return reopened;
    },
  }), (error) => expect(error.message).toMatch(/^The import stopped after record \d+ \(.+\)\. Records 1–\d+ were imported/)],
  ['a write fails (a damaged group of pages)', (history, factory, name) => {
    // The group the 31st record's page goes in, damaged once 28 records (four batches) are in: the fifth batch fails.
    const key = groupOf(urlHash((FILE_RECORDS[30] as ExportRecord).url) * SLOTS_PER_HASH);
    let original: unknown;
    return {
      at: async (line) => {
        if (line !== 29) return;
        const { keys, values } = (await dumpDatabase(factory, name)).groups as { keys: unknown[]; values: unknown[] };
        original = values[keys.indexOf(key)];
        await rawPut(factory, name, 'groups', new Uint8Array(3), key);
      },
      repair: async () => {
        if (original !== undefined) await rawPut(factory, name, 'groups', original, key);
        else await rawDelete(factory, name, 'groups', key);
        return history;
      },
    };
  }, (error) => expect(error.message).toMatch(/^The import stopped after record 28 \(the stored group of pages \d+ is damaged\)\. Records 1–28 were imported/)],
];

async function rawDelete(factory: IDBFactory, name: string, store: string, key: IDBValidKey): Promise<void> {
  const db = await rawOpen(factory, name);
  try {
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(store, 'readwrite');
      tx.objectStore(store).delete(key);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

describe('an import stopped half way leaves a consistent history, and running it again completes it', () => {
  test.each(FAILURES)('%s', async (_how, failure, message) => {
    const { history, factory, name } = await populated();
    const text = await collect(serializeExport(FILE_RECORDS, new Date(T0)));
    const kept = await history.getByUrl(record(0).url);
    const { at, repair } = failure(history, factory, name);

    // A round per batch: the pages of the rounds before the failure are in.
    const error = await outcome(history.importJson(lines(text, at), { batchSize: BATCH, roundSize: BATCH }));
    expect(error).toBeInstanceOf(ImportIncompleteError);
    const incomplete = error as ImportIncompleteError;
    message(incomplete);
    expect(incomplete.damaged).toBe(false);
    expect(incomplete.savedRecords % BATCH).toBe(0);
    expect(incomplete.savedRecords).toBeGreaterThan(0);
    expect(incomplete.savedRecords).toBeLessThan(RECORDS);

    const resumed = await repair();
    // Records 1 to savedRecords are in, each with its block index entries; none after (their entries may be left, keyed to no page).
    expect(indexProblems(await dumpDatabase(factory, name), { leftovers: true })).toEqual([]);
    expect(await resumed.count()).toBe(incomplete.savedRecords);
    expect(await resumed.getByUrl(record(incomplete.savedRecords).url)).toBeUndefined();
    // The page read before keeps its later reading (the file's older one only moves its first visit back).
    expect(await resumed.getByUrl(record(0).url)).toEqual({ ...kept, firstVisit: T0 - 86_400_000 });

    const rerun = await resumed.importJson(lines(text), { batchSize: BATCH });
    expect(rerun).toMatchObject({ imported: RECORDS - incomplete.savedRecords, updated: 0, unchanged: incomplete.savedRecords, rejectedCount: 0 });
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
    expect(await exported(resumed)).toBe(await reference(text));
  });
});

describe('an import whose last step, filing the entries it set aside, fails', () => {
  test('every page is in; the history opened again files the entries, and the file imported again changes nothing', async () => {
    const { history, factory, name } = await populated();
    const text = await collect(serializeExport(FILE_RECORDS, new Date(T0)));
    // The block0 bucket of the 31st record's whole fingerprint, damaged before the rounds' entries are merged (one round a batch, so they are set aside).
    const key = bucketKey(Number.parseInt((FILE_RECORDS[30] as ExportRecord).fingerprint.slice(0, 4), 16), 0);
    let original: unknown;
    const error = await outcome(history.importJson(lines(text, async (line) => {
      if (line !== 29) return;
      const { keys, values } = (await dumpDatabase(factory, name)).block0 as { keys: unknown[]; values: unknown[] };
      original = values[keys.indexOf(key)];
      await rawPut(factory, name, 'block0', new Uint8Array(3), key);
    }), { batchSize: BATCH, roundSize: BATCH }));
    expect((error as Error).message).toMatch(/^The import stopped after record 50 \(a bucket of the block index is damaged\)\. Records 1–50 were imported .*; importing the file again completes it\.$/);
    expect(await history.count()).toBe(RECORDS);
    expect((await dumpDatabase(factory, name)).runs?.keys.length).toBeGreaterThan(0);

    if (original !== undefined) await rawPut(factory, name, 'block0', original, key);
    else await rawDelete(factory, name, 'block0', key);
    const reopened = await openHistory({ indexedDB: factory, name, now: () => T0 });
    await reopened.finishImports();
    const dump = await dumpDatabase(factory, name);
    expect(dump.runs?.keys).toEqual([]);
    expect(indexProblems(dump)).toEqual([]);
    expect(await reopened.query((FILE_RECORDS[30] as ExportRecord).fingerprint)).toMatchObject([{ page: { url: (FILE_RECORDS[30] as ExportRecord).url } }]);
    expect(await reopened.importJson(text, { batchSize: BATCH })).toMatchObject({ imported: 0, updated: 0, unchanged: RECORDS });
    expect(await exported(reopened)).toBe(await reference(text));
    reopened.close();
    history.close();
  });
});

describe('a damaged file: refused with a clear error, nothing in the history lost', () => {
  const whole = () => collect(serializeExport(FILE_RECORDS, new Date(T0)));
  test.each([
    ['a version this reader does not know', async () => (await whole()).replace('"version":2', '"version":3'), 0, /^Invalid export file: .*version.*line 1/],
    ['invalid JSON in the first batch', async () => (await whole()).replace('"Article 3"', '"Article 3'), 0, /^Invalid export file: .*line \d+/],
    ['cut short after three batches', async () => { const text = await whole(); return text.slice(0, text.indexOf('"Article 24"')); }, 21, /^The file is damaged after record 2[45] \(Invalid export file: .*truncated.*\)\. Records 1–21 were imported \(18 new, 1 updated, 2 unchanged\); nothing after record 21 was\.$/],
    ['invalid JSON in the last record', async () => (await whole()).replace(`"Article ${RECORDS - 1}"`, `"Article ${RECORDS - 1}`), 49, /^The file is damaged after record \d+ .*Records 1–49 were imported/],
  ])('%s', async (_what, file, saved, message) => {
    const { history, factory, name } = await populated();
    const before = await dumpDatabase(factory, name);
    const pagesBefore = (await history.list()).pages;
    const error = await outcome(history.importJson(lines(await file()), { batchSize: BATCH }));
    expect((error as Error).message).toMatch(message);
    if (saved === 0) {
      expect(error).toBeInstanceOf(ExportFormatError);
      expect(await dumpDatabase(factory, name)).toEqual(before);
      return;
    }
    expect(error).toBeInstanceOf(ImportIncompleteError);
    expect(error).toMatchObject({ damaged: true, savedRecords: saved });
    expect(await history.count()).toBe(saved);
    // Merged, never lost: each keeps its own reading; only the file's older reading of the first moved its first visit back.
    for (const page of pagesBefore) expect(await history.getByUrl(page.url)).toEqual(page.url === record(0).url ? { ...page, firstVisit: T0 - 86_400_000 } : page);
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
  });
});

describe('between batches the import waits for the next task, not a timer', () => {
  // Browsers hold a timer set from a timer's own task to 4 ms after five in a row: every
  // batch of a re-import, where no write comes between two pauses, waited that long.
  test('nextTask resolves while timers are held', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      let done = false;
      void nextTask().then(() => (done = true));
      for (let turn = 0; turn < 10 && !done; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
