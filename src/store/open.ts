/**
 * The one place that opens the history's IndexedDB database: at DB_VERSION,
 * upgrading an older one step by step (migrations/), each step a frozen copy
 * of what that version's upgrade did.
 */
import { wrap, type IDBPTransaction, type StoreNames } from 'idb';
import type { UpgradeDatabase, UpgradeTransaction } from './migrations/upgrade';
import { createV1 } from './migrations/v1';
import { upgradeToV2 } from './migrations/v2';
import { upgradeToV3 } from './migrations/v3';
import { upgradeToV4 } from './migrations/v4';
import { upgradeToV5 } from './migrations/v5';
import { upgradeToV6 } from './migrations/v6';
import { upgradeToV7 } from './migrations/v7';
import { upgradeToV8 } from './migrations/v8';
import { upgradeToV9 } from './migrations/v9';
import { upgradeToV10 } from './migrations/v10';
import { upgradeToV11 } from './migrations/v11';
import { upgradeToV12 } from './migrations/v12';
import { upgradeToV13 } from './migrations/v13';
import { DB_VERSION, type HistoryDatabase, type HistorySchema } from './schema';

type UpgradeTx = IDBPTransaction<HistorySchema, StoreNames<HistorySchema>[], 'versionchange'>;

/**
 * Runs in the versionchange transaction; the returned promise settles when
 * the data migration is done. Any failure aborts that transaction, which
 * leaves the database at its old version with its data untouched.
 */
function upgradeSchema(db: HistoryDatabase, oldVersion: number, tx: UpgradeTx): Promise<void> {
  const untypedDb = db as unknown as UpgradeDatabase;
  const untypedTx = tx as unknown as UpgradeTransaction;
  if (oldVersion < 1) createV1(untypedDb);
  let migration = oldVersion < 2 ? upgradeToV2(untypedDb, untypedTx, oldVersion) : Promise.resolve();
  if (oldVersion < 3) migration = migration.then(() => upgradeToV3(untypedDb, untypedTx));
  if (oldVersion < 4) migration = migration.then(() => upgradeToV4(untypedDb));
  if (oldVersion < 5) migration = migration.then(() => upgradeToV5(untypedTx));
  if (oldVersion < 6) migration = migration.then(() => upgradeToV6(untypedTx));
  if (oldVersion < 7) migration = migration.then(() => upgradeToV7(untypedTx));
  if (oldVersion < 8) migration = migration.then(() => upgradeToV8(untypedDb, untypedTx));
  if (oldVersion < 9) migration = migration.then(() => upgradeToV9(untypedDb));
  if (oldVersion < 10) migration = migration.then(() => upgradeToV10(untypedDb));
  if (oldVersion < 11) migration = migration.then(() => upgradeToV11());
  if (oldVersion < 12) migration = migration.then(() => upgradeToV12(untypedDb, untypedTx));
  if (oldVersion < 13) migration = migration.then(() => upgradeToV13(untypedTx));
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
    upgradeSchema(db, event.oldVersion, tx).catch(() => {
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
