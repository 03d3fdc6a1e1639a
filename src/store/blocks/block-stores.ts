/**
 * The block index in IndexedDB: applying a transaction's BlockEdits to the
 * four block stores, and the four-block lookup (codec/bucket.ts has the
 * layout and why it finds every fingerprint within distance 3).
 */
import { fingerprintBlocks, type Blocks, type Fingerprint } from '../../core/fingerprint64';
import { PASSAGE_STORE, bucketCandidates, bucketCount, bucketKey, refiling, rewriteBucket, type Bucket, type BucketChange } from '../codec/bucket';
import { collectRequests, inTransaction } from '../errors';
import { BLOCK_STORES, type BlockStoreName, type HistoryDatabase, type ReadTx, type WriteTx } from '../schema';
import type { BlockEdits } from './block-edits';
import { markIfRunsWaiting } from './runs';

/**
 * A store's touched buckets are read by key range (getAll + getAllKeys over
 * RANGE_KEYS keys: two requests instead of one per bucket) when they are more
 * than 1/DENSE_SHARE of its buckets: each request costs ~0.1 ms in Chromium
 * whatever it carries, so a bulk write touching most buckets saves most of its
 * reads, while a sparser one would read ranges of buckets it does not change.
 */
const DENSE_SHARE = 16;
/** Keys per range read: at a million pages < 1 MB of buckets (~2.5 kB each in block1–3, ~3.4 kB in block0), the most a bulk write holds at a time. */
const RANGE_KEYS = 256;

/** What writing a bucket needs of its store, in whichever transaction. */
interface BucketStore {
  put(value: Bucket, key: number): Promise<unknown>;
  delete(key: number): Promise<unknown>;
}

/** Writes the bucket `change` makes of `bucket`, filing its pages' entries afresh (refiling), or deletes it when it ends up empty. */
function writeBucket(store: BucketStore, b: number, key: number, bucket: Bucket | undefined, change: BucketChange, request: (pending: Promise<unknown>) => void): void {
  const next = rewriteBucket(bucket, refiling(change, b), b);
  if (next !== undefined) request(store.put(next, key));
  else if (bucket !== undefined) request(store.delete(key));
}

/**
 * Reads each touched bucket of the stores `edits` covers once, rewrites it,
 * and writes it back (or deletes it when empty); the pages it touches are
 * marked superseded if an import's runs are waiting (blocks/runs.ts).
 */
export async function applyBlockEdits(tx: WriteTx, edits: BlockEdits, stores: readonly number[] = [0, 1, 2, 3]): Promise<void> {
  const marked = markIfRunsWaiting(tx, edits);
  await Promise.all([marked, ...stores.map(async (b) => {
    const store = tx.objectStore(BLOCK_STORES[b] as BlockStoreName);
    const changes = edits.changes(b);
    if (changes.length <= bucketCount(b) / DENSE_SHARE) {
      const buckets = await Promise.all(collectRequests((request) => changes.forEach(([key]) => request(store.get(key))))) as (Bucket | undefined)[];
      await Promise.all(collectRequests((request) => changes.forEach(([key, change], i) => writeBucket(store, b, key, buckets[i], change, request))));
      return;
    }
    let next = 0;
    for (let low = 0; low < bucketCount(b) && next < changes.length; low += RANGE_KEYS) {
      const end = changes.findIndex(([key], i) => i >= next && key >= low + RANGE_KEYS);
      const part = changes.slice(next, end === -1 ? changes.length : end);
      next += part.length;
      if (part.length === 0) continue;
      const range = IDBKeyRange.bound(low, low + RANGE_KEYS - 1);
      const [keys, values] = await Promise.all([store.getAllKeys(range), store.getAll(range)]);
      const byKey = new Map<number, Bucket>(keys.map((key, i) => [key, values[i] as Bucket]));
      // Awaited range by range, so at most one range of buckets is held.
      await Promise.all(collectRequests((request) => part.forEach(([key, change]) => writeBucket(store, b, key, byKey.get(key), change, request))));
    }
  })]);
}

/**
 * About how many bytes of buckets one filing step reads and appends: a page
 * check queued behind a step waits for it. A share of the keys instead (1/64
 * of each store) made block0's steps ~3.5 MB at a million pages, 30 times
 * block1–3's, and checks during such an import a p95 of 707 ms
 * (decisions/0063-filing-steps-by-bytes.md).
 */
export const FILING_STEP_BYTES = 512 * 1024;

/** The share of a store's keys its first filing step spans at most, before the bytes of its buckets are known. */
const FIRST_STEP_SHARE = 1 / 64;

