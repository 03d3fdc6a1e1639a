/** Writes that keep a page and its bucket entries in step; all within the caller's transaction. */
import type { IDBPTransaction } from 'idb';
import { fingerprintFromHex, type Fingerprint } from '../core/fingerprint64';
import { BlockEdits, applyBlockEdits, indexNewPages } from './block-index';
import type { PageRecord } from './page';
import { TakenHashes, newKey } from './page-key';
import { BLOCK_STORES, type HistorySchema } from './schema';
import { encodePage, storedFingerprints, type NewPage } from './stored-page';

export const ALL_STORES = ['pages', ...BLOCK_STORES] as const;
export type WriteTx = IDBPTransaction<HistorySchema, (typeof ALL_STORES)[number][], 'readwrite'>;
export type { NewPage } from './stored-page';

/** A page's fingerprints in slot order: the whole document, then its passages. */
function fingerprintsOf(page: Pick<PageRecord, 'fingerprint' | 'passages'>): Fingerprint[] {
  return [page.fingerprint, ...page.passages].map(fingerprintFromHex);
}

/**
 * Adds the page under a key of its URL (page-key.ts); its bucket entries go
 * to `edits`, which the caller applies once for all the pages of the
 * transaction (applyBlockEdits).
 */
export async function insertPage(tx: WriteTx, page: NewPage, edits: BlockEdits): Promise<PageRecord> {
  const store = tx.objectStore('pages');
  const id = await store.add(encodePage(page), await newKey(store, page.url));
  edits.add(id, fingerprintsOf(page));
  return { ...page, id };
}

/** Replaces `existing` by `next` (same id); the old fingerprints' entries go, the new ones come. */
export async function replacePage(tx: WriteTx, existing: PageRecord, next: PageRecord, edits: BlockEdits): Promise<PageRecord> {
  edits.remove(existing.id, fingerprintsOf(existing));
  edits.add(next.id, fingerprintsOf(next));
  const { id, ...page } = next;
  await tx.objectStore('pages').put(encodePage(page), id);
  return next;
}

export async function removePage(tx: WriteTx, page: PageRecord, edits: BlockEdits): Promise<void> {
  edits.remove(page.id, fingerprintsOf(page));
  await tx.objectStore('pages').delete(page.id);
}

/** One page change with its bucket edits applied in the same transaction. */
export async function withBlockEdits<T>(tx: WriteTx, write: (edits: BlockEdits) => Promise<T>): Promise<T> {
  const edits = new BlockEdits();
  const result = await write(edits);
  await applyBlockEdits(tx, edits);
  return result;
}

/** Page records added per await in insertPages: enough requests in flight, bounded memory. */
const INSERT_CHUNK = 2000;

/**
 * Adds `count` pages with URLs not in the history (`pageAt(i)`, made on
 * demand) in the caller's transaction: the records first, then every touched
 * bucket once, block store by block store. For bulk writes: a bucket is
 * shared by many pages, so rewriting it per page would cost a read and a
 * write each time. `taken` (the store's URL hashes, kept up to date here)
 * can be carried from one call to the next.
 */
export async function insertPages(tx: WriteTx, count: number, pageAt: (i: number) => NewPage, taken?: TakenHashes): Promise<number[]> {
  const store = tx.objectStore('pages');
  const hashes = taken ?? (await TakenHashes.of(store));
  const ids: number[] = [];
  const fingerprints: Uint8Array[] = [];
  for (let start = 0; start < count; start += INSERT_CHUNK) {
    const chunk = Array.from({ length: Math.min(INSERT_CHUNK, count - start) }, (_, k) => pageAt(start + k));
    // A URL whose hash no stored page has takes slot 0 without a read; the
    // rest (hash already taken, ~6% at a million pages) read their slots one
    // page at a time, so two of them never pick the same free slot.
    const shared: NewPage[] = [];
    const added = await Promise.all(chunk.flatMap((page) => {
      const key = hashes.claim(page.url);
      if (key === undefined) {
        shared.push(page);
        return [];
      }
      const stored = encodePage(page);
      fingerprints.push(storedFingerprints(stored, key));
      return [store.add(stored, key)];
    }));
    ids.push(...added);
    for (const page of shared) {
      const stored = encodePage(page);
      const id = await store.add(stored, await newKey(store, page.url));
      ids.push(id);
      fingerprints.push(storedFingerprints(stored, id));
    }
  }
  await indexNewPages(tx, ids, fingerprints);
  return ids;
}
