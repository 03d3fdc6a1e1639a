/**
 * The pages store: finding a page by its URL, keys for new pages, and the
 * writes that keep a page and its bucket entries in step, all within the
 * caller's transaction.
 */
import { fingerprintFromHex, type Fingerprint } from '../core/fingerprint64';
import { applyBlockEdits } from './blocks/block-stores';
import { BlockEdits } from './blocks/block-edits';
import { SLOTS_PER_HASH, TakenHashes, freeKey, urlHash } from './codec/page-key';
import { encodePage, type StoredPage } from './codec/stored-page';
import type { NewPage, Page } from './page';
import type { PagesStore, WriteTx } from './schema';

export function urlKeyRange(url: string): IDBKeyRange {
  const base = urlHash(url) * SLOTS_PER_HASH;
  return IDBKeyRange.bound(base, base + SLOTS_PER_HASH - 1);
}

/** The stored page of `url` with its key, read from the hash's slots. */
export async function findByUrl(store: PagesStore, url: string): Promise<{ key: number; page: StoredPage } | undefined> {
  let cursor = await store.openCursor(urlKeyRange(url));
  while (cursor !== null) {
    if (cursor.value.u === url) return { key: cursor.primaryKey, page: cursor.value };
    cursor = await cursor.continue();
  }
  return undefined;
}

/** A key for a URL not yet stored. */
export async function newKey(store: PagesStore, url: string): Promise<number> {
  return freeKey(url, await store.getAllKeys(urlKeyRange(url)));
}

/** Marks the hashes of every key in `store`, reading keys only, in batches. */
export async function readTakenHashes(store: PagesStore, batch = 10_000): Promise<TakenHashes> {
  const taken = new TakenHashes();
  let after = -Infinity;
  for (;;) {
    const keys = await store.getAllKeys(IDBKeyRange.lowerBound(after, true), batch);
    for (const key of keys) taken.mark(Math.floor(key / SLOTS_PER_HASH));
    const last = keys[keys.length - 1];
    if (last === undefined || keys.length < batch) return taken;
    after = last;
  }
}

/** A page's fingerprints in slot order: the whole document, then its passages. */
function fingerprintsOf(page: Pick<Page, 'fingerprint' | 'passages'>): Fingerprint[] {
  return [page.fingerprint, ...page.passages].map(fingerprintFromHex);
}

/**
 * Adds the page under a key of its URL (codec/page-key.ts); its bucket
 * entries go to `edits`, which the caller applies once for all the pages of
 * the transaction (applyBlockEdits).
 */
export async function insertPage(tx: WriteTx, page: NewPage, edits: BlockEdits): Promise<Page> {
  const store = tx.objectStore('pages');
  const id = await store.add(encodePage(page), await newKey(store, page.url));
  edits.add(id, fingerprintsOf(page));
  return { ...page, id };
}

/** Replaces `existing` by `next` (same id); the old fingerprints' entries go, the new ones come. */
export async function replacePage(tx: WriteTx, existing: Page, next: Page, edits: BlockEdits): Promise<Page> {
  edits.remove(existing.id, fingerprintsOf(existing));
  edits.add(next.id, fingerprintsOf(next));
  const { id, ...page } = next;
  await tx.objectStore('pages').put(encodePage(page), id);
  return next;
}

export async function removePage(tx: WriteTx, page: Page, edits: BlockEdits): Promise<void> {
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
