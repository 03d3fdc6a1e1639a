import { describe, expect, test } from 'vitest';
import { fingerprintToHex } from '../../src/core/fingerprint64';
import { serializeExport, textChunks, type ExportRecord, type History } from '../../src/store';
import { fileDigest, DIGEST_SLICE_BYTES, SliceDigest } from '../../src/store/file-digest';
import { MAX_RECEIPTS } from '../../src/store/import-receipts';
import { indexProblems } from '../support/history-invariants';
import { openHistory } from '../../src/store';
import { collect, dumpDatabase, freshHistory, manualClock, pageInput, randomFingerprint, rawPut, seededRandom, T0 } from './helpers';

const HOUR = 3_600_000;

function record(i: number, overrides: Partial<ExportRecord> = {}): ExportRecord {
  const random = seededRandom(i + 1);
  return {
    url: `https://example.com/${i}`, title: `Title ${i}`, site: 'example.com', excerpt: `Excerpt ${i}`, textLength: 1000, cjkChars: 0, words: 200, scheme: 2,
    fingerprint: fingerprintToHex(randomFingerprint(random)), passages: [], firstVisit: new Date(T0 - HOUR).toISOString(), lastVisit: new Date(T0).toISOString(), visitCount: 2, source: 'import',
    ...overrides,
  };
}

async function fileOf(records: ExportRecord[]): Promise<Blob> {
  return new Blob([await collect(serializeExport((async function* () { yield* records; })(), new Date(T0)))]);
}

/** The history's stores but the receipts: what importing a file may change. */
async function pagesAndIndex(factory: IDBFactory, name: string) {
  const dump = await dumpDatabase(factory, name);
  delete dump.imports;
  return dump;
}

