/** The reading history: pages and their block index in IndexedDB. */
import { fingerprintFromHex, type Fingerprint } from '../core/fingerprint64';
import { passageDistance, passageReach, sharesFirstBlock } from '../core/passages';
import { DEFAULT_MAX_DISTANCE, MAX_SUPPORTED_DISTANCE } from '../core/verdict';
import { FINGERPRINT_SCHEME, isFingerprintScheme, passageMeasure, type FingerprintScheme, type PassageMeasure } from '../core/scheme';
import { normalizeUrl } from '../core/url';
import { lookupBlocks } from './blocks/block-stores';
import { mergeRuns } from './blocks/runs';
import { unpackFingerprints } from './codec/fingerprints';
import { decodePacked, decodePage, encodePage, storedFiledFingerprints, storedScheme, storedSite, type StoredPage } from './codec/stored-page';
import { collectRequests, inTransaction } from './errors';
import { toCsv } from './export-csv';
import { exportFileBytes } from './export-bytes';
import { exportRecordToPage, pageInputToExportRecord, pageToExportRecord, type ExportRecord } from './export-format';
import { receiptPrefix } from './codec/import-receipt';
import { fileDigest, SliceDigest } from './file-digest';
import { textChunks } from './file-text';
import { importFile, type ImportOptions, type ImportReport } from './import';
import { forgetReceipts, ImportReceipts } from './import-receipts';
import { openHistoryDatabase } from './open';
import { MAX_VISIT_COUNT, type Page, type PageInput, type PageSource } from './page';
import { PAGE_STORES, PageTable } from './page-table';
import { insertPage, removePage, replacePage, withBlockEdits } from './pages-store';
import { ALL_STORES, DB_NAME, LOOKUP_STORES, type HistoryDatabase } from './schema';

export interface OpenHistoryOptions {
  indexedDB?: IDBFactory;
  name?: string;
  /** Clock in ms since epoch. */
  now?: () => number;
}

export interface Match {
  page: Page;
  /** Which of the stored page's fingerprints matched: 0 the whole document, n ≥ 1 passages[n - 1]. */
  slot: number;
  distance: number;
}

export interface QueryOptions {
  /** Leave out this page (normalised like stored URLs), typically the one being read. */
  excludeUrl?: string;
  limit?: number;
  /**
   * For `queryMany`: which fingerprints are passages. A passage matches only
   * fingerprints that share its first block (core/passages.ts passagesMatch),
   * so only its block0 bucket is read.
   */
  passageQueries?: readonly boolean[];
  /**
   * Which passage queries are sketches (fingerprint scheme 6 on): they match
   * only the passages of pages signed with sketches, by differing bytes
   * (core/passage-sketch.ts), and other queries never match those.
   */
  sketchQueries?: readonly boolean[];
}

export interface ImportFileOptions extends ImportOptions {
  /** Hears the file's bytes read so far (textChunks), for a progress bar. */
  onBytes?: (bytes: number) => void;
  /**
   * The file's digest (file-digest.ts fileDigest's), taken elsewhere while the
   * import reads the file: a page passes a Worker's, as Chromium hashes on the
   * calling thread (~8 s of a million-record import, decisions/0103). Without
   * it the import hashes the bytes it reads, on its own thread. A digest that
   * fails leaves no receipt; the import itself is not affected.
   */
  fileDigest?: (file: Blob) => Promise<string>;
}

export interface ListOptions {
  /** Case-insensitive substring of the title or URL. */
  search?: string;
  /** By last visit; default 'newest'. */
  order?: 'newest' | 'oldest';
  offset?: number;
  limit?: number;
  /**
   * Stops a search between two of its reads: the list then rejects with the
   * signal's reason (an AbortError unless given). The History page aborts a
   * search the user has typed past (a million pages take seconds to read).
   */
  signal?: AbortSignal;
}

/**
 * Pages per read of an export, a search, the own-articles list, a site's
 * pages or the reposts view, a short transaction each: a million-page export
 * makes 500 of them, ~1 MB of records held per read.
 */
const EXPORT_BATCH = 2000;
/**
 * Pages removed per read-write transaction (deletePages): each page takes
 * ~60 block-index entries with it, each a bucket read and rewritten (~0.2 ms
 * apiece in Chromium), so a visit recorded meanwhile waits for one batch of
 * ~0.25 s, not for the whole removal (100 a batch: 2.4 s; decisions/0101).
 */
