/** Writes that keep a page and its block entries in step; all within the caller's transaction. */
import type { IDBPTransaction } from 'idb';
import { addBlockEntries, collectRequests, deleteBlockEntries, pageFingerprints } from './block-index';
import type { PageRecord } from './page';
import { BLOCK_STORES, type HistorySchema } from './schema';

export const ALL_STORES = ['pages', ...BLOCK_STORES] as const;
export type WriteTx = IDBPTransaction<HistorySchema, (typeof ALL_STORES)[number][], 'readwrite'>;

export async function insertPage(tx: WriteTx, page: Omit<PageRecord, 'id'>): Promise<PageRecord> {
  // The store assigns the id (autoIncrement key path).
  const id = await tx.objectStore('pages').add(page as PageRecord);
  await Promise.all(addBlockEntries(tx, id, pageFingerprints(page)));
  return { ...page, id };
}

/** Replaces `existing` by `next` (same id); the old fingerprints' entries go, the new ones come. */
export async function replacePage(tx: WriteTx, existing: PageRecord, next: PageRecord): Promise<PageRecord> {
  await Promise.all(collectRequests((request) => {
    deleteBlockEntries(tx, existing.id, pageFingerprints(existing)).forEach(request);
    request(tx.objectStore('pages').put(next));
    addBlockEntries(tx, next.id, pageFingerprints(next)).forEach(request);
  }));
  return next;
}

export async function removePage(tx: WriteTx, page: PageRecord): Promise<void> {
  await Promise.all(collectRequests((request) => {
    deleteBlockEntries(tx, page.id, pageFingerprints(page)).forEach(request);
    request(tx.objectStore('pages').delete(page.id));
  }));
}
