/**
 * The bench's bulk fill: pages written straight into the store's records and
 * buckets, the records first, then every touched bucket once, block store by
 * block store. Only the bench writes this way (imports go through
 * src/store/import.ts), so it lives here and uses the store's internals.
 */
import { BlockEdits } from '../../src/store/blocks/block-edits';
import { applyBlockEdits } from '../../src/store/blocks/block-stores';
import { BLOCK_COUNT } from '../../src/core/fingerprint64';
import type { TakenHashes } from '../../src/store/codec/page-key';
import { encodePage, storedFingerprints } from '../../src/store/codec/stored-page';
import type { NewPage } from '../../src/store';
import { PageTable } from '../../src/store/page-table';
import type { WriteTx } from '../../src/store/schema';

/** Page records added per await in insertPages: enough requests in flight, bounded memory. */
const INSERT_CHUNK = 2000;

/**
 * Files the fingerprints of pages new to the block stores (`ids[i]` with the
 * packed `fingerprints[i]`), store by store, so that only one store's entries
 * are held at a time.
 */
async function indexNewPages(tx: WriteTx, ids: readonly number[], fingerprints: readonly Uint8Array[]): Promise<void> {
  for (let b = 0; b < BLOCK_COUNT; b++) {
    const edits = new BlockEdits(b);
    ids.forEach((id, i) => edits.addPacked(id, fingerprints[i] as Uint8Array));
    await applyBlockEdits(tx, edits, [b]);
  }
}

/**
 * Adds `count` pages with URLs not in the history (`pageAt(i)`, made on
 * demand) in the caller's transaction. A bucket is shared by many pages, so
 * rewriting it per page would cost a read and a write each time. `taken`
 * (the store's URL hashes, kept up to date here) is carried from one call to
 * the next.
 */
export async function insertPages(tx: WriteTx, count: number, pageAt: (i: number) => NewPage, taken: TakenHashes): Promise<number[]> {
  const store = tx.objectStore('pages');
  const table = new PageTable(tx);
  const ids: number[] = [];
  const fingerprints: Uint8Array[] = [];
  for (let start = 0; start < count; start += INSERT_CHUNK) {
    const chunk = Array.from({ length: Math.min(INSERT_CHUNK, count - start) }, (_, k) => pageAt(start + k));
    // A URL whose hash no stored page has takes slot 0 without a read; the
    // rest (hash already taken, ~6% at a million pages) read their slots one
    // page at a time, so two of them never pick the same free slot.
    const shared: NewPage[] = [];
    const added = await Promise.all(chunk.flatMap((page) => {
      const key = taken.claim(page.url);
      if (key === undefined) {
        shared.push(page);
        return [];
      }
      const stored = encodePage(page);
      fingerprints.push(storedFingerprints(stored, key));
      return [store.add(stored, key)];
    }));
    ids.push(...added);
    for (const page of shared) {
      const stored = encodePage(page);
      const id = await store.add(stored, await table.newKey(page.url));
      ids.push(id);
      fingerprints.push(storedFingerprints(stored, id));
    }
  }
  await indexNewPages(tx, ids, fingerprints);
  return ids;
}
