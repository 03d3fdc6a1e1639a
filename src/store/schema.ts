/**
 * The IndexedDB schema of the reading history, as types and names: what
 * open.ts opens and the rest of the store reads and writes. Types only — the
 * upgrades that reach this version are in migrations/.
 */
import type { DBSchema, IDBPDatabase, IDBPObjectStore, IDBPTransaction, StoreNames } from 'idb';
import type { Bucket } from './codec/bucket';
import type { StoredPage } from './codec/stored-page';

export const DB_NAME = 'deja-lu';
export const DB_VERSION = 7;

/** Names of the four block stores, block n holding bits 63−16n … 48−16n of each fingerprint. */
export const BLOCK_STORES = ['block0', 'block1', 'block2', 'block3'] as const;
export type BlockStoreName = (typeof BLOCK_STORES)[number];

interface BlockStoreSchema {
  key: number;
  value: Bucket;
}

export interface HistorySchema extends DBSchema {
  /** Out-of-line keys made from the URL (codec/page-key.ts); lastVisit indexes `v`, scheme `o`. */
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

/** Every store: what a write keeping pages and their bucket entries in step opens. */
export const ALL_STORES = ['pages', ...BLOCK_STORES] as const;
export type ReadTx = IDBPTransaction<HistorySchema, (typeof ALL_STORES)[number][], IDBTransactionMode>;
export type WriteTx = IDBPTransaction<HistorySchema, (typeof ALL_STORES)[number][], 'readwrite'>;

/** The pages store in any transaction that has it. */
export type PagesStore<M extends IDBTransactionMode = IDBTransactionMode> = IDBPObjectStore<HistorySchema, ArrayLike<StoreNames<HistorySchema>>, 'pages', M>;
