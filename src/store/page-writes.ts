/** Writes that keep a page and its bucket entries in step; all within the caller's transaction. */
import type { IDBPTransaction } from 'idb';
import { fingerprintFromHex, type Fingerprint } from '../core/fingerprint64';
import { BlockEdits, applyBlockEdits, fingerprintsToHex, indexNewPages, packFingerprints } from './block-index';
import type { PageRecord } from './page';
import { BLOCK_STORES, type HistorySchema, type StoredPage } from './schema';

export const ALL_STORES = ['pages', ...BLOCK_STORES] as const;
export type WriteTx = IDBPTransaction<HistorySchema, (typeof ALL_STORES)[number][], 'readwrite'>;

export type NewPage = Omit<PageRecord, 'id'>;

/** A page's fingerprints in slot order: the whole document, then its passages. */
function fingerprintsOf(page: Pick<PageRecord, 'fingerprint' | 'passages'>): Fingerprint[] {
  return [page.fingerprint, ...page.passages].map(fingerprintFromHex);
}

export function toStoredPage<T extends NewPage>(page: T): Omit<T, 'fingerprint' | 'passages'> & { fingerprints: Uint8Array } {
  const { fingerprint, passages, ...rest } = page;
  return { ...rest, fingerprints: packFingerprints(fingerprintsOf({ fingerprint, passages })) };
}

export function fromStoredPage(stored: StoredPage): PageRecord {
  const { fingerprints, ...rest } = stored;
  return { ...rest, ...fingerprintsToHex(fingerprints) };
}

/**
 * Adds the page record; its bucket entries go to `edits`, which the caller
 * applies once for all the pages of the transaction (applyBlockEdits).
 */
export async function insertPage(tx: WriteTx, page: NewPage, edits: BlockEdits): Promise<PageRecord> {
  // The store assigns the id (autoIncrement key path).
  const id = await tx.objectStore('pages').add(toStoredPage(page) as StoredPage);
  edits.add(id, fingerprintsOf(page));
  return { ...page, id };
}

/** Replaces `existing` by `next` (same id); the old fingerprints' entries go, the new ones come. */
export async function replacePage(tx: WriteTx, existing: PageRecord, next: PageRecord, edits: BlockEdits): Promise<PageRecord> {
  edits.remove(existing.id, fingerprintsOf(existing));
  edits.add(next.id, fingerprintsOf(next));
  await tx.objectStore('pages').put(toStoredPage(next));
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
 * Adds `count` new pages (`pageAt(i)`, made on demand) in the caller's
 * transaction: the records first, then every touched bucket once, block store
 * by block store. For bulk writes: a bucket of a 16-bit block is shared by many
 * pages, so rewriting it per page would cost a read and a write each time.
 */
export async function insertPages(tx: WriteTx, count: number, pageAt: (i: number) => NewPage): Promise<number[]> {
  const ids: number[] = [];
  const fingerprints: Uint8Array[] = [];
  for (let start = 0; start < count; start += INSERT_CHUNK) {
    const chunk = Array.from({ length: Math.min(INSERT_CHUNK, count - start) }, (_, k) => toStoredPage(pageAt(start + k)));
    const added = await Promise.all(chunk.map((page) => tx.objectStore('pages').add(page as StoredPage)));
    ids.push(...added);
    fingerprints.push(...chunk.map((page) => page.fingerprints));
  }
  await indexNewPages(tx, ids, fingerprints);
  return ids;
}
