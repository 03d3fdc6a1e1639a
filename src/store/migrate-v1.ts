/**
 * Version 1 → 2, inside the versionchange transaction: each page's hex
 * fingerprints become one packed field, and the block stores, which held one
 * record per fingerprint and block under [block, pageId, slot], are rebuilt as
 * buckets from the pages. Nothing else of a page changes.
 */
import { BlockEdits, applyBlockEdits, fingerprintsFromHex, unpackFingerprints } from './block-index';
import { BLOCK_STORES } from './block-stores';
import type { PageRecord } from './page';
import type { WriteTx } from './page-writes';
import type { StoredPage, UpgradeTx } from './schema';

/** A page as version 1 stored it. */
type V1Page = PageRecord;

export async function migrateV1(tx: UpgradeTx): Promise<void> {
  const written: { id: number; fingerprints: Uint8Array }[] = [];
  const updates: Promise<unknown>[] = [];
  let cursor = await tx.objectStore('pages').openCursor();
  while (cursor !== null) {
    const { fingerprint, passages, ...rest } = cursor.value as unknown as V1Page;
    const page: StoredPage = { ...rest, fingerprints: fingerprintsFromHex(fingerprint, passages) };
    written.push({ id: page.id, fingerprints: page.fingerprints });
    updates.push(cursor.update(page));
    cursor = await cursor.continue();
  }
  await Promise.all([...updates, ...BLOCK_STORES.map((name) => tx.objectStore(name).clear())]);
  // Store by store, so only one store's entries are held at a time.
  for (let b = 0; b < BLOCK_STORES.length; b++) {
    const edits = new BlockEdits(b);
    for (const page of written) edits.add(page.id, unpackFingerprints(page.fingerprints));
    await applyBlockEdits(tx as unknown as WriteTx, edits, [b]);
  }
}
