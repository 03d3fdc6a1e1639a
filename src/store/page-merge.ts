/**
 * Merging an imported page with the stored page of its URL, and telling
 * when that changes nothing: pure, on the stored form (codec/stored-page.ts).
 */
import { sameBytes } from './codec/fingerprints';
import { decodeContent, encodePage, type StoredPage } from './codec/stored-page';
import { pageToExportRecord, serializeExportRecord } from './export-format';
import type { NewPage } from './page';

type Visits = { firstVisit: number; lastVisit: number; visitCount: number };

/**
 * Two records of one URL become one: earliest first visit, latest last visit,
 * the larger visit count (not the sum, so importing the same file twice
 * changes nothing), and the content of the more recent reading (ties keep `kept`).
 * Associative, so merging batch by batch gives what merging the whole file would.
 */
export function mergePages<K extends Visits, I extends Visits>(kept: K, incoming: I): K | I {
  const newer = incoming.lastVisit > kept.lastVisit ? incoming : kept;
  return {
    ...newer,
    firstVisit: Math.min(kept.firstVisit, incoming.firstVisit),
    lastVisit: Math.max(kept.lastVisit, incoming.lastVisit),
    visitCount: Math.max(kept.visitCount, incoming.visitCount),
  };
}

export function sameContent(a: NewPage, b: NewPage): boolean {
  return serializeExportRecord(pageToExportRecord(a)) === serializeExportRecord(pageToExportRecord(b));
}

/** The same stored record field for field: what a re-imported page usually is, found without serialising it. */
export function sameStored(a: StoredPage, b: StoredPage): boolean {
  return a.u === b.u && a.t === b.t && a.e === b.e && a.v === b.v && a.c === b.c && a.l === b.l && a.s === b.s && a.o === b.o && sameBytes(a.d, b.d);
}

/** A parsed or stored page back in its full shape, without its key. */
export function unpack(stored: StoredPage): NewPage {
  return decodeContent(stored, 0);
}

/** A batch's pages with one record per URL: repeats merged (rare, so only they are decoded). */
export function mergeRepeats(pages: readonly StoredPage[]): StoredPage[] {
  const byUrl = new Map<string, StoredPage>();
  for (const page of pages) {
    const earlier = byUrl.get(page.u);
    byUrl.set(page.u, earlier === undefined ? page : encodePage(mergePages(unpack(earlier), unpack(page))));
  }
  return [...byUrl.values()];
}
