/**
 * What every upgrade step gets: the database and its versionchange
 * transaction, untyped, since each step reads and writes the layout of its
 * own versions rather than the current schema's (../schema.ts).
 */
import type { IDBPDatabase, IDBPTransaction } from 'idb';

export type UpgradeDatabase = IDBPDatabase;
export type UpgradeTransaction = IDBPTransaction<unknown, string[], 'versionchange'>;

/** The four block stores, under the same names in every version. */
export const BLOCK_STORE_NAMES = ['block0', 'block1', 'block2', 'block3'] as const;