describe('importing the same file again', () => {
  test('is answered from the receipt: nothing written, every page unchanged, and when it was imported', async () => {
    const clock = manualClock();
    const { history, factory, name } = await freshHistory(clock.now);
    const file = await fileOf(Array.from({ length: 30 }, (_, i) => record(i)));
    const first = await history.importFile(file, { batchSize: 7 });
    expect(first).toEqual({ imported: 30, updated: 0, unchanged: 0, rejected: [], rejectedCount: 0 });
    const before = await dumpDatabase(factory, name);

    clock.advance(HOUR);
    const progress: unknown[] = [];
    const again = await history.importFile(file, { onProgress: (p) => progress.push(p) });
    expect(again).toEqual({ imported: 0, updated: 0, unchanged: 30, rejected: [], rejectedCount: 0, alreadyImported: T0 });
    expect(progress).toEqual([]);
    expect(await dumpDatabase(factory, name)).toEqual(before);
  });

  test('the same bytes in another Blob are the same file; one byte changed, or another source, is another', async () => {
    const { history } = await freshHistory();
    const records = Array.from({ length: 5 }, (_, i) => record(i));
    await history.importFile(await fileOf(records));
    expect((await history.importFile(await fileOf(records))).alreadyImported).toBe(T0);

    // Same size, one title letter changed: read through, and the page updated (a tie on lastVisit keeps the stored one).
    const edited = await fileOf([...records.slice(0, 4), { ...(records[4] as ExportRecord), title: 'Title 5' }]);
    expect(edited.size).toBe((await fileOf(records)).size);
    expect(await history.importFile(edited)).toEqual({ imported: 0, updated: 0, unchanged: 5, rejected: [], rejectedCount: 0 });
    // The receipt of a file imported as the user's own articles is another one.
    expect((await history.importFile(await fileOf(records), { source: 'author' })).alreadyImported).toBeUndefined();
    expect((await history.importFile(await fileOf(records), { source: 'author' })).alreadyImported).toBe(T0);
  });

  test.each([
    ['a page deleted', (history: History) => history.getByUrl('https://example.com/3').then((page) => history.delete(page?.id as number))],
    ['a site deleted', async (history: History) => history.deletePages(await history.pageIdsOfSites((site) => site === 'example.com'))],
    ['the history cleared', (history: History) => history.clear()],
  ])('after %s, is read through and brings back what the file holds', async (_what, remove) => {
    const { history, factory, name } = await freshHistory();
    const file = await fileOf(Array.from({ length: 12 }, (_, i) => record(i)));
    await history.importFile(file, { batchSize: 5 });
    const whole = await pagesAndIndex(factory, name);
    await remove(history);
    expect(await history.count()).toBeLessThan(12);

    const again = await history.importFile(file, { batchSize: 5 });
    expect(again.alreadyImported).toBeUndefined();
    expect(again.imported).toBeGreaterThan(0);
    expect(await history.count()).toBe(12);
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
    expect((await pagesAndIndex(factory, name)).pages).toEqual(whole.pages);
    // And leaves a receipt again.
    expect((await history.importFile(file)).alreadyImported).toBe(T0);
  });

  test('a page deleted while the file is imported: no receipt, so importing it again brings the page back', async () => {
    const { history, factory, name } = await freshHistory();
    const file = await fileOf(Array.from({ length: 20 }, (_, i) => record(i)));
    const other = await openHistory({ indexedDB: factory, name });
    let deleted = false;
    const first = await history.importFile(file, {
      batchSize: 5,
      pause: async () => {
        if (deleted) return;
        deleted = true;
        const page = await other.getByUrl('https://example.com/0');
        expect(await other.delete(page?.id as number)).toBe(true);
      },
    });
    other.close();
    expect(first.imported).toBe(20);
    expect(await history.count()).toBe(19);
    const again = await history.importFile(file);
    expect(again).toMatchObject({ imported: 1, unchanged: 19 });
    expect(again.alreadyImported).toBeUndefined();
    expect(await history.count()).toBe(20);
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
  });

  test('a file with rejected records leaves no receipt: they are listed again each time', async () => {
    const { history } = await freshHistory();
    const file = await fileOf([record(0), { ...record(1), fingerprint: 'not hex' }, record(2)]);
    expect(await history.importFile(file)).toMatchObject({ imported: 2, rejectedCount: 1 });
    const again = await history.importFile(file);
    expect(again).toMatchObject({ imported: 0, unchanged: 2, rejectedCount: 1 });
    expect(again.alreadyImported).toBeUndefined();
  });

  test('a damaged file leaves no receipt', async () => {
    const { history } = await freshHistory();
    const text = await collect(serializeExport((async function* () { yield* Array.from({ length: 10 }, (_, i) => record(i)); })(), new Date(T0)));
    const damaged = new Blob([text.slice(0, Math.floor(text.length * 0.6))]);
    await expect(history.importFile(damaged, { batchSize: 2 })).rejects.toThrow(/damaged/);
    await expect(history.importFile(damaged, { batchSize: 2 })).rejects.toThrow(/damaged/);
  });

  test.each([1, 2, 3, 4, 5])('after visits, source changes and other files (seed %i), the receipt answers what reading the file through would', async (seed) => {
    const random = seededRandom(seed);
    const records = Array.from({ length: 40 }, (_, i) => record(i, { lastVisit: new Date(T0 + Math.floor(random() * 4) * HOUR).toISOString(), visitCount: 1 + Math.floor(random() * 5) }));
    const file = await fileOf(records);
    const otherText = await (await fileOf(Array.from({ length: 40 }, (_, i) => record(i + 20, { lastVisit: new Date(T0 + Math.floor(random() * 8) * HOUR).toISOString(), title: `Other ${i}`, visitCount: 1 + Math.floor(random() * 9) })))).text();
    // The same history twice, changed in the same steps; then one answers from the receipt, the other reads the file through.
    const steps: ((history: History) => Promise<unknown>)[] = [];
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      waits.push(Math.floor(random() * 3) * HOUR);
      const n = Math.floor(random() * 60);
      const kind = random();
      if (kind < 0.5) steps.push((history) => history.recordVisit(pageInput({ url: `https://example.com/${n}`, title: `Visited ${n}`, fingerprint: fingerprintToHex(randomFingerprint(seededRandom(n + 100 * i))) })));
      else if (kind < 0.7) steps.push((history) => history.setSource(`https://example.com/${n}`, 'author'));
      else steps.push((history) => history.importJson(otherText));
    }
    const clocks = [manualClock(T0 + 2 * HOUR), manualClock(T0 + 2 * HOUR)];
    const [answered, read] = await Promise.all(clocks.map((clock) => freshHistory(clock.now)));
    for (const [h, clock] of [[answered, clocks[0]], [read, clocks[1]]] as const) {
      await h!.history.importFile(file, { batchSize: 9 });
      for (const [i, step] of steps.entries()) {
        clock!.advance(waits[i] as number);
        await step(h!.history);
      }
    }
    const report = await answered!.history.importFile(file);
    expect(report.alreadyImported).toBe(T0 + 2 * HOUR);
    const full = await read!.history.importJson(textChunks(file));
    expect(full).toMatchObject({ imported: 0, updated: 0 });
    expect(await pagesAndIndex(answered!.factory, answered!.name)).toEqual(await pagesAndIndex(read!.factory, read!.name));
  });

  test(`keeps the newest ${MAX_RECEIPTS} receipts, and a damaged one is no receipt`, async () => {
    const clock = manualClock();
    const { history, factory, name } = await freshHistory(clock.now);
    const files = await Promise.all(Array.from({ length: MAX_RECEIPTS + 2 }, (_, i) => fileOf([record(i)])));
    for (const file of files) {
      await history.importFile(file);
      clock.advance(1);
    }
    const receipts = (await dumpDatabase(factory, name)).imports?.keys.filter((key) => key !== 'removed');
    expect(receipts).toHaveLength(MAX_RECEIPTS);
    expect((await history.importFile(files[0] as Blob)).alreadyImported).toBeUndefined();
    expect((await history.importFile(files[MAX_RECEIPTS + 1] as Blob)).alreadyImported).toBe(T0 + MAX_RECEIPTS + 1);

    const last = files[MAX_RECEIPTS + 1] as Blob;
    const digest = await fileDigest(last);
    const key = (await dumpDatabase(factory, name)).imports?.keys.find((k) => String(k).endsWith(`|${digest}`));
    history.close();
    await rawPut(factory, name, 'imports', { at: 'yesterday' }, key);
    const reopened = await openHistory({ indexedDB: factory, name, now: clock.now });
    expect((await reopened.importFile(last)).alreadyImported).toBeUndefined();
    reopened.close();
  });
});

