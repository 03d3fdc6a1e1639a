/**
 * Importing an export file, all or nothing, in bounded memory:
 *
 * 1. stage: the file is read as a stream; valid pages go, in batches, to the
 *    `staging` store under this import's id, apart from the history. A file
 *    that turns out unreadable (ExportFormatError) or a failed write stops
 *    here: the staged batches are deleted and the history was never touched.
 * 2. commit: one readwrite transaction moves the staged batches into the
 *    history (merging with pages already there) and rewrites each touched
 *    bucket once. A failure aborts it as a whole.
 *
 * Memory holds two batches of pages plus a packed journal of the pages written
 * (id and fingerprints, tens of bytes per page), never the whole file.
 */
import { unwrap } from 'idb';
import { BlockEdits, applyBlockEdits, unpackFingerprints } from './block-index';
import { inTransaction } from './errors';
import { exportRecordToPage, pageToExportRecord, parseExport, serializeExportRecord } from './export-format';
import type { PageSource } from './page';
import { TakenHashes, findByUrl, newKey, type PagesStore } from './page-key';
import { ALL_STORES, type WriteTx } from './page-writes';
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
 * Pages per staged batch and per step of the commit: large enough that
 * IndexedDB sees few, big requests, small enough that one batch of pages
 * (~1 MB) is all the import holds at a time.
 */
export const IMPORT_BATCH = 2000;
/** Staged batches this old belong to an import that never finished (its page was closed); the next import removes them. */
const STALE_STAGING_MS = 24 * 60 * 60 * 1000;

let lastImportId = 0;
/** Increasing ids from the wall clock: staging keys sort by age and two imports at once never share one. */
function newImportId(): number {
  lastImportId = Math.max(lastImportId + 1, Date.now());
  return lastImportId;
}

function stagingRange(importId: number): IDBKeyRange {
  return IDBKeyRange.bound([importId, 0], [importId, Infinity]);
}

async function dropStaging(db: HistoryDatabase, range: IDBKeyRange): Promise<void> {
  const tx = db.transaction('staging', 'readwrite');
  await inTransaction(tx, () => tx.objectStore('staging').delete(range));
}

/** Reads and validates the file into the staging store; throws ExportFormatError before the history is touched. */
async function stage(db: HistoryDatabase, importId: number, chunks: AsyncIterable<string> | string, now: Date, options: ImportOptions): Promise<{ batches: number; rejected: ImportRejection[] }> {
  const rejected: ImportRejection[] = [];
  let batch: StoredPage[] = [];
  let batches = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const pages = batch;
    batch = [];
    const tx = db.transaction('staging', 'readwrite');
    await inTransaction(tx, () => tx.objectStore('staging').add({ pages }, [importId, batches]));
    batches++;
  };
  for await (const item of parseExport(chunks, { now })) {
    if (!item.ok) {
      rejected.push({ index: item.index, reason: item.reason, ...(item.url === undefined ? {} : { url: item.url }) });
      continue;
    }
    const page = exportRecordToPage(item.record);
    if (options.source !== undefined) page.source = options.source;
    batch.push(encodePage(page));
    if (batch.length >= IMPORT_BATCH) await flush();
  }
  await flush();
  return { batches, rejected };
}

function sameContent(a: NewPage, b: NewPage): boolean {
  return serializeExportRecord(pageToExportRecord({ ...a, id: 0 })) === serializeExportRecord(pageToExportRecord({ ...b, id: 0 }));
}

/** A staged or stored page back in its full shape, without its key. */
function unstage(stored: StoredPage): NewPage {
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
      edits.add(id, unpackFingerprints(after));
    });
    return edits;
  }
}

const COMMIT_STORES = [...ALL_STORES, 'staging'] as const;

/** Writes one imported page that may already be stored: new, or merged into the stored page of its URL. */
async function commitPage(store: PagesStore<'readwrite'>, journal: ImportJournal, page: StoredPage): Promise<void> {
  const stored = await findByUrl(store, page.u);
  if (stored === undefined) {
    const id = await store.add(page, await newKey(store, page.u));
    journal.note(id, IMPORTED, undefined, storedFingerprints(page, id));
    return;
  }
  const old = unstage(stored.page);
  const next = mergePages(old, unstage(page));
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
    byUrl.set(page.u, earlier === undefined ? page : encodePage(mergePages(unstage(earlier), unstage(page))));
  }
  return [...byUrl.values()];
}

/** Moves the staged batches into the history in one transaction. */
async function commit(db: HistoryDatabase, importId: number, batches: number): Promise<{ imported: number; updated: number; unchanged: number }> {
  const journal = new ImportJournal();
  if (batches === 0) return journal.counts();
  const tx = db.transaction(COMMIT_STORES, 'readwrite');
  await inTransaction(tx, async () => {
    const pages = tx.objectStore('pages');
    // Most imported URLs have a hash no stored page has: those are new, with
    // slot 0 free, and are written without reading anything first.
    const taken = await TakenHashes.of(pages);
    const staging = tx.objectStore('staging');
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
    let next = staging.get([importId, 0]);
    for (let n = 0; n < batches; n++) {
      // IndexedDB answers requests in order: the next batch, asked for before
      // this one's pages are written, arrives while they are, and once it has,
      // every batch but the previous one is written (at most two in flight).
      const staged = await next;
      if (staged === undefined) throw new Error(`import batch ${n} is missing from staging`);
      if (n + 1 < batches) {
        next = staging.get([importId, n + 1]);
        // Awaited next time round; if this batch fails first, the abort answers it.
        next.catch(() => undefined);
      }
      for (const page of mergeRepeats(staged.pages)) {
        // A URL no stored page shares a hash with is new: the staged record goes in as it is.
        const key = taken.claim(page.u);
        if (key === undefined) {
          shared.push(page);
          continue;
        }
        journal.note(key, IMPORTED, undefined, storedFingerprints(page, key));
        addNew(page, key);
      }
      if (shared.length >= IMPORT_BATCH) await writeShared();
    }
    await writeShared();
    // The four block stores at once: their edits for 100,000 pages take ~10 MB.
    await applyBlockEdits(tx as unknown as WriteTx, journal.edits());
    await tx.objectStore('staging').delete(stagingRange(importId));
  });
  return journal.counts();
}

export async function importFile(db: HistoryDatabase, chunks: AsyncIterable<string> | string, now: Date, options: ImportOptions): Promise<ImportReport> {
  const importId = newImportId();
  try {
    await dropStaging(db, IDBKeyRange.upperBound([importId - STALE_STAGING_MS, Infinity]));
    const { batches, rejected } = await stage(db, importId, chunks, now, options);
    return { ...(await commit(db, importId, batches)), rejected };
  } catch (error) {
    // Best effort: what is left is removed by a later import.
    await dropStaging(db, stagingRange(importId)).catch(() => undefined);
    throw error;
  }
}
