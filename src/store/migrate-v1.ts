/**
 * Version 1 → 2, inside the versionchange transaction: each page's hex
 * fingerprints become one packed field. The block stores, which held one
 * record per fingerprint and block under [block, pageId, slot], are emptied:
 * the version-3 upgrade, which always follows in the same transaction,
 * rebuilds them from the pages (migrate-v2.ts).
 */
import { fingerprintsFromHex } from './block-index';
import { BLOCK_STORES } from './block-stores';
import type { V2Page } from './migrate-v2';
import type { PageRecord } from './page';
import type { UpgradeTx } from './schema';

/** A page as version 1 stored it. */
type V1Page = PageRecord;

export async function migrateV1(tx: UpgradeTx): Promise<void> {
  const untypedTx = tx as unknown as UpgradeTx & { objectStore(name: string): ReturnType<UpgradeTx['objectStore']> };
  const updates: Promise<unknown>[] = [];
  let cursor = await untypedTx.objectStore('pages').openCursor();
  while (cursor !== null) {
    const { fingerprint, passages, ...rest } = cursor.value as unknown as V1Page;
    const page: V2Page = { ...rest, fingerprints: fingerprintsFromHex(fingerprint, passages) };
    updates.push(cursor.update(page as never));
    cursor = await cursor.continue();
  }
  await Promise.all([...updates, ...BLOCK_STORES.map((name) => tx.objectStore(name).clear())]);
}