const DELETE_BATCH = 10;

function checkDistance(maxDistance: number): void {
  if (!Number.isInteger(maxDistance) || maxDistance < 0 || maxDistance > MAX_SUPPORTED_DISTANCE) {
    throw new RangeError(`maxDistance must be an integer from 0 to ${MAX_SUPPORTED_DISTANCE} (the block index finds nothing farther), got ${maxDistance}`);
  }
}

function toFingerprint(fp: Fingerprint | string): Fingerprint {
  return typeof fp === 'string' ? fingerprintFromHex(fp) : fp;
}

/**
 * The page's closest fingerprint to `query` that the index could find it by
 * (the whole document, or a passage with the query's first block): smallest
 * distance, then lowest slot. A sketch query (`measure`) compares only with
 * the passages of a page signed with sketches, by differing bytes; any other
 * query never with those.
 */
function bestSlot(page: StoredPage, key: number, query: Fingerprint, measure: PassageMeasure): { slot: number; distance: number } {
  let best = { slot: -1, distance: Infinity };
  const sketch = measure === 'sketch';
  const pageMeasure = passageMeasure(storedScheme(page, key));
  unpackFingerprints(storedFiledFingerprints(page, key)).forEach((fp, slot) => {
    if (slot === 0 ? sketch : pageMeasure !== measure || !sharesFirstBlock(fp, query)) return;
    const distance = passageDistance(fp, query, measure);
    if (distance < best.distance) best = { slot, distance };
  });
  return best;
}

/** Best distance first; among equals the most recently read, then the highest key. */
function compareMatches(a: Match, b: Match): number {
  return a.distance - b.distance || b.page.lastVisit - a.page.lastVisit || b.page.id - a.page.id;
}

export async function openHistory(options: OpenHistoryOptions = {}): Promise<History> {
  const db = await openHistoryDatabase(options.indexedDB ?? indexedDB, options.name ?? DB_NAME);
  return new History(db, options.now ?? Date.now);
}

export class History {
  constructor(private readonly db: HistoryDatabase, private readonly now: () => number) {}

  /**
   * Adds the page, or updates the one with the same normalised URL: new
   * content and fingerprints, one more visit. The source stays unless the
   * input names one. Page and block entries change in one transaction.
   */
  async recordVisit(input: PageInput): Promise<Page> {
    const now = this.now();
    const fresh = exportRecordToPage(pageInputToExportRecord(input, new Date(now)));
    const tx = this.db.transaction(ALL_STORES, 'readwrite');
    const table = new PageTable(tx);
    return inTransaction(tx, () => withBlockEdits(tx, table, async (edits) => {
      const stored = await table.findByUrl(fresh.url);
      if (stored === undefined) return insertPage(table, fresh, edits);
      const existing = decodePage(stored.page, stored.key);
      return replacePage(table, existing, {
        ...fresh,
        id: existing.id,
        source: input.source ?? existing.source,
        firstVisit: Math.min(existing.firstVisit, now),
        lastVisit: Math.max(existing.lastVisit, now),
        visitCount: Math.min(existing.visitCount + 1, MAX_VISIT_COUNT),
      }, edits);
    }));
  }

  /**
   * Stored pages with a fingerprint within `maxDistance` bits of
   * `fingerprint` that the block index files under a block they share (every
   * whole-document fingerprint; a passage when the first blocks agree), best first.
   */
  async query(fingerprint: Fingerprint | string, maxDistance = DEFAULT_MAX_DISTANCE, options: QueryOptions = {}): Promise<Match[]> {
    const [matches] = await this.queryMany([fingerprint], maxDistance, options);
    return matches ?? [];
  }

