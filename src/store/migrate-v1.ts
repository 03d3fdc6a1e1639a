/**
 * Version 1 → 2, inside the versionchange transaction: each page's hex
 * fingerprints become one packed field, and the block stores, which held one
 * record per fingerprint and block under [block, pageId, slot], are rebuilt as
 * buckets from the pages. Nothing else of a page changes.
 */
import { fingerprintsFromHex, indexNewPages } from './block-index';
import { BLOCK_STORES } from './block-stores';
import type { PageRecord } from './page';
import type { WriteTx } from './page-writes';
import type { StoredPage, UpgradeTx } from './schema';

/** A page as version 1 stored it. */
type V1Page = PageRecord;

export async function migrateV1(tx: UpgradeTx): Promise<void> {
  const ids: number[] = [];
  const fingerprints: Uint8Array[] = [];
  const updates: Promise<unknown>[] = [];
  let cursor = await tx.objectStore('pages').openCursor();
  while (cursor !== null) {
    const { fingerprint, passages, ...rest } = cursor.value as unknown as V1Page;
    const page: StoredPage = { ...rest, fingerprints: fingerprintsFromHex(fingerprint, passages) };
    ids.push(page.id);
    fingerprints.push(page.fingerprints);
    updates.push(cursor.update(page));
    cursor = await cursor.continue();
  }
  await Promise.all([...updates, ...BLOCK_STORES.map((name) => tx.objectStore(name).clear())]);
  await indexNewPages(tx as unknown as WriteTx, ids, fingerprints);
}
