/**
 * Runs in IndexedDB (codec/run.ts): an import of more than one round sets
 * each round's bucket entries aside as a run, then files all the runs in one
 * merge at its end, every bucket rewritten once, instead of rewriting every
 * bucket once a round (docs/decisions/0071). Until the merge, the import's
 * pages are stored but not found by a look-up.
 *
 * A writer that files or removes a page's entries while runs are waiting
 * (a visit, a delete, the import's own merging writes) marks the page with
 * the runs clock (applyBlockEdits): its entries in the block stores are then
 * whole and current, so the merge leaves out its entries in the runs of
 * that sequence or before, and keeps those of a round begun later. Whatever
 * stops an import, the runs it left are merged by the next import, or when
 * the history opens (History.finishImports).
 */
import { ENTRY_BYTES, forEachPageKey, refiling, rewriteBucket, type Bucket } from '../codec/bucket';
import { CHUNK_KEYS, checkRun, lastRunsEntries, runEntries, runRecords, type Mark, type RunKey } from '../codec/run';
import { collectRequests, inTransaction } from '../errors';
import { BLOCK_STORES, type BlockStoreName, type HistoryDatabase, type WriteTx } from '../schema';
import type { BlockEdits } from './block-edits';

/** Every run record: arrays sort after numbers, so marks (page keys) are outside. A function: the CLI loads this module where IndexedDB does not exist. */
const allRuns = (): IDBKeyRange => IDBKeyRange.lowerBound([]);
/** Every mark: the keys that are numbers. */
const allMarks = (): IDBKeyRange => IDBKeyRange.bound(-Infinity, Infinity);
/** Where the runs clock is kept: a string, so neither a mark nor a run. */
const CLOCK = 'clock';
/**
 * A token every marking replaces (a string key, as the clock): a merge reads
 * the marks again only when it changed, not at every chunk, since an import
 * that updates stored pages marks every one of them (decisions/0071).
 */
const MARKED = 'marked';

/** The run records of block store `b`'s chunk, in sequence order: `[b, chunk]` sorts before every `[b, chunk, n]`. */
function chunkRuns(b: number, chunk: number): IDBKeyRange {
  return IDBKeyRange.bound([b, chunk], [b, chunk, Infinity]);
}

/**
 * Bytes of run records written per transaction. Look-ups do not read the
 * runs store, so only a visit's write waits for a step; 2 MB keeps that
 * wait short while a round's ~14 MB of entries (50,000 pages of ~34
 * fingerprints) take ~7 transactions. 4 MB measured no faster
 * (decisions/0071).
 */
export const RUN_STEP_BYTES = 2 * 1024 * 1024;

/** Whether an import's runs are waiting to be merged, so writes of bucket entries must mark their pages. */
async function runsWaiting(store: { getKey(query: IDBKeyRange): Promise<unknown> }): Promise<boolean> {
  return (await store.getKey(allRuns())) !== undefined;
}

interface RunsStore {
  get(key: typeof CLOCK): Promise<unknown>;
  put(value: Mark, key: number | typeof MARKED): Promise<unknown>;
}

/** Marks `pages` with the runs clock (a store of a transaction that writes `runs`), and replaces the MARKED token. */
async function mark(store: RunsStore, pages: Iterable<number>): Promise<void> {
  const clock = ((await store.get(CLOCK)) as number | undefined) ?? 0;
  await Promise.all(collectRequests((request) => {
    for (const key of pages) request(store.put(clock, key));
    // Random, not a count: a count restarts once the runs are gone, and a merge still running could take a new one for the old.
    request(store.put(Math.random(), MARKED));
  }));
}

/** The marks as a merge last read them, with the MARKED token they were read under. */
interface MarksRead {
  token: unknown;
  byPage: Map<number, Mark>;
}

/**
 * Within a write of bucket entries (blocks/block-stores.ts applyBlockEdits):
 * when runs are waiting, marks every page `edits` touches, so the merge does
 * not bring back entries the write replaced or removed.
 */
export async function markIfRunsWaiting(tx: WriteTx, edits: BlockEdits): Promise<void> {
  const store = tx.objectStore('runs');
  const pages = edits.pages();
  if (pages.size === 0 || !(await runsWaiting(store))) return;
  await mark(store, pages);
}

/**
 * Marks `keys`, in a transaction of its own: an import that gave up pages
 * whose entries it had set aside leaves those entries out of the merge (no
 * page holds them, or another writer's page does).
 */
export async function supersede(db: HistoryDatabase, keys: readonly number[]): Promise<void> {
  if (keys.length === 0) return;
  const tx = db.transaction('runs', 'readwrite');
  await inTransaction(tx, () => mark(tx.objectStore('runs'), keys));
}

/** Calls `visit` with the page key of every entry block store `b`'s runs hold (a transaction with the runs store). */
export async function forEachWaitingPage(store: { getAll(query: IDBKeyRange): Promise<unknown[]> }, b: number, visit: (pageKey: number) => void): Promise<void> {
  const records = await store.getAll(IDBKeyRange.bound([b], [b, Infinity, Infinity]));
  for (const value of records) forEachPageKey(checkRun(value).e, b, visit);
}

/**
 * Sets aside a round's entries as a run: the clock moves on and gives the
 * round its sequence, then block store by store (`editsOf(b)` holds only
 * that store's entries), a record per chunk, RUN_STEP_BYTES a transaction.
 */
