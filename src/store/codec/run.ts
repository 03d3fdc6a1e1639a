/**
 * A run: bucket entries an import set aside instead of filing them in the
 * block stores at once (blocks/runs.ts, docs/decisions/0071). A run record
 * holds the entries of one block store for CHUNK_KEYS consecutive bucket
 * keys (a chunk), packed as buckets hold them (codec/bucket.ts) and grouped
 * by key. Pure: no IndexedDB.
 */
import { ENTRY_BYTES, copyKeptEntries, forEachPageKey, pageOfWord, type BucketChange } from './bucket';
import { readUint32 } from './fingerprints';

/**
 * Bucket keys a run record and a merge step cover: at a million pages 512
 * buckets of block0 hold ~1.8 MB, of block1–3 ~1.2 MB. A million-record
 * import took 55.2–56.9 s with 256, 50.6 s with 512 and 51.3 s with 1,024
 * (single runs, decisions/0071): half the records and merge steps. A change
 * needs a migration that merges the runs left by a stopped import first, as
 * checkRun refuses records of another size.
 */
export const CHUNK_KEYS = 512;

/** Under which key a run record is stored: its block store, its chunk, and the runs clock when its round began (later runs are merged after earlier ones). */
export type RunKey = [store: number, chunk: number, sequence: number];

/** A run record: `e` the entries in bucket-key order, `at[k]` where bucket `chunk × CHUNK_KEYS + k` starts, in entries (CHUNK_KEYS + 1 offsets). */
export interface RunRecord {
  at: Uint32Array;
  e: Uint8Array;
}

/**
 * What the runs store holds under a bare page key, a mark: the runs clock
 * when a writer last filed or removed the page's entries directly, so its
 * entries in runs of that sequence or before are out of date.
 */
export type Mark = number;

/** A run record that is not one: the runs store is damaged. */
export class DamagedRunError extends Error {
  override name = 'DamagedRunError';
}

/** The chunk a bucket key belongs to. */
export function chunkOf(bucketKey: number): number {
  return Math.floor(bucketKey / CHUNK_KEYS);
}

/** The run records of a store's changes (BlockEdits.changes: appends only, in key order), one per chunk with entries. */
export function runRecords(changes: readonly [number, BucketChange][]): [chunk: number, record: RunRecord][] {
  const out: [number, RunRecord][] = [];
  for (let i = 0; i < changes.length;) {
    const chunk = chunkOf((changes[i] as [number, BucketChange])[0]);
    let j = i;
    let bytes = 0;
    for (; j < changes.length && chunkOf((changes[j] as [number, BucketChange])[0]) === chunk; j++) bytes += (changes[j] as [number, BucketChange])[1].append.byteLength;
    const e = new Uint8Array(bytes);
    const at = new Uint32Array(CHUNK_KEYS + 1);
    let filled = 0;
    for (let k = i; k < j; k++) {
      const [key, change] = changes[k] as [number, BucketChange];
      e.set(change.append, filled);
      filled += change.append.byteLength;
      at[key - chunk * CHUNK_KEYS + 1] = change.append.byteLength / ENTRY_BYTES;
    }
    for (let k = 1; k <= CHUNK_KEYS; k++) at[k] = (at[k] as number) + (at[k - 1] as number);
    out.push([chunk, { at, e }]);
    i = j;
  }
  return out;
}

/** The value of a run record, checked: offsets that fit its entries. */
export function checkRun(value: unknown): RunRecord {
  const record = value as Partial<RunRecord> | null;
  const at = record?.at;
  const e = record?.e;
  if (!(at instanceof Uint32Array) || !(e instanceof Uint8Array) || at.length !== CHUNK_KEYS + 1 || e.byteLength % ENTRY_BYTES !== 0 || at[0] !== 0 || at[CHUNK_KEYS] !== e.byteLength / ENTRY_BYTES) {
    throw new DamagedRunError('a run of an import is damaged');
  }
  for (let k = 1; k <= CHUNK_KEYS; k++) if ((at[k] as number) < (at[k - 1] as number)) throw new DamagedRunError('a run of an import is damaged');
  return record as RunRecord;
}

