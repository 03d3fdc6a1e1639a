import { IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, test } from 'vitest';
import { fingerprintToHex } from '../../src/core/fingerprint64';
import { serializeExport, type ExportRecord } from '../../src/store';
import { GROUPS_PER_TX } from '../../src/store/import';
import { RUN_STEP_BYTES } from '../../src/store/blocks/runs';
import { chunkOf } from '../../src/store/codec/run';
import { fileInSteps } from '../../src/store/blocks/block-stores';
import { PASSAGE_STORE, refiling, rewriteBucket, type BucketChange } from '../../src/store/codec/bucket';
import { BlockEdits } from '../../src/store/blocks/block-edits';
import { packFingerprints } from '../../src/store/codec/fingerprints';
import { indexProblems } from '../support/history-invariants';
import { openHistoryDatabase } from '../../src/store/open';
import { collect, dumpDatabase, freshHistory, randomFingerprint, seededRandom, T0 } from './helpers';

/**
 * An import in rounds (src/store/import-round.ts): each round's new pages'
 * entries filed in short steps, every bucket rewritten once per round, then
 * its pages in batches of a transaction each. Page checks wait for one short
 * transaction, never for a round; a visit taking a key the round planned
 * meanwhile loses nothing.
 */

const AT = new Date(T0).toISOString();

function record(i: number, overrides: Partial<ExportRecord> = {}): ExportRecord {
  const random = seededRandom(i + 1);
  return {
    url: `https://example.com/article/${i}`, title: `Article ${i}`, site: 'example.com', excerpt: 'First words.', textLength: 4000, cjkChars: 0, words: 700, scheme: 2,
    fingerprint: fingerprintToHex(randomFingerprint(random)), passages: [fingerprintToHex(randomFingerprint(random)), fingerprintToHex(randomFingerprint(random))],
    firstVisit: AT, lastVisit: AT, visitCount: 1, source: 'import', ...overrides,
  };
}

/** Every write request (add, put, delete) while `run` goes: its transaction, store, key and the bytes a bucket put writes. */
let restore: (() => void) | undefined;
function recordWrites(): { tx: IDBTransaction; store: string; key: unknown; bytes: number }[] {
  const writes: { tx: IDBTransaction; store: string; key: unknown; bytes: number }[] = [];
  const methods = ['add', 'put', 'delete'] as const;
  const originals = methods.map((method) => IDBObjectStore.prototype[method]);
  methods.forEach((method, i) => {
    const original = originals[i] as (...args: unknown[]) => unknown;
    IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: unknown[]) {
      writes.push({ tx: this.transaction, store: this.name, key: method === 'delete' ? args[0] : args[1], bytes: args[0] instanceof Uint8Array ? args[0].byteLength : 0 });
      return original.apply(this, args);
    } as never;
  });
  restore = () => methods.forEach((method, i) => {
    IDBObjectStore.prototype[method] = originals[i] as never;
  });
  return writes;
}
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe('what one transaction of an import writes: a page check queued behind it waits for little', () => {
  test.each([
    ['one round', 2_500, 10_000],
    ['three rounds', 2_500, 1_000],
  ])('%s (%i records, rounds of %i, listed out of key order): a few groups of pages, a step of runs or of buckets per transaction; every group once a round, every bucket once', async (_what, records, roundSize) => {
    const { history, factory, name } = await freshHistory();
    // By URL, so not by key (a key is the URL's hash): each batch's new pages spread over most groups.
    const text = await collect(serializeExport(Array.from({ length: records }, (_, i) => record(i)), new Date(T0)));
    const writes = recordWrites();
    const report = await history.importJson(text, { roundSize });
    restore?.();
    expect(report).toMatchObject({ imported: records, updated: 0, unchanged: 0 });

    const byTx = new Map<IDBTransaction, { store: string; key: unknown; bytes: number }[]>();
    for (const { tx, ...write } of writes) byTx.set(tx, [...(byTx.get(tx) ?? []), write]);
    const rounds = Math.ceil(records / roundSize);
    for (const txWrites of byTx.values()) {
      const stores = new Set(txWrites.map((write) => write.store));
      // Groups of pages (GROUPS_PER_TX at most) with their sizes alone; runs alone (a step of a round's entries set aside);
      // or the buckets of one store: a filing step, or a merge step (one chunk) that also deletes its runs.
      if (stores.has('groups')) {
        expect([...stores].sort()).toEqual(['groupSizes', 'groups']);
        expect(txWrites.filter((write) => write.store === 'groups').length).toBeLessThanOrEqual(GROUPS_PER_TX);
      } else if (!(stores.size === 1 && stores.has('runs'))) {
        const blocks = [...stores].filter((store) => store !== 'runs');
        expect(blocks).toHaveLength(1);
        if (stores.has('runs')) {
          const keys = txWrites.filter((write) => write.store !== 'runs').map((write) => chunkOf(write.key as number));
          expect(new Set(keys).size).toBe(1);
        }
      }
      if (stores.has('runs') && stores.size === 1) expect(txWrites.reduce((sum, write) => sum + write.bytes, 0)).toBeLessThanOrEqual(RUN_STEP_BYTES + 300_000);
    }
    // Every group of pages written once a round, whatever the file's order; every bucket once (filed in one pass, or merged from the runs at the end).
    const perRecord = new Map<string, number>();
    for (const { store, key } of writes) if (store !== 'runs') perRecord.set(`${store}/${String(key)}`, (perRecord.get(`${store}/${String(key)}`) ?? 0) + 1);
    const most = (prefix: string) => Math.max(...[...perRecord].filter(([id]) => id.startsWith(prefix)).map(([, n]) => n));
    expect(most('groups/')).toBeLessThanOrEqual(rounds);
    expect(most('block')).toBe(1);
    const dump = await dumpDatabase(factory, name);
    expect(dump.runs?.keys).toEqual([]);
    expect(indexProblems(dump)).toEqual([]);
    expect(await history.count()).toBe(records);
  }, 120_000);
});