  /** `query` for each fingerprint (e.g. a page's passages), all in one read transaction. */
  async queryMany(fingerprints: (Fingerprint | string)[], maxDistance = DEFAULT_MAX_DISTANCE, options: QueryOptions = {}): Promise<Match[][]> {
    checkDistance(maxDistance);
    const queries = fingerprints.map(toFingerprint);
    const excludeUrl = options.excludeUrl === undefined ? undefined : normalizeUrl(options.excludeUrl) ?? options.excludeUrl;
    const tx = this.db.transaction(LOOKUP_STORES, 'readonly');
    return inTransaction(tx, async () => {
      const found = await lookupBlocks(tx, queries, maxDistance, options.passageQueries, options.sketchQueries);
      const ids = [...new Set(found.flatMap((set) => [...set]))];
      const pages = new Map<number, StoredPage>();
      (await new PageTable(tx).getMany(ids)).forEach((page, i) => {
        if (page !== undefined && page.u !== excludeUrl) pages.set(ids[i] as number, page);
      });
      const records = new Map<number, Page>();
      const record = (stored: StoredPage, id: number): Page => {
        let page = records.get(id);
        if (page === undefined) records.set(id, page = decodePage(stored, id));
        return page;
      };
      return queries.map((fp, q) => {
        const matches: Match[] = [];
        for (const id of found[q] as Set<number>) {
          const stored = pages.get(id);
          if (stored === undefined) continue;
          const measure = options.sketchQueries?.[q] === true ? 'sketch' : 'simhash';
          const { slot, distance } = bestSlot(stored, id, fp, measure);
          if (distance <= passageReach(maxDistance, measure)) matches.push({ page: record(stored, id), slot, distance });
        }
        return matches.sort(compareMatches).slice(0, options.limit ?? Infinity);
      });
    });
  }

  async get(id: number): Promise<Page | undefined> {
    const tx = this.db.transaction(PAGE_STORES, 'readonly');
    const stored = await inTransaction(tx, () => new PageTable(tx).get(id));
    return stored === undefined ? undefined : decodePage(stored, id);
  }

  /** The page stored under `url` once normalised; undefined for no page or no page URL. */
  async getByUrl(url: string): Promise<Page | undefined> {
    const normalized = normalizeUrl(url);
    if (normalized === undefined) return undefined;
    const tx = this.db.transaction(PAGE_STORES, 'readonly');
    const stored = await inTransaction(tx, () => new PageTable(tx).findByUrl(normalized));
    return stored === undefined ? undefined : decodePage(stored.page, stored.key);
  }

  /**
   * The fingerprint schemes older than the current one that some stored
   * page's fingerprints depend on: a new page is also signed in each, so
   * pages read before an upgrade still match (docs/decisions/0002-fingerprint-schemes.md).
   * One index step per scheme present, whatever the history's size.
   */
  async olderSchemes(): Promise<FingerprintScheme[]> {
    const tx = this.db.transaction(PAGE_STORES, 'readonly');
    const schemes = await inTransaction(tx, () => new PageTable(tx).schemesBelow(FINGERPRINT_SCHEME));
    return schemes.filter(isFingerprintScheme);
  }

  /**
   * Sets how the page stored under `url` entered the history (e.g. the user
   * marks it as their own article, `author`, or takes that back); its
   * fingerprints and visits stay. Undefined when no such page is stored.
   */
  async setSource(url: string, source: PageSource): Promise<Page | undefined> {
    const normalized = normalizeUrl(url);
    if (normalized === undefined) return undefined;
    const tx = this.db.transaction(PAGE_STORES, 'readwrite');
    const table = new PageTable(tx);
    return inTransaction(tx, async () => {
      const stored = await table.findByUrl(normalized);
      if (stored === undefined) return undefined;
      const page = { ...decodePage(stored.page, stored.key), source };
      const { id, ...rest } = page;
      // Same fingerprints, so the block stores keep their entries.
      table.put(id, encodePage(rest));
      await table.flush();
      return page;
    });
  }

  /**
   * The user's own articles (source 'author'), in key order: read through the
   * groups' `author` index, so only the groups holding one are read, not the
   * whole store (decisions/0102).
   */
  async ownArticles(): Promise<Page[]> {
    const tx = this.db.transaction(PAGE_STORES, 'readonly');
    return inTransaction(tx, async () => {
      const table = new PageTable(tx);
      return (await table.present(await table.authorKeys())).map(([key, page]) => decodePage(page, key));
    });
  }

  /** Removes the page and its block entries; false when there was no such page. */
  async delete(id: number): Promise<boolean> {
    return (await this.deletePages([id])) === 1;
  }

  /**
   * The keys of every page whose site (as stored in the record) `belongs`
   * picks: the whole store read in short transactions (an index of sites cost
   * every page ~50 bytes for this rare action), so visits go on meanwhile.
   */
  async pageIdsOfSites(belongs: (site: string) => boolean): Promise<number[]> {
    const ids: number[] = [];
    for await (const batch of this.storedBatches((stored, key) => (belongs(storedSite(stored)) ? key : undefined))) {
      for (const id of batch) if (id !== undefined) ids.push(id);
    }
    return ids;
  }

