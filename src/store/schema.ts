/** IndexedDB schema of the reading history and its upgrades, one branch per version. */
import { wrap, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import { BLOCK_STORES } from './block-stores';
import { migrateV1 } from './migrate-v1';
import { migrateV2 } from './migrate-v2';
import { migrateV4 } from './migrate-v4';
import type { StoredPage } from './stored-page';

export const DB_NAME = 'deja-lu';
export const DB_VERSION = 5;

export { BLOCK_STORES, type BlockStoreName } from './block-stores';

/**
 * One bucket of a block store, under the block's top bits: packed entries
 * (block-index.ts, ENTRY_BYTES each) of every fingerprint filed there, page
 * key, the block's low bits and the other 48 bits — with the key the full
 * fingerprint, so candidates are distance-filtered without reading pages.
 */
export type Bucket = Uint8Array;

interface BlockStoreSchema {
  key: number;
  value: Bucket;
}

export type { StoredPage } from './stored-page';

export interface HistorySchema extends DBSchema {
  /** Out-of-line keys made from the URL (page-key.ts); lastVisit indexes `v`, scheme the sparse `o`. */
  pages: {
    key: number;
    value: StoredPage;
    indexes: { lastVisit: number; scheme: number };
  };
  block0: BlockStoreSchema;
  block1: BlockStoreSchema;
  block2: BlockStoreSchema;
  block3: BlockStoreSchema;
}

export type HistoryDatabase = IDBPDatabase<HistorySchema>;

export type UpgradeTx = IDBPTransaction<HistorySchema, StoreNames<HistorySchema>[], 'versionchange'>;

/**
 * Runs in the versionchange transaction; the returned promise settles when
 * the data migration is done. Any failure aborts that transaction, which
 * leaves the database at its old version with its data untouched.
 */
export function upgradeSchema(db: HistoryDatabase, oldVersion: number, _newVersion: number | null, tx: UpgradeTx): Promise<void> {
  if (oldVersion < 1) {
    // Version 1's page store, typed as it was then (version 3 replaces it).
    const pages = (db as unknown as IDBPDatabase).createObjectStore('pages', { keyPath: 'id', autoIncrement: true });
    pages.createIndex('url', 'url', { unique: true });
    pages.createIndex('lastVisit', 'lastVisit');
    pages.createIndex('site', 'site');
    // Out-of-line keys: the key fields are not repeated inside each stored value.
    for (const name of BLOCK_STORES) db.createObjectStore(name);
  }
  let migration = Promise.resolve();
  if (oldVersion < 2) {
    // v1 filed each fingerprint as its own record under [block, pageId, slot];
    // v2 keys the same stores by the block alone (buckets) and packs the page's fingerprints.
    // Versions 2 and 3 set imports aside here until the file was read to its end.
    (db as unknown as IDBPDatabase).createObjectStore('staging');
    if (oldVersion >= 1) migration = migrateV1(tx);
  }
  if (oldVersion < 3) {
    // v3 packs each page record, keys pages by URL instead of indexing URLs and
    // sites, files passages under one block and buckets by 12 bits (migrate-v2.ts).
    migration = migration.then(() => migrateV2(db, tx));
  }
  if (oldVersion < 4) {
    // v4 imports in one transaction that reads the file (import.ts): nothing is
    // set aside any more, and what an interrupted import left goes with the store.
    migration = migration.then(() => (db as unknown as IDBPDatabase).deleteObjectStore('staging'));
  }
  if (oldVersion < 5) {
    // v5 records each page's fingerprint scheme; pages with CJK text are indexed by it (migrate-v4.ts).
    migration = migration.then(() => migrateV4(tx as unknown as IDBPTransaction<unknown, string[], 'versionchange'>));
  }
  return migration;
}

/**
 * idb's openDB always uses the global indexedDB; this does the same on a
 * given factory so tests and other contexts can pass their own.
 */
export async function openHistoryDatabase(factory: IDBFactory, name: string): Promise<HistoryDatabase> {
  const request = factory.open(name, DB_VERSION);
  request.addEventListener('upgradeneeded', (event) => {
    const db = wrap(request.result) as unknown as HistoryDatabase;
    const tx = wrap(request.transaction as IDBTransaction) as unknown as UpgradeTx;
    // idb's promise of the upgrade's end rejects when it aborts; the caller hears of it through the open request.
    tx.done.catch(() => {});
    upgradeSchema(db, event.oldVersion, event.newVersion, tx).catch(() => {
      // The open request then fails with the transaction's AbortError; nothing of the migration stays.
      try {
        tx.abort();
      } catch {
        // Already aborted by the failed request.
      }
    });
  });
  const db = (await wrap(request)) as unknown as HistoryDatabase;
  // A newer version opening elsewhere (an updated extension) must not be blocked by this connection.
  db.addEventListener('versionchange', () => db.close());
  return db;
}