describe('a filing step reads and writes about FILING_STEP_BYTES, whatever the size of the buckets (decisions/0063)', () => {
  /** Edits filing `pages` pages from `first` on, each with a whole fingerprint and `passages` passages (block0 holds them all). */
  const pagesEdits = (first: number, pages: number, passages: number): BlockEdits => {
    const edits = new BlockEdits();
    const random = seededRandom(first);
    for (let id = first; id < first + pages; id++) edits.add(id, Array.from({ length: 1 + passages }, () => randomFingerprint(random)));
    return edits;
  };
  test('block0, eight times the entries of block1, takes about eight times the steps, each near the budget', async () => {
    const { factory, name } = await freshHistory();
    const db = await openHistoryDatabase(factory, name);
    const stepBytes = 16 * 1024;
    // A first round into empty stores, then a second whose steps read what the first wrote.
    for (const b of [0, 1, 2, 3]) await fileInSteps(db, pagesEdits(1, 6_000, 7), b, stepBytes);
    const writes = recordWrites();
    for (const b of [0, 1, 2, 3]) await fileInSteps(db, pagesEdits(10_000, 6_000, 7), b, stepBytes);
    restore?.();
    const steps = new Map<string, number[]>();
    const byTx = new Map<IDBTransaction, { store: string; bytes: number }>();
    for (const { tx, store, bytes } of writes) byTx.set(tx, { store, bytes: (byTx.get(tx)?.bytes ?? 0) + bytes });
    for (const { store, bytes } of byTx.values()) steps.set(store, [...(steps.get(store) ?? []), bytes]);
    const total = (store: string): number => (steps.get(store) ?? []).reduce((sum, bytes) => sum + bytes, 0);
    // Each step writes its buckets back: what it read and what it appends, so the budget and one bucket's worth at most.
    for (const [store, bytes] of steps) expect(Math.max(...bytes), store).toBeLessThanOrEqual(2 * stepBytes);
    for (const store of ['block0', 'block1']) expect((steps.get(store) ?? []).length, store).toBeGreaterThanOrEqual(total(store) / (2 * stepBytes));
    expect(total('block0')).toBeGreaterThan(6 * total('block1'));
    expect((steps.get('block0') ?? []).length).toBeGreaterThan(4 * (steps.get('block1') ?? []).length);
    db.close();
  }, 60_000);
});

describe('filing a page again replaces its entries in a bucket (refiling), so a rerun never doubles them', () => {
  const entries = (pageId: number, seed: number) => {
    const edits = new BlockEdits(PASSAGE_STORE);
    const random = seededRandom(seed);
    // Fingerprints sharing their first block: every entry in the same block0 bucket.
    const whole = randomFingerprint(random);
    edits.addPacked(pageId, packFingerprints([whole, { hi: whole.hi, lo: (whole.lo ^ 0xff) >>> 0 }]));
    return (edits.changes(PASSAGE_STORE)[0] as [number, BucketChange])[1].append;
  };
  const other = entries(7, 1);
  test.each<[string, Uint8Array | undefined, BucketChange, Uint8Array]>([
    ['into an empty bucket', undefined, { append: entries(5, 2) }, entries(5, 2)],
    ['the same page filed twice', new Uint8Array([...other, ...entries(5, 2)]), { append: entries(5, 2) }, new Uint8Array([...other, ...entries(5, 2)])],
    ['a page filed again with other fingerprints: the old entries go', new Uint8Array([...entries(5, 3), ...other]), { append: entries(5, 2) }, new Uint8Array([...other, ...entries(5, 2)])],
    ['a removal with nothing appended', new Uint8Array([...other, ...entries(5, 2)]), { drop: new Set([5]), append: new Uint8Array(0) }, other],
  ])('%s', (_what, bucket, change, expected) => {
    expect(rewriteBucket(bucket, refiling(change, PASSAGE_STORE), PASSAGE_STORE)).toEqual(expected);
  });
});

describe('a visit taking a key the round planned, before the round writes its page', () => {
  test('the visit is kept, the file\'s reading merged into it, and the index matches the pages exactly', async () => {
    const { history, factory, name } = await freshHistory(() => T0 + 60_000);
    const records = Array.from({ length: 30 }, (_, i) => record(i));
    const text = await collect(serializeExport(records, new Date(T0)));
    const lines = text.split(/(?<=\n)/);
    async function* chunks(): AsyncGenerator<string> {
      for (let line = 0; line < lines.length; line++) {
        // Record 3 is planned (batches of 5, one round) by the time line 20 is read: the visit takes its key first.
        if (line === 20) await history.recordVisit({ url: records[3]!.url, title: 'Read now', site: 'example.com', excerpt: '', textLength: 10, cjkChars: 0, words: 2, fingerprint: 'f0f0f0f0f0f0f0f0', passages: [], scheme: 2, source: 'visit' });
        yield lines[line] as string;
      }
    }
    const report = await history.importJson(chunks(), { batchSize: 5 });
    expect(report).toMatchObject({ imported: 29, updated: 1, unchanged: 0, rejectedCount: 0 });
    expect(await history.count()).toBe(30);
    // The visit is the later reading: its content stays; the file's earlier visit moves its first visit back.
    expect(await history.getByUrl(records[3]!.url)).toMatchObject({ title: 'Read now', fingerprint: 'f0f0f0f0f0f0f0f0', firstVisit: T0, lastVisit: T0 + 60_000, visitCount: 1 });
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
  });
});