/**
 * The entries a run record of sequence `sequence` holds for the bucket at
 * `offset` in its chunk (0 … CHUNK_KEYS − 1) of store `b`, less those of
 * pages marked at that sequence or later (`marks`: page key → Mark).
 */
export function runEntries(record: RunRecord, offset: number, b: number, sequence: number, marks: ReadonlyMap<number, Mark>): Uint8Array {
  const entries = record.e.subarray((record.at[offset] as number) * ENTRY_BYTES, (record.at[offset + 1] as number) * ENTRY_BYTES);
  if (marks.size === 0) return entries;
  const kept = new Uint8Array(entries.byteLength);
  return kept.subarray(0, copyKeptEntries(entries, b, (pageKey) => (marks.get(pageKey) ?? -1) < sequence, kept));
}

/** Runs a merge tells apart when it checks a bucket for pages in more than one (lastRunsEntries). */
const MAX_RUNS_TOLD_APART = 1024;

/**
 * The entries of several runs for one bucket of store `b`, in sequence
 * order, as one append: a page in more than one keeps only its entries of
 * the last (what refiling them one after another gives). Pages in two runs
 * are rare (a page deleted and imported again, runs of a stopped import),
 * so the runs' key ranges, then where they overlap a sort of the entries'
 * pages, find whether there are any before a map keeps the last run of each.
 */
export function lastRunsEntries(appends: readonly Uint8Array[], b: number): Uint8Array {
  if (appends.length === 1) return appends[0] as Uint8Array;
  const total = appends.reduce((sum, append) => sum + append.byteLength, 0);
  if (!pageInTwoRuns(appends, b, total / ENTRY_BYTES)) {
    const out = new Uint8Array(total);
    let filled = 0;
    for (const append of appends) {
      out.set(append, filled);
      filled += append.byteLength;
    }
    return out;
  }
  const lastRun = new Map<number, number>();
  appends.forEach((append, r) => {
    for (let at = 0; at < append.byteLength; at += ENTRY_BYTES) lastRun.set(pageOfWord(readUint32(append, at), b), r);
  });
  const out = new Uint8Array(total);
  let size = 0;
  appends.forEach((append, r) => {
    size += copyKeptEntries(append, b, (pageKey) => lastRun.get(pageKey) === r, out, size);
  });
  return size === total ? out : out.slice(0, size);
}

/** Whether some page has entries in two of `appends` (`entries` in all). */
function pageInTwoRuns(appends: readonly Uint8Array[], b: number, entries: number): boolean {
  if (runsOfDisjointPages(appends, b)) return false;
  // Past MAX_RUNS_TOLD_APART runs the sort cannot tell them apart: assume the worst.
  if (appends.length > MAX_RUNS_TOLD_APART) return true;
  const tagged = new Float64Array(entries);
  let n = 0;
  appends.forEach((append, r) => {
    for (let at = 0; at < append.byteLength; at += ENTRY_BYTES) tagged[n++] = pageOfWord(readUint32(append, at), b) * MAX_RUNS_TOLD_APART + r;
  });
  tagged.sort();
  for (let i = 1; i < n; i++) {
    const page = Math.floor((tagged[i] as number) / MAX_RUNS_TOLD_APART);
    if (page === Math.floor((tagged[i - 1] as number) / MAX_RUNS_TOLD_APART) && tagged[i] !== tagged[i - 1]) return true;
  }
  return false;
}

/**
 * Whether the runs' ranges of page keys do not overlap, so no page can be in
 * two: one pass instead of pageInTwoRuns' sort, which took 2.2 s of the
 * page's thread in a 300,000-record import (decisions/0103). A file in key
 * order (every export) spills rounds of consecutive keys, so its runs pass.
 */
function runsOfDisjointPages(appends: readonly Uint8Array[], b: number): boolean {
  const ranges = appends.map((append) => {
    let low = Infinity;
    let high = -Infinity;
    forEachPageKey(append, b, (page) => {
      if (page < low) low = page;
      if (page > high) high = page;
    });
    return [low, high] as const;
  }).filter(([low]) => low !== Infinity).sort(([a], [c]) => a - c);
  return ranges.every(([low], i) => i === 0 || low > (ranges[i - 1] as readonly [number, number])[1]);
}
