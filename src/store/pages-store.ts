/**
 * Writes that keep a page and its bucket entries in step, within the
 * caller's transaction: the page through its PageTable, the entries as
 * edits the caller applies once for the whole transaction.
 */
import { fingerprintFromHex, type Fingerprint } from '../core/fingerprint64';
import { applyBlockEdits } from './blocks/block-stores';
import { BlockEdits } from './blocks/block-edits';
import { encodePage } from './codec/stored-page';
import type { NewPage, Page } from './page';
import type { PageTable } from './page-table';
import type { WriteTx } from './schema';

/** A page's fingerprints in slot order: the whole document, then its passages, then its chunk heads (filed in block0 as passages are). */
function fingerprintsOf(page: Pick<Page, 'fingerprint' | 'passages' | 'heads'>): Fingerprint[] {
  return [page.fingerprint, ...page.passages, ...(page.heads ?? [])].map(fingerprintFromHex);
}

/** Adds the page under a key of its URL (codec/page-key.ts); its bucket entries go to `edits`. */
export async function insertPage(table: PageTable<'readwrite'>, page: NewPage, edits: BlockEdits): Promise<Page> {
  const id = await table.newKey(page.url);
  table.add(id, encodePage(page));
  edits.add(id, fingerprintsOf(page));
  return { ...page, id };
}

/** Replaces `existing` by `next` (same id); the old fingerprints' entries go and the new ones come, unless they are the same (BlockEdits.replace). */
export function replacePage(table: PageTable<'readwrite'>, existing: Page, next: Page, edits: BlockEdits): Page {
  edits.replace(next.id, fingerprintsOf(existing), fingerprintsOf(next));
  const { id, ...page } = next;
  table.put(id, encodePage(page));
  return next;
}

export function removePage(table: PageTable<'readwrite'>, page: Page, edits: BlockEdits): void {
  edits.remove(page.id, fingerprintsOf(page));
  table.delete(page.id);
}

/** Page changes through `table` with their bucket edits, both written in the same transaction. */
export async function withBlockEdits<T>(tx: WriteTx, table: PageTable<'readwrite'>, write: (edits: BlockEdits) => Promise<T>): Promise<T> {
  const edits = new BlockEdits();
  const result = await write(edits);
  await table.flush();
  await applyBlockEdits(tx, edits);
  return result;
}
