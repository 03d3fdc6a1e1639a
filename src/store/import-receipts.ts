/**
 * Receipts of files imported in full (codec/import-receipt.ts), in the
 * `imports` store: a file imported again is answered from its receipt
 * instead of being read through (History.importFile, docs/decisions/0073).
 * Removing pages forgets every receipt and replaces a token, so an import
 * that saw pages removed while it ran leaves none.
 */
import { asReceipt, type ImportReceipt } from './codec/import-receipt';
import { collectRequests, inTransaction } from './errors';
import type { HistoryDatabase } from './schema';

/** Where the removal token is kept: not a receipt key, which starts with a digit. */
const REMOVED = 'removed';

/**
 * Receipts kept, the newest: enough for any backup a user re-imports, while
 * the store stays a few kilobytes however many files come and go.
 */
export const MAX_RECEIPTS = 32;

interface ImportsStore {
  clear(): Promise<unknown>;
  put(value: string, key: string): Promise<unknown>;
}

/** In a transaction that removes pages: no file imported before counts as imported any more. */
export function forgetReceipts(store: ImportsStore): Promise<unknown>[] {
  return collectRequests((request) => {
    request(store.clear());
    // Random, not a count: the store's clear restarts any count.
    request(store.put(crypto.randomUUID(), REMOVED));
  });
}

export class ImportReceipts {
  constructor(private readonly db: HistoryDatabase) {}

  /**
   * Read as an import starts, in one transaction: the removal token, to
   * compare with when its receipt is written, and whether any receipt's key
   * starts with `prefix` (a file of that size): only then is the file's
   * digest worth waiting for.
   */
  async before(prefix: string): Promise<{ token: unknown; seen: boolean }> {
    const tx = this.db.transaction('imports', 'readonly');
    return inTransaction(tx, async () => {
      const [token, key] = await Promise.all([tx.store.get(REMOVED), tx.store.getKey(IDBKeyRange.bound(prefix, `${prefix}\uffff`))]);
      return { token, seen: key !== undefined };
    });
  }

  async find(key: string): Promise<ImportReceipt | undefined> {
    const tx = this.db.transaction('imports', 'readonly');
    return asReceipt(await inTransaction(tx, () => tx.store.get(key)));
  }

  /**
   * Keeps `receipt` under `key` unless pages were removed since `token` was
   * read (the file may hold one of them); the oldest beyond MAX_RECEIPTS go.
   * Returns whether it was kept.
   */
  async write(key: string, receipt: ImportReceipt, token: unknown): Promise<boolean> {
    const tx = this.db.transaction('imports', 'readwrite');
    return inTransaction(tx, async () => {
      if ((await tx.store.get(REMOVED)) !== token) return false;
      await tx.store.put(receipt, key);
      const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
      // Anything else under a receipt's key (a damaged record) sorts last, so it goes first.
      const receipts = keys.map((k, i) => ({ key: k, at: asReceipt(values[i])?.at ?? -Infinity })).filter(({ key: k }) => k !== REMOVED);
      receipts.sort((a, b) => b.at - a.at);
      await Promise.all(collectRequests((request) => receipts.slice(MAX_RECEIPTS).forEach(({ key: old }) => request(tx.store.delete(old)))));
      return true;
    });
  }
}
