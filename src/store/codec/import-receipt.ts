/**
 * A receipt: what the history keeps of a file it imported in full, so the
 * same file imported again is answered from it (import-receipts.ts,
 * docs/decisions/0073). Pure: no IndexedDB.
 *
 * Importing is a merge that only moves a page forward (page-merge.ts:
 * earliest first visit, latest last visit, largest count, the newer
 * reading), and so is every visit; only removing pages undoes it. So once a
 * file is in, importing it again changes nothing until a page is removed,
 * and removals forget every receipt.
 */
import type { PageSource } from '../page';

export interface ImportReceipt {
  /** When the import ended, ms since epoch. */
  at: number;
  /** Pages the file held (new, updated and unchanged then): all unchanged now. */
  pages: number;
}

/**
 * The receipts of files of `bytes` bytes imported with `source` by an engine
 * of fingerprint scheme `scheme` share this prefix; the file's digest ends
 * the key. A receipt from another scheme or source never answers.
 */
export function receiptPrefix(bytes: number, source: PageSource | undefined, scheme: number): string {
  return `${bytes}|${source ?? 'file'}|${scheme}|`;
}

/** The stored value if it is a receipt; the store is user data on disk, so anything else reads as none. */
export function asReceipt(value: unknown): ImportReceipt | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { at, pages } = value as Partial<ImportReceipt>;
  return Number.isFinite(at) && Number.isSafeInteger(pages) && (pages as number) >= 0 ? { at: at as number, pages: pages as number } : undefined;
}