export async function spillRun(db: HistoryDatabase, editsOf: (b: number) => BlockEdits): Promise<void> {
  const clockTx = db.transaction('runs', 'readwrite', { durability: 'relaxed' });
  const sequence = await inTransaction(clockTx, async () => {
    const store = clockTx.objectStore('runs');
    const next = (((await store.get(CLOCK)) as number | undefined) ?? 0) + 1;
    await store.put(next, CLOCK);
    return next;
  });
  for (let b = 0; b < BLOCK_STORES.length; b++) {
    const records = runRecords(editsOf(b).changes(b));
    for (let i = 0; i < records.length;) {
      let j = i;
      for (let bytes = 0; j < records.length && (j === i || bytes + (records[j] as [number, { e: Uint8Array }])[1].e.byteLength <= RUN_STEP_BYTES); j++) bytes += (records[j] as [number, { e: Uint8Array }])[1].e.byteLength;
      const step = records.slice(i, j);
      i = j;
      // Relaxed: a step lost to a crash loses entries only with their pages, which are written after the run.
      const tx = db.transaction('runs', 'readwrite', { durability: 'relaxed' });
      const store = tx.objectStore('runs');
      await inTransaction(tx, () => Promise.all(collectRequests((request) => step.forEach(([chunk, record]) => request(store.add(record, [b, chunk, sequence]))))));
    }
  }
}

/**
 * Files every waiting run in the block stores, a chunk of a store a
 * transaction: its buckets read once, each run's entries (less those of
 * superseded pages) filed in sequence order by refiling, so a page's later
 * run replaces its earlier one and filing twice leaves each entry once; then
 * the chunk's runs go. The marks go once no run is left. `onStep` runs
 * after each step with the chunks merged and the chunks in all (an import
 * reports progress and lets checks in). Idempotent and safe to run beside
 * another merge: a chunk already merged has no runs.
 */
export async function mergeRuns(db: HistoryDatabase, onStep: (merged: number, chunks: number) => Promise<void> = () => Promise.resolve()): Promise<void> {
  const listTx = db.transaction('runs', 'readonly');
  const [keys, held] = await inTransaction(listTx, () => Promise.all([listTx.objectStore('runs').getAllKeys(allRuns()), listTx.objectStore('runs').count()]));
  if (held === 0) return;
  const chunks = [...new Set(keys.map((key) => `${(key as RunKey)[0]},${(key as RunKey)[1]}`))].map((id) => id.split(',').map(Number) as [number, number]);
  let marks: MarksRead | undefined;
  for (const [i, [b, chunk]] of chunks.entries()) {
    marks = await mergeChunk(db, b, chunk, marks);
    await onStep(i + 1, chunks.length);
  }
  const tx = db.transaction('runs', 'readwrite');
  await inTransaction(tx, async () => {
    const store = tx.objectStore('runs');
    if (await runsWaiting(store)) return;
    await Promise.all(collectRequests((request) => {
      request(store.delete(allMarks()));
      request(store.delete(CLOCK));
      request(store.delete(MARKED));
    }));
  });
}

/** Merges one chunk of block store `b`; `read`: the marks as the step before read them, reused unless the MARKED token changed. Resolves to the marks as this step had them. */
async function mergeChunk(db: HistoryDatabase, b: number, chunk: number, read: MarksRead | undefined): Promise<MarksRead | undefined> {
  const name = BLOCK_STORES[b] as BlockStoreName;
  const tx = db.transaction([name, 'runs'], 'readwrite', { durability: 'relaxed' });
  return inTransaction(tx, async () => {
    const runs = tx.objectStore('runs');
    const blocks = tx.objectStore(name);
    const low = chunk * CHUNK_KEYS;
    const range = IDBKeyRange.bound(low, low + CHUNK_KEYS - 1);
    const [runKeys, records, token, bucketKeys, buckets] = await Promise.all([
      runs.getAllKeys(chunkRuns(b, chunk)), runs.getAll(chunkRuns(b, chunk)), runs.get(MARKED), blocks.getAllKeys(range), blocks.getAll(range),
    ]);
    if (records.length === 0) return read;
    let marks = read;
    if (marks === undefined || marks.token !== token) {
      const [markKeys, values] = await Promise.all([runs.getAllKeys(allMarks()), runs.getAll(allMarks())]);
      marks = { token, byPage: new Map<number, Mark>(markKeys.map((key, i) => [key as number, values[i] as Mark])) };
    }
    const checked = records.map(checkRun);
    const sequences = runKeys.map((key) => (key as RunKey)[2]);
    const marked = marks.byPage;
    const byKey = new Map<number, Bucket>(bucketKeys.map((key, i) => [key, buckets[i] as Bucket]));
    await Promise.all(collectRequests((request) => {
      for (let offset = 0; offset < CHUNK_KEYS; offset++) {
        const key = low + offset;
        const stored = byKey.get(key);
        const appends = checked.map((record, r) => runEntries(record, offset, b, sequences[r] as number, marked)).filter((append) => append.byteLength >= ENTRY_BYTES);
        if (appends.length === 0) continue;
        const append = lastRunsEntries(appends, b);
        // A new bucket needs no refiling (nothing to drop): most of them, in an import into an empty history. A copy, as a view would store its whole buffer.
        const bucket = stored === undefined ? append.slice() : rewriteBucket(stored, refiling({ append }, b), b);
        if (bucket !== undefined) request(blocks.put(bucket, key));
        else if (stored !== undefined) request(blocks.delete(key));
      }
      request(runs.delete(chunkRuns(b, chunk)));
    }));
    return marks;
  });
}