/**
 * Files the additions of `edits` in block store `b` in short transactions of
 * their own, each over a span of keys whose buckets and additions hold about
 * `stepBytes` (the buckets' bytes a key learnt from the steps before), every
 * bucket rewritten once however many pages it gets. Idempotent (refiling):
 * filing the same pages again leaves each entry once. Between two steps, the
 * entries of the steps done are in and the others not: the caller writes the
 * pages after all the steps, so that no page is ever stored without its
 * entries.
 */
export async function fileInSteps(db: HistoryDatabase, edits: BlockEdits, b: number, stepBytes = FILING_STEP_BYTES): Promise<void> {
  const name = BLOCK_STORES[b] as BlockStoreName;
  const changes = edits.changes(b);
  let keysRead = 0;
  let bytesRead = 0;
  for (let i = 0; i < changes.length; ) {
    // A step starts at the next key with a change and takes changes while its estimate fits, one at least.
    const from = (changes[i] as [number, BucketChange])[0];
    let appended = 0;
    let j = i;
    for (; j < changes.length; j++) {
      const [key, change] = changes[j] as [number, BucketChange];
      const span = key - from + 1;
      const stored = keysRead === 0 ? (span <= bucketCount(b) * FIRST_STEP_SHARE ? 0 : Infinity) : (span * bytesRead) / keysRead;
      if (j > i && stored + appended + change.append.byteLength > stepBytes) break;
      appended += change.append.byteLength;
    }
    const to = (changes[j - 1] as [number, BucketChange])[0];
    const part = changes.slice(i, j);
    i = j;
    // Relaxed: the commit does not wait for the disk; a step lost to a crash is filed again when the import is rerun.
    const tx = db.transaction(name, 'readwrite', { durability: 'relaxed' });
    bytesRead += await inTransaction(tx, async () => {
      const store = tx.objectStore(name);
      const range = IDBKeyRange.bound(from, to);
      const [keys, values] = await Promise.all([store.getAllKeys(range), store.getAll(range)]);
      const byKey = new Map<number, Bucket>(keys.map((key, k) => [key, values[k] as Bucket]));
      await Promise.all(collectRequests((request) => part.forEach(([key, change]) => writeBucket(store, b, key, byKey.get(key), change, request))));
      return values.reduce((sum, bucket) => sum + bucket.byteLength, 0);
    });
    keysRead += to - from + 1;
  }
}

const ALL_BLOCKS: readonly number[] = BLOCK_STORES.map((_, b) => b);
const PASSAGE_ONLY: readonly number[] = [PASSAGE_STORE];

/**
 * Keys of the pages that may have a fingerprint within `maxDistance` (≤ 3)
 * of each query, filed under one of its blocks: its four buckets, read once
 * per distinct key however many queries share it, filtered on the entries
 * (bucketCandidates). A superset: the caller measures the full distance on
 * the page's record. A query marked in `passageQueries` is a passage, which
 * matches only what shares its first block (core/passages.ts passagesMatch):
 * its block0 bucket alone is read; one marked in `sketchQueries` is a
 * passage sketch, filtered by differing bytes (core/passage-sketch.ts).
 */
export async function lookupBlocks(tx: ReadTx, queries: readonly Fingerprint[], maxDistance: number, passageQueries: readonly boolean[] = [], sketchQueries: readonly boolean[] = []): Promise<Set<number>[]> {
  const wanted = BLOCK_STORES.map(() => new Map<number, Promise<Bucket | undefined>>());
  const blocks = queries.map(fingerprintBlocks);
  const storesOf = (q: number): readonly number[] => (passageQueries[q] === true ? PASSAGE_ONLY : ALL_BLOCKS);
  blocks.forEach((qb, q) => storesOf(q).forEach((b) => {
    const key = bucketKey(qb[b] as number, b);
    const byKey = wanted[b] as Map<number, Promise<Bucket | undefined>>;
    if (!byKey.has(key)) byKey.set(key, tx.objectStore(BLOCK_STORES[b] as BlockStoreName).get(key));
  }));
  return Promise.all(queries.map(async (fp, q) => {
    const found = new Set<number>();
    await Promise.all(storesOf(q).map(async (b) => {
      const block = (blocks[q] as Blocks)[b] as number;
      const bucket = await (wanted[b] as Map<number, Promise<Bucket | undefined>>).get(bucketKey(block, b));
      if (bucket !== undefined) bucketCandidates(bucket, fp, b, maxDistance, found, sketchQueries[q] === true ? 'sketch' : 'simhash');
    }));
    return found;
  }));
}
