/**
 * Version 2 → 3, inside the versionchange transaction. Each page is re-keyed
 * by its URL (page-key.ts) and packed (stored-page.ts) into a new store that
 * then takes the name `pages` (so the url and site indexes go with the old
 * one), and the block stores are rebuilt under the version-3 filing
 * (block-index.ts). What a page says does not change.
 */
import { unwrap, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { fingerprintsToHex, indexNewPages } from './block-index';
import { BLOCK_STORES } from './block-stores';
import type { PageRecord } from './page';
import { PageKeyError, SLOTS_PER_HASH, urlHash } from './page-key';
import type { WriteTx } from './page-writes';
import type { HistoryDatabase, UpgradeTx } from './schema';
import { encodePage } from './stored-page';

/** A page as version 2 stored it (and the version-1 upgrade leaves it): fingerprints packed 8 bytes each. */
export type V2Page = Omit<PageRecord, 'fingerprint' | 'passages'> & { fingerprints: Uint8Array };

const NEXT_PAGES = 'pages-v3';

export async function migrateV2(db: HistoryDatabase, tx: UpgradeTx): Promise<void> {
  const untypedDb = db as unknown as IDBPDatabase;
  const untypedTx = tx as unknown as IDBPTransaction<unknown, string[], 'versionchange'>;
  const next = untypedDb.createObjectStore(NEXT_PAGES);
  next.createIndex('lastVisit', 'v');
  const slotsUsed = new Map<number, number>();
  const keys: number[] = [];
  const fingerprints: Uint8Array[] = [];
  const writes: Promise<unknown>[] = [];
  let cursor = await untypedTx.objectStore('pages').openCursor();
  while (cursor !== null) {
    // `rest` keeps the old id, which encodePage does not store.
    const { fingerprints: packed, ...rest } = cursor.value as V2Page;
    const hash = urlHash(rest.url);
    const used = slotsUsed.get(hash) ?? 0;
    if (used >= SLOTS_PER_HASH) throw new PageKeyError(rest.url);
    slotsUsed.set(hash, used + 1);
    const key = hash * SLOTS_PER_HASH + used;
    writes.push(next.add(encodePage({ ...rest, ...fingerprintsToHex(packed) }), key));
    keys.push(key);
    fingerprints.push(packed);
    cursor = await cursor.continue();
  }
  await Promise.all([...writes, ...[...BLOCK_STORES, 'staging'].map((name) => untypedTx.objectStore(name).clear())]);
  untypedDb.deleteObjectStore('pages');
  (unwrap(next) as IDBObjectStore).name = 'pages';
  await indexNewPages(tx as unknown as WriteTx, keys, fingerprints);
}
