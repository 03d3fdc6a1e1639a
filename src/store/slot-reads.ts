/**
 * Which key ranges to read for the stored pages of many URL hashes at once,
 * for bulk writes (import.ts, import-round.ts): neighbouring hashes share a
 * range where the history's hash bitmap shows few other pages between them.
 * PageTable.slots reads them.
 */
import type { TakenHashes } from './codec/page-key';
import type { StoredPage } from './codec/stored-page';

/** The pages stored in one URL hash's slots, with their keys. */
export interface Slot {
  keys: number[];
  values: StoredPage[];
}

/**
 * Windows `[from, to]` of hashes covering `hashes` (sorted, distinct).
 * Neighbouring hashes are read together when the history holds few other
 * pages between them (the bitmap tells without reading): every Déjà Lu file
 * lists its pages by key, that is by URL hash, so a file re-imported, or
 * exported from a history like this one, is read a range at a time instead
 * of a request per page. A window never holds more than about twice the
 * pages it is read for.
 */
export function windowsOfHashes(hashes: readonly number[], taken: TakenHashes): [number, number][] {
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
  return windows;
}

/** Pages a window may hold beyond twice those it is read for: small gaps are cheaper read than split into requests. */
const RANGE_SLACK = 8;