describe('a digest taken elsewhere (ImportFileOptions.fileDigest, as the history page takes it in a worker)', () => {
  const records = Array.from({ length: 12 }, (_, i) => record(i));

  test('is the receipt\'s: the file imported again is answered from it, and is asked for on each import', async () => {
    const { history } = await freshHistory();
    const file = await fileOf(records);
    const asked: Blob[] = [];
    const elsewhere = (f: Blob) => { asked.push(f); return fileDigest(f); };
    expect((await history.importFile(file, { fileDigest: elsewhere })).imported).toBe(12);
    expect(await history.importFile(file, { fileDigest: elsewhere })).toEqual({ imported: 0, updated: 0, unchanged: 12, rejected: [], rejectedCount: 0, alreadyImported: T0 });
    expect(asked).toEqual([file, file]);
    // The same receipt as a digest taken on the import's own thread.
    expect((await history.importFile(await fileOf(records))).alreadyImported).toBe(T0);
  });

  test('one that fails leaves the import whole and no receipt, and the next import reads the file through', async () => {
    const { history } = await freshHistory();
    const file = await fileOf(records);
    const failing = () => Promise.reject(new Error('worker gone'));
    expect(await history.importFile(file, { fileDigest: failing })).toEqual({ imported: 12, updated: 0, unchanged: 0, rejected: [], rejectedCount: 0 });
    expect(await history.importFile(file, { fileDigest: failing })).toEqual({ imported: 0, updated: 0, unchanged: 12, rejected: [], rejectedCount: 0 });
    expect((await history.importFile(file)).alreadyImported).toBeUndefined();
    expect((await history.importFile(file)).alreadyImported).toBe(T0);
  });
});

describe('fileDigest', () => {
  test('is SHA-256 over the SHA-256 of each slice, so files of any size are hashed a slice at a time', async () => {
    const bytes = new Uint8Array(DIGEST_SLICE_BYTES + 5).map((_, i) => (i * 31) & 0xff);
    const sha = async (data: BufferSource) => new Uint8Array(await crypto.subtle.digest('SHA-256', data));
    const slices = [await sha(bytes.slice(0, DIGEST_SLICE_BYTES)), await sha(bytes.slice(DIGEST_SLICE_BYTES))];
    const joined = new Uint8Array(64);
    joined.set(slices[0] as Uint8Array, 0);
    joined.set(slices[1] as Uint8Array, 32);
    const expected = Array.from(await sha(joined), (b) => b.toString(16).padStart(2, '0')).join('');
    expect(await fileDigest(new Blob([bytes]))).toBe(expected);
    expect(await fileDigest(new Blob([bytes.slice(0, 7), bytes.slice(7)]))).toBe(expected);
    bytes[DIGEST_SLICE_BYTES + 4] = (bytes[DIGEST_SLICE_BYTES + 4] as number) ^ 1;
    expect(await fileDigest(new Blob([bytes]))).not.toBe(expected);
  });

  test('is the same whatever chunks the bytes come in (SliceDigest, as an import hashes what it reads)', async () => {
    const bytes = new Uint8Array(2 * DIGEST_SLICE_BYTES + 1000).map((_, i) => (i * 7 + (i >> 12)) & 0xff);
    const expected = await fileDigest(new Blob([bytes]));
    const random = seededRandom(9);
    for (let trial = 0; trial < 3; trial++) {
      const digest = new SliceDigest();
      for (let at = 0; at < bytes.length;) {
        const n = Math.min(bytes.length - at, 1 + Math.floor(random() * DIGEST_SLICE_BYTES * 0.7));
        await digest.update(bytes.subarray(at, at + n));
        at += n;
      }
      expect(digest.bytes).toBe(bytes.length);
      expect(await digest.hex()).toBe(expected);
    }
  });

  test('of an empty file is the digest of no slices', async () => {
    const empty = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(0))), (b) => b.toString(16).padStart(2, '0')).join('');
    expect(await fileDigest(new Blob([]))).toBe(empty);
  });
});
