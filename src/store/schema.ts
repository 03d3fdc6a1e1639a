/** IndexedDB schema of the reading history and its upgrades, one branch per version. */
import { wrap, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import type { PageRecord } from './page';
import { BLOCK_STORES } from './block-stores';
import { migrateV1 } from './migrate-v1';

export const DB_NAME = 'deja-lu';
export const DB_VERSION = 2;

export { BLOCK_STORES, type BlockStoreName } from './block-stores';

/**
 * One bucket of a block store, under the 16-bit block value: packed entries
 * (block-index.ts, ENTRY_BYTES each) of every stored fingerprint with that
 * block, page id and the other 48 bits — with the key the full fingerprint,
 * so candidates are distance-filtered without reading pages.
 */
export type Bucket = Uint8Array;

interface BlockStoreSchema {
  key: number;
  value: Bucket;
}

/**
 * A page as stored: its fingerprints (whole document, then passages) packed
 * 8 bytes each in `fingerprints` instead of 17-character hex strings.
 */
export type StoredPage = Omit<PageRecord, 'fingerprint' | 'passages'> & { fingerprints: Uint8Array };

/**
 * An import being read: validated pages in batches, kept apart from the
 * history until the file has been read to its end (import.ts).
 */
export interface StagedBatch {
  pages: Omit<StoredPage, 'id'>[];
}

export interface HistorySchema extends DBSchema {
  pages: {
    key: number;
    value: StoredPage;
    indexes: { url: string; lastVisit: number; site: string };
  };
  /** Key [import id, batch number]. */
  staging: {
    key: [number, number];
    value: StagedBatch;
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
    const pages = db.createObjectStore('pages', { keyPath: 'id', autoIncrement: true });
    pages.createIndex('url', 'url', { unique: true });
    pages.createIndex('lastVisit', 'lastVisit');
    pages.createIndex('site', 'site');
    // Out-of-line keys: the key fields are not repeated inside each stored value.
    for (const name of BLOCK_STORES) db.createObjectStore(name);
  }
  if (oldVersion < 2) {
    // v1 filed each fingerprint as its own record under [block, pageId, slot];
    // v2 keys the same stores by the block alone (buckets) and packs the page's fingerprints.
    db.createObjectStore('staging');
    return oldVersion < 1 ? Promise.resolve() : migrateV1(tx);
  }
  return Promise.resolve();
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
