/**
 * Reading the stored pages of many URL hashes at once, for bulk writes
 * (import.ts, import-round.ts): by key ranges where the history's hash bitmap
 * shows few other pages between them.
 */
import { SLOTS_PER_HASH, type TakenHashes } from './codec/page-key';
import type { StoredPage } from './codec/stored-page';
import { readRange } from './range-reads';
import type { PagesStore } from './schema';

/** The pages stored in one URL hash's slots, with their keys. */
export interface Slot {
  keys: number[];
  values: StoredPage[];
}

/**
 * The stored pages in the slots of `hashes` (sorted, distinct), by hash.
 * Neighbouring hashes are read together by one key range when the history
 * holds few other pages between them (the bitmap tells without reading):
 * every Déjà Lu file lists its pages by key, that is by URL hash, so a file
 * re-imported, or exported from a history like this one, is read a range at
 * a time instead of a request per page. A range never holds more than about
 * twice the pages it is read for.
 */
export async function readSlots(store: PagesStore, hashes: readonly number[], taken: TakenHashes): Promise<Map<number, Slot>> {
  const windows: [number, number][] = [];
  for (let i = 0; i < hashes.length; ) {
    const from = hashes[i] as number;
    let to = from;
    let stored = taken.countIn(from, from);
    let j = i + 1;
    for (; j < hashes.length; j++) {
      const next = hashes[j] as number;
      const more = stored + taken.countIn(to + 1, next);
      if (more > 2 * (j - i + 1) + RANGE_SLACK) break;
      stored = more;
      to = next;
    }
    windows.push([from, to]);
    i = j;
  }
  const reads = await Promise.all(windows.map(([from, to]) => {
    const range = IDBKeyRange.bound(from * SLOTS_PER_HASH, to * SLOTS_PER_HASH + SLOTS_PER_HASH - 1);
    return readRange(store, range);
  }));
  const slots = new Map<number, Slot>();
  for (const { keys, pages: values } of reads) {
    keys.forEach((key, i) => {
      const hash = Math.floor(key / SLOTS_PER_HASH);
      const slot = slots.get(hash) ?? { keys: [], values: [] };
      slot.keys.push(key);
      slot.values.push(values[i] as StoredPage);
      slots.set(hash, slot);
    });
  }
  return slots;
}

/** Pages a key range may hold beyond twice those it is read for: small gaps are cheaper read than split into requests. */
const RANGE_SLACK = 8;
