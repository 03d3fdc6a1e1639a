/**
 * The IndexedDB schema of the reading history, as types and names: what
 * open.ts opens and the rest of the store reads and writes. Types only — the
 * upgrades that reach this version are in migrations/.
 */
import type { DBSchema, IDBPDatabase, IDBPTransaction } from 'idb';
import type { Bucket } from './codec/bucket';
import type { PageGroup } from './codec/page-group';
import type { Mark, RunKey, RunRecord } from './codec/run';
import type { ImportReceipt } from './codec/import-receipt';

export const DB_NAME = 'deja-lu';
export const DB_VERSION = 13;

/** Names of the four block stores, block n holding bits 63−16n … 48−16n of each fingerprint. */
export const BLOCK_STORES = ['block0', 'block1', 'block2', 'block3'] as const;
export type BlockStoreName = (typeof BLOCK_STORES)[number];

interface BlockStoreSchema {
  key: number;
  value: Bucket;
}

export interface HistorySchema extends DBSchema {
  /**
   * Pages in groups (codec/page-group.ts), keyed by the top bits of their
   * page keys (codec/page-key.ts); multiEntry indexes: lastVisit over each
   * member's `[lastVisit, key]` (`w`), scheme over the members' schemes (`o`),
   * author over the keys of the members that are the user's own articles (`a`).
   */
  groups: {
    key: number;
    value: PageGroup;
    indexes: { lastVisit: [number, number]; scheme: number; author: number };
  };
  /**
   * How many pages each group holds, under the group's key (a group with
   * none has no record): what counting the pages reads, since a count of the
   * lastVisit index checks every entry against its group, ~50 µs a page
   * (decisions/0096). Written with its group by PageTable.flush.
   */
  groupSizes: {
    key: number;
    value: number;
  };
  block0: BlockStoreSchema;
  block1: BlockStoreSchema;
  block2: BlockStoreSchema;
  block3: BlockStoreSchema;
  /**
   * An import's bucket entries not yet in the block stores (codec/run.ts,
   * blocks/runs.ts): run records under `[block store, chunk, sequence]`;
   * under a page key, a mark saying up to which sequence the page's entries
   * in the runs are out of date; under 'clock', the last sequence given out;
   * under 'marked', a token each marking replaces (no schema change: a key).
   */
  runs: {
    key: RunKey | number | 'clock' | 'marked';
    value: RunRecord | Mark;
  };
  /**
   * Files imported in full (codec/import-receipt.ts), under their receipt
   * keys; under 'removed', a token every removal of pages replaces, so an
   * import that saw pages go while it ran leaves no receipt.
   */
  imports: {
    key: string;
    value: ImportReceipt | string;
  };
}

export type HistoryDatabase = IDBPDatabase<HistorySchema>;

/** The stores a look-up reads: pages and their bucket entries. */
export const LOOKUP_STORES = ['groups', ...BLOCK_STORES] as const;
/**
 * Every store: what a write keeping pages and their bucket entries in step
 * opens (groupSizes written with the groups, page-table.ts; runs for the
 * marks, blocks/runs.ts; imports for the receipts a removal forgets,
 * import-receipts.ts).
 */
export const ALL_STORES = [...LOOKUP_STORES, 'groupSizes', 'runs', 'imports'] as const;
export type ReadTx = IDBPTransaction<HistorySchema, (typeof LOOKUP_STORES)[number][], IDBTransactionMode>;
export type WriteTx = IDBPTransaction<HistorySchema, (typeof ALL_STORES)[number][], 'readwrite'>;

