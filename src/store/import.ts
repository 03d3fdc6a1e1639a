/**
 * Importing an export file, all or nothing, in bounded memory: one readwrite
 * transaction reads the file as a stream and writes each batch of valid pages
 * while the next is parsed; each touched bucket is rewritten once at the end.
 * A file that turns out unreadable (ExportFormatError), a failed write or a
 * page closed mid-import aborts the transaction: the history is as it was.
 *
 * Memory holds two batches of pages plus a journal of the pages written (id
 * and a view of their fingerprints), never the whole file.
 */
import { unwrap } from 'idb';
import { BlockEdits, applyBlockEdits, unpackFingerprints } from './block-index';
import { inTransaction } from './errors';
import { pageToExportRecord, parseExportPages, serializeExportRecord } from './export-format';
import type { PageSource } from './page';
import { TakenHashes, findByUrl, newKey, type PagesStore } from './page-key';
import { ALL_STORES } from './page-writes';
import type { HistoryDatabase } from './schema';
import { decodeContent, encodePage, storedFingerprints, type NewPage, type StoredPage } from './stored-page';

export interface ImportRejection {
  /** Position in the file's pages array, from 0. */
  index: number;
  reason: string;
  url?: string;
}

export interface ImportReport {
  /** Pages new to the history. */
  imported: number;
  /** Pages already present that the import changed. */
  updated: number;
  /** Pages already present and identical after merging. */
  unchanged: number;
  rejected: ImportRejection[];
}

export interface ImportOptions {
  /** Overrides every imported record's source; by default records keep the one in the file. */
  source?: PageSource;
}

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

/**
 * Pages parsed and then written per step: large enough that IndexedDB always
 * has writes queued while the next batch is parsed, small enough that two
 * batches of pages (~1 MB each) are all the import holds of the file at a time.
 */
export const IMPORT_BATCH = 2000;

function sameContent(a: NewPage, b: NewPage): boolean {
  return serializeExportRecord(pageToExportRecord({ ...a, id: 0 })) === serializeExportRecord(pageToExportRecord({ ...b, id: 0 }));
}

/** A parsed or stored page back in its full shape, without its key. */
function unpack(stored: StoredPage): NewPage {
  return decodeContent(stored, 0);
}

const IMPORTED = 0;
const UPDATED = 1;
const UNCHANGED = 2;

/**
 * What the commit did to each page, packed: its outcome, the fingerprints it
 * had before the import (their entries go) and the ones it has now (theirs come).
 */
class ImportJournal {
  private readonly slots = new Map<number, number>();
  private kinds: number[] = [];
  private ids: number[] = [];
  private before: (Uint8Array | undefined)[] = [];
  private after: (Uint8Array | undefined)[] = [];

  /** A page was added, changed, or found identical; the first outcome of a page wins except unchanged → updated. */
  note(id: number, kind: number, before: Uint8Array | undefined, after: Uint8Array | undefined): void {
    const slot = this.slots.get(id);
    if (slot === undefined) {
      this.slots.set(id, this.ids.length);
      this.ids.push(id);
      this.kinds.push(kind);
      this.before.push(before);
      this.after.push(after);
      return;
    }
    if (kind === UNCHANGED) return;
    if (this.kinds[slot] === UNCHANGED) this.kinds[slot] = kind;
    this.after[slot] = after;
  }

  counts(): { imported: number; updated: number; unchanged: number } {
    const counts = { imported: 0, updated: 0, unchanged: 0 };
    for (const kind of this.kinds) {
      if (kind === IMPORTED) counts.imported++;
      else if (kind === UPDATED) counts.updated++;
      else counts.unchanged++;
    }
    return counts;
  }

  /** The bucket edits of every page the import wrote. */
  edits(): BlockEdits {
    const edits = new BlockEdits();
    this.ids.forEach((id, i) => {
      const before = this.before[i];
      const after = this.after[i];
      if (after === undefined) return;
      if (before !== undefined) edits.remove(id, unpackFingerprints(before));
      edits.addPacked(id, after);
    });
    return edits;
  }
}

/** Writes one imported page that may already be stored: new, or merged into the stored page of its URL. */
async function commitPage(store: PagesStore<'readwrite'>, journal: ImportJournal, page: StoredPage): Promise<void> {
  const stored = await findByUrl(store, page.u);
  if (stored === undefined) {
    const id = await store.add(page, await newKey(store, page.u));
    journal.note(id, IMPORTED, undefined, storedFingerprints(page, id));
    return;
  }
  const old = unpack(stored.page);
  const next = mergePages(old, unpack(page));
  if (sameContent(old, next)) {
    journal.note(stored.key, UNCHANGED, undefined, undefined);
    return;
  }
  const encoded = encodePage(next);
  await store.put(encoded, stored.key);
  journal.note(stored.key, UPDATED, storedFingerprints(stored.page, stored.key), storedFingerprints(encoded, stored.key));
}

