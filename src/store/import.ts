/**
 * Importing an export file of any size, in batches: the file is read as a
 * stream, and each batch of records is written in a readwrite transaction of
 * its own (pages and block index together), while the next batch is parsed.
 * A batch is all or nothing; the file is not (docs/export-format.md,
 * "Import"): an import that stops half way keeps the batches written before,
 * each with its block index, and running it again completes it, since merging
 * is idempotent.
 *
 * Memory holds two batches of records and a bitmap of the URL hashes in the
 * history (2 MB), never the whole file nor a per-page journal.
 */
import { unwrap } from 'idb';
import { BlockEdits } from './blocks/block-edits';
import { applyBlockEdits } from './blocks/block-stores';
import { unpackFingerprints } from './codec/fingerprints';
import { SLOTS_PER_HASH, TakenHashes, freeKey, urlHash } from './codec/page-key';
import { decodeContent, encodePage, storedFingerprints, type StoredPage } from './codec/stored-page';
import { inTransaction } from './errors';
import { ExportFormatError, pageToExportRecord, parseExportPages, serializeExportRecord, type ParsedPage } from './export-format';
import type { NewPage, PageSource } from './page';
import { readTakenHashes } from './pages-store';
import { ALL_STORES, type HistoryDatabase, type PagesStore } from './schema';

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
  /** The first MAX_REPORTED_REJECTIONS rejected records, in file order. */
  rejected: ImportRejection[];
  /** Every rejected record, listed or not. */
  rejectedCount: number;
}

/** Where a running import stands, after each batch written. */
export interface ImportProgress {
  /** Records of the file handled so far (valid or not): records 1 to this are in the history. */
  records: number;
  imported: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

export interface ImportOptions {
  /** Overrides every imported record's source; by default records keep the one in the file. */
  source?: PageSource;
  /** Records per batch (and per transaction); IMPORT_BATCH by default. */
  batchSize?: number;
  /** Called after each batch is committed. */
  onProgress?: (progress: ImportProgress) => void;
  /** Awaited between batches, to let other work run; by default the next task (a timer). */
  pause?: () => Promise<void>;
}

/**
 * Records parsed and then written per batch and transaction. Each batch
 * rewrites most of the block index's 4 × 4,096 buckets whatever its size
 * (~16,000 puts in block0 alone at 2,000 pages with passages), so a larger
 * batch costs less per page; a page check waits for at most one batch. At
 * 2,000 a 100,000-page import took 2.4 times as long as at 10,000, each
 * batch ~40% as long (docs/decisions/0003-batched-import.md).
 */
export const IMPORT_BATCH = 10_000;

/**
 * Characters of text (URLs, titles, excerpts) that end a batch before
 * IMPORT_BATCH records: pages with every field at its limit would otherwise
 * hold ~100 MB per batch, and the import holds two.
 */
export const MAX_BATCH_CHARS = 8 * 1024 * 1024;

/** The text a parsed page holds, for MAX_BATCH_CHARS. */
function textChars(item: ParsedPage): number {
  return item.ok ? item.page.url.length + item.page.title.length + item.page.excerpt.length + (item.page.canonicalUrl?.length ?? 0) + item.page.site.length : 0;
}

/** Rejections listed in a report: enough to find what is wrong, bounded however many records a file breaks. */
export const MAX_REPORTED_REJECTIONS = 1000;

/**
 * Attempts at one batch whose new page collides with a page another writer
 * (a visit) added since the import read the history's URL hashes: each retry
 * reads them again, so a second collision needs another visit in between.
 */
const MAX_BATCH_ATTEMPTS = 3;

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
 * An import stopped after some batches were written: the file turned out
 * damaged (`cause` an ExportFormatError), or a write failed (e.g.
 * HistoryQuotaError). Records 1 to `savedRecords` are in the history,
 * counted in `report`; nothing after them is.
 */
export class ImportIncompleteError extends Error {
  override name = 'ImportIncompleteError';
  constructor(override readonly cause: unknown, readonly report: ImportReport, readonly savedRecords: number, readonly readRecords: number) {
    const counts = `${report.imported} new, ${report.updated} updated, ${report.unchanged} unchanged`;
    const why = cause instanceof Error ? cause.message : String(cause);
    super(cause instanceof ExportFormatError
      ? `The file is damaged after record ${readRecords} (${why}). Records 1–${savedRecords} were imported (${counts}); nothing after record ${savedRecords} was.`
      : `The import stopped after record ${savedRecords} (${why}). Records 1–${savedRecords} were imported (${counts}); importing the file again completes it.`);
  }