  /**
   * Removes the pages `ids` name with their block entries, DELETE_BATCH a
   * transaction so that visits go on meanwhile, each only if `belongs` still
   * picks its site (a page read since the ids were found may have taken a
   * freed key); returns how many went. A failure leaves the batches before it
   * removed: calling it again finishes the work.
   */
  async deletePages(ids: Iterable<number>, belongs: (site: string) => boolean = () => true): Promise<number> {
    const unique = [...new Set(ids)];
    let removed = 0;
    for (let start = 0; start < unique.length; start += DELETE_BATCH) {
      const batch = unique.slice(start, start + DELETE_BATCH);
      const tx = this.db.transaction(ALL_STORES, 'readwrite');
      const table = new PageTable(tx);
      removed += await inTransaction(tx, () => withBlockEdits(tx, table, async (edits) => {
        const stored = await table.getMany(batch);
        let count = 0;
        stored.forEach((page, i) => {
          if (page === undefined || !belongs(storedSite(page))) return;
          removePage(table, decodePage(page, batch[i] as number), edits);
          count++;
        });
        if (count > 0) await Promise.all(forgetReceipts(tx.objectStore('imports')));
        return count;
      }));
    }
    return removed;
  }

  async clear(): Promise<void> {
    const tx = this.db.transaction(ALL_STORES, 'readwrite');
    await inTransaction(tx, () => Promise.all(collectRequests((request) => {
      // The imports store is cleared by forgetReceipts, which leaves its token.
      ALL_STORES.filter((name) => name !== 'imports').forEach((name) => request(tx.objectStore(name).clear()));
      forgetReceipts(tx.objectStore('imports')).forEach(request);
    })));
  }

  count(): Promise<number> {
    const tx = this.db.transaction(PAGE_STORES, 'readonly');
    return inTransaction(tx, () => new PageTable(tx).count());
  }

  /**
   * A page of the history by last visit. Without a search this walks the
   * lastVisit index; a search has to look at every title and URL, which it
   * does in short transactions (storedBatches), keeping only the matches'
   * ids: a visit recorded meanwhile waits for one batch, not for the walk
   * (7.7 s at a million pages, decisions/0098). A page deleted between the
   * walk and the read of the matches is left out of `pages`, not of `total`.
   */
  async list(options: ListOptions = {}): Promise<{ pages: Page[]; total: number }> {
    const newestFirst = (options.order ?? 'newest') === 'newest';
    const offset = Math.max(0, options.offset ?? 0);
    const limit = Math.max(0, options.limit ?? Infinity);
    if (options.search === undefined || options.search === '') {
      const tx = this.db.transaction(PAGE_STORES, 'readonly');
      const table = new PageTable(tx);
      return inTransaction(tx, async () => {
        const [total, listed] = await Promise.all([table.count(), table.byLastVisit(newestFirst, offset, limit)]);
        return { pages: listed.map(([key, page]) => decodePage(page, key)), total };
      });
    }
    const needle = options.search.toLowerCase();
    const found: { id: number; lastVisit: number }[] = [];
    const matches = (page: StoredPage, id: number) => page.t.toLowerCase().includes(needle) || page.u.toLowerCase().includes(needle) ? { id, lastVisit: page.v } : undefined;
    options.signal?.throwIfAborted();
    for await (const batch of this.storedBatches(matches)) {
      options.signal?.throwIfAborted();
      for (const match of batch) if (match !== undefined) found.push(match);
    }
    const direction = newestFirst ? -1 : 1;
    found.sort((a, b) => direction * (a.lastVisit - b.lastVisit || a.id - b.id));
    const ids = found.slice(offset, offset + limit).map((entry) => entry.id);
    const tx = this.db.transaction(PAGE_STORES, 'readonly');
    const stored = await inTransaction(tx, () => new PageTable(tx).present(ids));
    return { pages: stored.map(([key, page]) => decodePage(page, key)), total: found.length };
  }

  /**
   * Every page in key order, a batch at a time, each batch read in a short
   * transaction of its own so the consumer may take its time (the next batch
   * is read while it works); a page written meanwhile may or may not be included.
   */
  pageBatches(): AsyncGenerator<Page[]> {
    return this.storedBatches(decodePage);
  }

