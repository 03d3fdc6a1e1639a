/** IndexedDB schema of the reading history and its upgrades, one branch per version. */
import { wrap, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import type { PageRecord } from './page';

export const DB_NAME = 'deja-lu';
export const DB_VERSION = 1;

export const BLOCK_STORES = ['block0', 'block1', 'block2', 'block3'] as const;
export type BlockStoreName = (typeof BLOCK_STORES)[number];

/** [blockValue, pageId, slot]: 16-bit block of fingerprint `slot` of page `pageId`. */
export type BlockKey = [number, number, number];

/**
 * A block entry's value is the fingerprint's other 48 bits (the three blocks
 * not in the key, most significant first) as one number, exact in a double.
 * With the key's block it is the full fingerprint, so candidates are
 * distance-filtered without reading pages, at the cost of one number — less
 * than an {hi, lo} object, which would repeat the key's 16 bits and two
 * property names in every entry.
 */
export type BlockRest = number;

interface BlockStoreSchema {
  key: BlockKey;
  value: BlockRest;
}

export interface HistorySchema extends DBSchema {
  pages: {
    key: number;
    value: PageRecord;
    indexes: { url: string; lastVisit: number; site: string };
  };
  block0: BlockStoreSchema;
  block1: BlockStoreSchema;
  block2: BlockStoreSchema;
  block3: BlockStoreSchema;
}

export type HistoryDatabase = IDBPDatabase<HistorySchema>;

export function upgradeSchema(
  db: HistoryDatabase,
  oldVersion: number,
  _newVersion: number | null,
  _tx: IDBPTransaction<HistorySchema, StoreNames<HistorySchema>[], 'versionchange'>,
): void {
  if (oldVersion < 1) {
    const pages = db.createObjectStore('pages', { keyPath: 'id', autoIncrement: true });
    pages.createIndex('url', 'url', { unique: true });
    pages.createIndex('lastVisit', 'lastVisit');
    pages.createIndex('site', 'site');
    // Out-of-line keys: the key fields are not repeated inside each stored value.
    for (const name of BLOCK_STORES) db.createObjectStore(name);
  }
}

/**
 * idb's openDB always uses the global indexedDB; this does the same on a
 * given factory so tests and other contexts can pass their own.
 */
export async function openHistoryDatabase(factory: IDBFactory, name: string): Promise<HistoryDatabase> {
  const request = factory.open(name, DB_VERSION);
  request.addEventListener('upgradeneeded', (event) => {
    const db = wrap(request.result) as unknown as HistoryDatabase;
    const tx = wrap(request.transaction as IDBTransaction) as unknown as IDBPTransaction<HistorySchema, StoreNames<HistorySchema>[], 'versionchange'>;
    upgradeSchema(db, event.oldVersion, event.newVersion, tx);
  });
  const db = (await wrap(request)) as unknown as HistoryDatabase;
  // A newer version opening elsewhere (an updated extension) must not be blocked by this connection.
  db.addEventListener('versionchange', () => db.close());
  return db;
}