  /** Whether the file itself is at fault, so importing it again cannot complete it. */
  get damaged(): boolean {
    return this.cause instanceof ExportFormatError;
  }
}

function sameContent(a: NewPage, b: NewPage): boolean {
  return serializeExportRecord(pageToExportRecord(a)) === serializeExportRecord(pageToExportRecord(b));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The same stored record field for field: what a re-imported page usually is, found without serialising it. */
function sameStored(a: StoredPage, b: StoredPage): boolean {
  return a.u === b.u && a.t === b.t && a.e === b.e && a.v === b.v && a.c === b.c && a.l === b.l && a.s === b.s && a.o === b.o && sameBytes(a.d, b.d);
}

/** A parsed or stored page back in its full shape, without its key. */
function unpack(stored: StoredPage): NewPage {
  return decodeContent(stored, 0);
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

type Counts = Pick<ImportReport, 'imported' | 'updated' | 'unchanged'>;

interface Batch {
  /** Valid pages, one per URL. */
  pages: StoredPage[];
  rejected: ImportRejection[];
  /** Records of the file up to the end of this batch. */
  end: number;
}

/** The file's records in batches of `size` records (valid or not), the pages encoded as stored. */
class BatchReader {
  private carry: ParsedPage[] = [];
  private ended = false;
  /** Records parsed so far, including those of a batch not yet handed out. */
  read = 0;

  constructor(private readonly parsed: AsyncGenerator<ParsedPage[]>, private readonly size: number, private readonly source: PageSource | undefined) {}

  /** The next batch, undefined at the end of the file; throws ExportFormatError when the file turns out damaged. */
  async next(): Promise<Batch | undefined> {
    const items = this.carry;
    this.carry = [];
    let chars = 0;
    let cut = -1;
    items.forEach((item, i) => {
      chars += textChars(item);
      if (chars >= MAX_BATCH_CHARS && cut === -1) cut = i + 1;
    });
    while (items.length < this.size && cut === -1 && !this.ended) {
      const step = await this.parsed.next();
      if (step.done === true) {
        this.ended = true;
        break;
      }
      this.read += step.value.length;
      for (const item of step.value) {
        items.push(item);
        chars += textChars(item);
        if (chars >= MAX_BATCH_CHARS && cut === -1) cut = items.length;
      }
    }
    if (items.length === 0) return undefined;
    // Records beyond the batch (a chunk holds many) start the next one: batches end at fixed record numbers, or where the text reaches its bound.
    const end = Math.min(this.size, cut === -1 ? Infinity : cut);
    if (items.length > end) this.carry = items.splice(end);
    const pages: StoredPage[] = [];
    const rejected: ImportRejection[] = [];
    for (const item of items) {
      if (!item.ok) {
        rejected.push({ index: item.index, reason: item.reason, ...(item.url === undefined ? {} : { url: item.url }) });
        continue;
      }
      if (this.source !== undefined) item.page.source = this.source;
      pages.push(encodePage(item.page));
    }
    return { pages: mergeRepeats(pages), rejected, end: (items[items.length - 1] as ParsedPage).index + 1 };
  }

  /** Stops reading a file the import gave up on (its reader is released). */
  stop(): void {
    if (!this.ended) this.parsed.return(undefined).catch(() => undefined);
  }
}

/** A set of page keys in bounded memory: a bit per URL hash for slot 0, where nearly all pages are (2 MB however large the file), the few other slots by key. */
class KeySet {
  private readonly atSlot0 = new TakenHashes();
  private readonly elsewhere = new Set<number>();

  add(key: number): void {
    if (key % SLOTS_PER_HASH === 0) this.atSlot0.mark(key / SLOTS_PER_HASH);
    else this.elsewhere.add(key);
  }

  has(key: number): boolean {
    return key % SLOTS_PER_HASH === 0 ? this.atSlot0.has(key / SLOTS_PER_HASH) : this.elsewhere.has(key);
  }
}

type Outcome = 'imported' | 'updated' | 'unchanged';

/**
 * What this import did to each page it touched, so the report counts pages,
 * not records, however far apart a file lists one URL: a page is counted by
 * its first outcome, except that a page found unchanged and later updated
 * counts as updated. Outcomes of a batch are noted once it has committed.
 */
class PageOutcomes {
  private readonly sets: Record<Outcome, KeySet> = { imported: new KeySet(), updated: new KeySet(), unchanged: new KeySet() };

  /** Counts `outcome` for page `key` into `counts` (possibly moving it from unchanged), and queues it in `notes`. */
  count(key: number, outcome: Outcome, counts: Counts, notes: [number, Outcome][]): void {
    const { imported, updated, unchanged } = this.sets;
    if (outcome !== 'imported' && (imported.has(key) || updated.has(key))) return;
    if (outcome === 'unchanged' && unchanged.has(key)) return;
    if (outcome === 'updated' && unchanged.has(key)) counts.unchanged--;
    counts[outcome]++;
    notes.push([key, outcome]);
  }

  commit(notes: readonly [number, Outcome][]): void {
    for (const [key, outcome] of notes) this.sets[outcome].add(key);
  }
}

/** Counts a page's outcome (PageOutcomes.count) within the batch being written. */
type CountPage = (key: number, outcome: Outcome) => void;

/**
 * The stored pages in the slots of `hashes` (sorted, distinct), by hash.
 * Neighbouring hashes are read together by one key range when the history
 * holds few other pages between them (the bitmap tells without reading):
 * every Déjà Lu file lists its pages by key, that is by URL hash, so a file
 * re-imported, or exported from a history like this one, is read a range at
 * a time instead of a request per page. A range never holds more than about
 * twice the pages it is read for.
 */
async function readSlots(store: PagesStore<'readwrite'>, hashes: readonly number[], taken: TakenHashes): Promise<Map<number, { keys: number[]; values: StoredPage[] }>> {
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
    return Promise.all([store.getAllKeys(range), store.getAll(range)]);
  }));
  const slots = new Map<number, { keys: number[]; values: StoredPage[] }>();
  for (const [keys, values] of reads) {
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

/**
 * Pages whose URL hash the history already has (an update, a URL sharing a
 * hash, or a page written by another writer meanwhile): their slots are read
 * (readSlots), then each is merged with the stored page of its URL, or placed
 * in a free slot (also free of the new pages placed before it in this batch).
 * A page identical to its stored one after merging is not written at all.
 */
async function writeShared(store: PagesStore<'readwrite'>, pages: readonly StoredPage[], taken: TakenHashes, count: CountPage, edits: BlockEdits): Promise<void> {
  const hashOf = pages.map((page) => urlHash(page.u));
  const slots = await readSlots(store, [...new Set(hashOf)].sort((a, b) => a - b), taken);
  const raw = unwrap(store);
  pages.forEach((page, i) => {
    const hash = hashOf[i] as number;
    const slot = slots.get(hash) ?? { keys: [], values: [] };
    const at = slot.values.findIndex((value) => value.u === page.u);
    if (at === -1) {
      const key = freeKey(page.u, slot.keys);
      // Later pages of this batch on the same hash see the slot taken.
      slot.keys.push(key);
      slot.values.push(page);
      slots.set(hash, slot);
      raw.add(page, key);
      edits.addPacked(key, storedFingerprints(page, key));
      count(key, 'imported');
      return;
    }
    const key = slot.keys[at] as number;
    const stored = slot.values[at] as StoredPage;
    // A page imported again as it is stored, the common case of a re-import, is found equal without decoding it.
    if (sameStored(stored, page)) {
      count(key, 'unchanged');
      return;
    }
    const old = unpack(stored);
    const next = mergePages(old, unpack(page));
    const encoded = encodePage(next);
    if (sameStored(stored, encoded) || sameContent(old, next)) {
      count(key, 'unchanged');
      return;
    }
    raw.put(encoded, key);
    edits.remove(key, unpackFingerprints(storedFingerprints(stored, key)));
    edits.addPacked(key, storedFingerprints(encoded, key));
    count(key, 'updated');
  });
}

function isConstraintError(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'ConstraintError';
}

/** Writes batches, each in a transaction of its own, knowing which URL hashes the history has. */
class BatchWriter {
  private taken: TakenHashes | undefined;
  private readonly outcomes = new PageOutcomes();

  constructor(private readonly db: HistoryDatabase) {}

  private async readTaken(): Promise<TakenHashes> {
    const tx = this.db.transaction('pages', 'readonly');
    return inTransaction(tx, () => readTakenHashes(tx.objectStore('pages')));
  }

  /**
   * One batch, all or nothing. A page of a hash that was free when the hashes
   * were read is added to slot 0 without reading; if another writer took that
   * slot since, the add fails (ConstraintError), the batch is rolled back, and
   * it is written again with the hashes read afresh.
   */
  async write(pages: readonly StoredPage[]): Promise<Counts> {
    for (let attempt = 1; ; attempt++) {
      this.taken ??= await this.readTaken();
      const notes: [number, Outcome][] = [];
      try {
        const counts = await this.attempt(pages, this.taken, notes);
        this.outcomes.commit(notes);
        return counts;
      } catch (error) {
        // The failed attempt marked hashes it never wrote: read them again.
        this.taken = undefined;
        if (!isConstraintError(error) || attempt >= MAX_BATCH_ATTEMPTS) throw error;
      }
    }
  }

  private async attempt(pages: readonly StoredPage[], taken: TakenHashes, notes: [number, Outcome][]): Promise<Counts> {
    const counts: Counts = { imported: 0, updated: 0, unchanged: 0 };
    if (pages.length === 0) return counts;
    // Relaxed: the commit does not wait for the disk. A batch lost to a crash is lost whole, and the import is rerun.
    const tx = this.db.transaction(ALL_STORES, 'readwrite', { durability: 'relaxed' });
    // Outcomes are noted only once the attempt commits: a rolled-back attempt did nothing.
    const count: CountPage = (key, outcome) => this.outcomes.count(key, outcome, counts, notes);
    await inTransaction(tx, async () => {
      const store = tx.objectStore('pages');
      // New pages are written with the bare request, no promise or listener of
      // its own: at 100,000 pages those cost seconds. A failed one aborts the
      // transaction, which the next awaited request reports (inTransaction).
      const raw = unwrap(store);
      const edits = new BlockEdits();
      const shared: StoredPage[] = [];
      for (const page of pages) {
        // A URL no stored page shares a hash with is new, with slot 0 free: the record goes in as it is.
        const key = taken.claim(page.u);
        if (key === undefined) {
          shared.push(page);
          continue;
        }
        raw.add(page, key);
        edits.addPacked(key, storedFingerprints(page, key));
        count(key, 'imported');
      }
      if (shared.length > 0) await writeShared(store, shared, taken, count, edits);
      await applyBlockEdits(tx, edits);
    });
    return counts;
  }
}

/** The next task: lets the page render and other transactions on the history start between batches. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Reads the file (chunks split anywhere) and merges its valid records into
 * the history, a batch per transaction. A file found unusable before any
 * batch is written (wrong format or version, not JSON, damaged within the
 * first batch) throws ExportFormatError and changes nothing; a failure later
 * throws ImportIncompleteError, saying what was written.
 */
export async function importFile(db: HistoryDatabase, chunks: AsyncIterable<string> | string, now: Date, options: ImportOptions = {}): Promise<ImportReport> {
  const size = options.batchSize ?? IMPORT_BATCH;
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`batchSize must be a positive integer, got ${size}`);
  const pause = options.pause ?? nextTask;
  const reader = new BatchReader(parseExportPages(chunks, { now }), size, options.source);
  const writer = new BatchWriter(db);
  const report: ImportReport = { imported: 0, updated: 0, unchanged: 0, rejected: [], rejectedCount: 0 };
  let saved = 0;
  let pending = reader.next();
  try {
    for (;;) {
      const batch = await pending;
      if (batch === undefined) return report;
      // The next batch is parsed while this one is written; its failure is handled when it is awaited.
      pending = reader.next();
      pending.catch(() => undefined);
      const counts = await writer.write(batch.pages);
      report.imported += counts.imported;
      report.updated += counts.updated;
      report.unchanged += counts.unchanged;
      report.rejectedCount += batch.rejected.length;
      for (const rejection of batch.rejected) if (report.rejected.length < MAX_REPORTED_REJECTIONS) report.rejected.push(rejection);
      saved = batch.end;
      options.onProgress?.({ records: saved, imported: report.imported, updated: report.updated, unchanged: report.unchanged, rejected: report.rejectedCount });
      await pause();
    }
  } catch (error) {
    reader.stop();
    if (saved === 0) throw error;
    throw new ImportIncompleteError(error, report, saved, reader.read);
  }
}