  /** pageBatches with each stored page decoded by `decode`. */
  private async *storedBatches<T>(decode: (stored: StoredPage, key: number) => T): AsyncGenerator<T[]> {
    const read = (after: number) => {
      const tx = this.db.transaction(PAGE_STORES, 'readonly');
      return inTransaction(tx, () => new PageTable(tx).readAfter(after, EXPORT_BATCH));
    };
    let next = read(-Infinity);
    for (;;) {
      const { keys, pages } = await next;
      const last = keys[keys.length - 1];
      // Fewer than asked for only at the end (readAfter reads whole groups).
      const more = last !== undefined && keys.length >= EXPORT_BATCH;
      if (more) {
        // A failure of the read ahead surfaces when it is awaited.
        next = read(last);
        next.catch(() => undefined);
      }
      if (pages.length > 0) yield pages.map((page, i) => decode(page, keys[i] as number));
      if (!more) return;
    }
  }

  /** Every page as export records (pageBatches). */
  async *exportRecords(): AsyncGenerator<ExportRecord> {
    for await (const pages of this.pageBatches()) yield* pages.map(pageToExportRecord);
  }

  /** The history as an export file (docs/export-format.md), UTF-8 in chunks: each page's line written from its record's packed fingerprints (export-bytes.ts). */
  exportJson(): AsyncIterable<Uint8Array<ArrayBuffer>> {
    return exportFileBytes(this.storedBatches(decodePacked), new Date(this.now()));
  }

  /** The history as CSV (docs/export-format.md), in chunks. */
  exportCsv(): AsyncIterable<string> {
    return toCsv(this.exportRecords());
  }

  /**
   * Reads the file and merges it into the history a batch at a time, each
   * batch in a transaction of its own (import.ts): a file refused from its
   * header (ExportFormatError) or a failure before the first batch is written
   * leaves the history unchanged; a later one (ImportIncompleteError) keeps
   * the batches before it, and importing the file again completes it.
   * Records that fail validation are skipped and listed in the report.
   */
  async importJson(chunks: AsyncIterable<string> | string, options: ImportOptions = {}): Promise<ImportReport> {
    return importFile(this.db, chunks, new Date(this.now()), options);
  }

  /**
   * Imports an export file as importJson does, unless the same file (same
   * size and digest, file-digest.ts) was imported in full before and no page
   * was removed since: then nothing in it can change the history
   * (codec/import-receipt.ts), and the report says every page is unchanged
   * and when the file was imported, having read the file once to hash it.
   * A full import that rejects no record leaves such a receipt.
   */
  async importFile(file: Blob, options: ImportFileOptions = {}): Promise<ImportReport> {
    const { onBytes, fileDigest: digestElsewhere, ...importOptions } = options;
    const receipts = new ImportReceipts(this.db);
    const prefix = receiptPrefix(file.size, options.source, FINGERPRINT_SCHEME);
    const { token, seen } = await receipts.before(prefix);
    let known: string | undefined;
    if (seen) {
      known = await (digestElsewhere ?? fileDigest)(file).catch(() => undefined);
      const receipt = known === undefined ? undefined : await receipts.find(prefix + known);
      if (receipt !== undefined) {
        onBytes?.(file.size);
        return { imported: 0, updated: 0, unchanged: receipt.pages, rejected: [], rejectedCount: 0, alreadyImported: receipt.at };
      }
    }
    // Otherwise the file is hashed as the import reads it (or beside it), for the receipt it may leave.
    const hashing = known !== undefined || digestElsewhere === undefined ? undefined : digestElsewhere(file).catch(() => undefined);
    const digest = known === undefined && hashing === undefined ? new SliceDigest() : undefined;
    const report = await this.importJson(textChunks(file, onBytes, digest), importOptions);
    if (report.rejectedCount > 0) return report;
    // Only a file read to its last byte has the digest fileDigest gives it.
    const hex = known ?? (await hashing) ?? (digest !== undefined && digest.bytes === file.size ? await digest.hex() : undefined);
    if (hex !== undefined) {
      const pages = report.imported + report.updated + report.unchanged;
      // Without a receipt (storage is full) the next import reads the file through: nothing is lost.
      await receipts.write(prefix + hex, { at: this.now(), pages }, token).catch(() => undefined);
    }
    return report;
  }

  /**
   * Files the entries an import set aside and did not file because it was
   * stopped (blocks/runs.ts): until then its pages are stored but not found.
   * Nothing to do, and one read, when no import was stopped.
   */
  finishImports(): Promise<void> {
    return mergeRuns(this.db);
  }

  close(): void {
    this.db.close();
  }
}
