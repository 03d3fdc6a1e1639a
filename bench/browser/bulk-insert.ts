/**
 * The bench's bulk fill: pages written straight into the store's groups and
 * buckets, the groups first (in key order), then every touched bucket once,
 * block store by block store. Only the bench writes this way (imports go through
 * src/store/import.ts), so it lives here and uses the store's internals.
 */
import { BlockEdits } from '../../src/store/blocks/block-edits';
import { applyBlockEdits } from '../../src/store/blocks/block-stores';
import { BLOCK_COUNT } from '../../src/core/fingerprint64';
import { groupOf } from '../../src/store/codec/page-group';
import { SLOTS_PER_HASH, urlHash, type TakenHashes } from '../../src/store/codec/page-key';
import { encodePage, storedFiledFingerprints, type StoredPage } from '../../src/store/codec/stored-page';
import type { NewPage } from '../../src/store';
import { PageTable } from '../../src/store/page-table';
import type { WriteTx } from '../../src/store/schema';

/** Groups written per PageTable in insertPages: its cache of written groups is dropped after each flush, bounding memory. */
const GROUPS_PER_TABLE = 64;

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
 * Adds `count` pages with URLs not in the history (`pageAt(i)`) in the
 * caller's transaction, in key order, so each group of pages is written
 * once a call (a group holds a key range, codec/page-group.ts). A bucket is
 * shared by many pages, so rewriting it per page would cost a read and a
 * write each time. `taken` (the store's URL hashes, kept up to date here) is
 * carried from one call to the next.
 */
export async function insertPages(tx: WriteTx, count: number, pageAt: (i: number) => NewPage, taken: TakenHashes): Promise<number[]> {
  // A URL whose hash no stored page has takes slot 0 without a read; the
  // rest (hash already taken, ~6% at a million pages) find a free slot once
  // the others are written, their group read then.
  const keyed: [number, StoredPage][] = [];
  const shared: StoredPage[] = [];
  for (let i = 0; i < count; i++) {
    const page = pageAt(i);
    const key = taken.claim(page.url);
    if (key === undefined) shared.push(encodePage(page));
    else keyed.push([key, encodePage(page)]);
  }
  keyed.sort(([a], [b]) => a - b);
  shared.sort((a, b) => urlHash(a.u) - urlHash(b.u));
  const ids: number[] = [];
  const fingerprints: Uint8Array[] = [];
  let table = new PageTable(tx);
  let groups = 0;
  let group = -1;
  const next = async (key: number): Promise<void> => {
    if (groupOf(key) === group) return;
    group = groupOf(key);
    if (++groups <= GROUPS_PER_TABLE) return;
    await table.flush();
    table = new PageTable(tx);
    groups = 1;
  };
  for (const [key, stored] of keyed) {
    await next(key);
    table.add(key, stored);
    ids.push(key);
    fingerprints.push(storedFiledFingerprints(stored, key));
  }
  await table.flush();
  table = new PageTable(tx);
  groups = 0;
  group = -1;
  for (const stored of shared) {
    await next(urlHash(stored.u) * SLOTS_PER_HASH);
    // The table sees its own queued adds, so two of these never pick the same slot.
    const key = await table.newKey(stored.u);
    table.add(key, stored);
    ids.push(key);
    fingerprints.push(storedFiledFingerprints(stored, key));
  }
  await table.flush();
  await indexNewPages(tx, ids, fingerprints);
  return ids;
}