/** A batch's pages with one record per URL: repeats merged (rare, so only they are decoded). */
function mergeRepeats(pages: readonly StoredPage[]): StoredPage[] {
  const byUrl = new Map<string, StoredPage>();
  for (const page of pages) {
    const earlier = byUrl.get(page.u);
    byUrl.set(page.u, earlier === undefined ? page : encodePage(mergePages(unpack(earlier), unpack(page))));
  }
  return [...byUrl.values()];
}

/** A key no page has (keys are ≥ 0): reading it is the cheapest request there is. */
const NO_PAGE = -1;

/**
 * Awaits `work` (reading the file, whose chunks arrive in tasks of their own)
 * without letting the transaction commit, which it does at the end of any
 * task that leaves it no request in flight: waits for `placed`, a request
 * made earlier, then makes `tick` requests one after another until `work`
 * has settled. Returns inside a request's success callback, where the
 * transaction takes requests again. Dexie's waitFor() does the same.
 */
async function keepingAlive<T>(work: Promise<T>, placed: Promise<unknown>, tick: () => Promise<unknown>): Promise<T> {
  let settled = false;
  const watched = work.finally(() => {
    settled = true;
  });
  watched.catch(() => undefined);
  await placed;
  while (!settled) await tick();
  return watched;
}

/**
 * Reads the file (chunks split anywhere) and writes its valid pages into the
 * history in one transaction, merged with the pages already there.
 */
export async function importFile(db: HistoryDatabase, chunks: AsyncIterable<string> | string, now: Date, options: ImportOptions): Promise<ImportReport> {
  const journal = new ImportJournal();
  const rejected: ImportRejection[] = [];
  const records = parseExportPages(chunks, { now })[Symbol.asyncIterator]();
  let ended = false;
  const parseBatch = async (): Promise<StoredPage[]> => {
    const batch: StoredPage[] = [];
    while (batch.length < IMPORT_BATCH) {
      const item = await records.next();
      if (item.done === true) {
        ended = true;
        break;
      }
      for (const parsed of item.value) {
        if (!parsed.ok) {
          rejected.push({ index: parsed.index, reason: parsed.reason, ...(parsed.url === undefined ? {} : { url: parsed.url }) });
          continue;
        }
        if (options.source !== undefined) parsed.page.source = options.source;
        batch.push(encodePage(parsed.page));
      }
    }
    return batch;
  };
  const tx = db.transaction(ALL_STORES, 'readwrite');
  try {
    await inTransaction(tx, async () => {
      const pages = tx.objectStore('pages');
      const tick = () => {
        const request = pages.get(NO_PAGE);
        // The last one placed is never awaited; when an abort fails it, that is reported once, by inTransaction.
        request.catch(() => undefined);
        return request;
      };
      // Most imported URLs have a hash no stored page has: those are new, with
      // slot 0 free, and are written without reading anything first.
      const taken = await TakenHashes.of(pages);
      // New pages are written with the bare request, no promise or listener of
      // its own: at 100,000 pages those cost seconds. A failed one aborts the
      // transaction, which the next awaited request reports (inTransaction).
      const addNew = unwrap(pages).add.bind(unwrap(pages));
      // Pages whose hash is taken (an update, or a URL sharing a hash) read the
      // history first, one at a time so that two never pick the same free slot;
      // they wait here, a batch at most, so the new pages' writes run on meanwhile.
      let shared: StoredPage[] = [];
      const writeShared = async () => {
        for (const page of shared) await commitPage(pages, journal, page);
        shared = [];
      };
      // IndexedDB answers a transaction's requests in order. A tick placed
      // halfway through a batch's writes answers while the other half is still
      // being written: the next batch, parsed meanwhile, is then written without
      // IndexedDB running out of work, and at most ~1.5 batches are in flight.
      let placed = tick();
      while (!ended) {
        const batch = mergeRepeats(await keepingAlive(parseBatch(), placed, tick));
        const halfway = batch.length >> 1;
        batch.forEach((page, i) => {
          if (i === halfway) placed = tick();
          // A URL no stored page shares a hash with is new: the record goes in as it is.
          const key = taken.claim(page.u);
          if (key === undefined) {
            shared.push(page);
            return;
          }
          journal.note(key, IMPORTED, undefined, storedFingerprints(page, key));
          addNew(page, key);
        });
        if (shared.length >= IMPORT_BATCH) {
          await writeShared();
          // The tick placed halfway has answered meanwhile.
          placed = tick();
        }
        // A batch comes back empty only once the file has ended: no tick is then awaited.
      }
      await writeShared();
      // The four block stores at once: their edits for 100,000 pages take ~10 MB.
      await applyBlockEdits(tx, journal.edits());
    });
  } finally {
    // Stops reading a file the import gave up on (its reader is released).
    if (!ended) records.return(undefined).catch(() => undefined);
  }
  return { ...journal.counts(), rejected };
}
