/**
 * Importing an export file of any size: the file is read as a stream, in
 * batches, and written a round of batches at a time (import-round.ts). A
 * file of one round gets its new pages' bucket entries filed first, in short
 * steps; a longer one sets each round's entries aside as a run and files all
 * the runs in one merge at its end (blocks/runs.ts, decisions/0071), so
 * every bucket is rewritten once per import, not once per round. Then the
 * round's pages, batch by batch, in short transactions, so page checks wait
 * for one step, never for the import. A batch is in once reported (and found
 * once its entries are filed); the file is not (docs/export-format.md,
 * "Import"): an import that stops half way keeps the batches written before,
 * and running it again completes it, since merging and filing are
 * idempotent.
 *
 * Memory holds a round of pages (IMPORT_ROUND records, ~30 MB as stored)
 * and a sixteenth of the next, parsed ahead, and a bitmap of the URL hashes in
 * the history (2 MB), never the whole file.
 */
import { BLOCK_COUNT } from '../core/fingerprint64';
import { BatchWriter, PageOutcomes, type Counts, type Outcome } from './batch-writer';
import { fileInSteps } from './blocks/block-stores';
import { BlockEdits } from './blocks/block-edits';
import { mergeRuns, spillRun, supersede } from './blocks/runs';
import { unpackFingerprints } from './codec/fingerprints';
import { groupOf } from './codec/page-group';
import { encodePage, storedFiledFingerprints, type StoredPage } from './codec/stored-page';
import { inTransaction } from './errors';
import { ExportFormatError, parseExportPages, type ParsedPage } from './export-format';
import { ImportHashes, RoundPlan, type NewEntry, type PlannedBatch } from './import-round';
import { mergeRepeats } from './page-merge';
import type { PageSource } from './page';
import { PAGE_STORES, PageTable } from './page-table';
import type { HistoryDatabase } from './schema';

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
  /**
   * When the same file was imported in full before (ms since epoch), if it
   * was and no page was removed since: it was then not read through, and
   * every page in it counts as unchanged (History.importFile).
   */
  alreadyImported?: number;
}

/** Where a running import stands, after each batch written. */
export interface ImportProgress {
  /** Records of the file handled so far (valid or not): records 1 to this are in the history. */
  records: number;
  imported: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /**
   * Once every record is in, the share (0–1) of the import's index entries
   * filed so far: a file of more than one round files them all at its end
   * (decisions/0071), and its new pages are found as reposts once that is
   * done. Absent before then, and for a file of one round.
   */
  indexed?: number;
}

export interface ImportOptions {
  /** Overrides every imported record's source; by default records keep the one in the file. */
  source?: PageSource;
  /** Records per batch (and per transaction); IMPORT_BATCH by default. */
  batchSize?: number;
  /** Records per round (entries of its new pages filed in one pass, or set aside as a run); IMPORT_ROUND by default. */
  roundSize?: number;
  /** Called after each batch is committed. */
  onProgress?: (progress: ImportProgress) => void;
  /** Awaited between batches, to let other work run; by default the next task (nextTask). */
  pause?: () => Promise<void>;
}

/**
 * Records parsed, planned and then written per batch, each batch's pages in
 * one transaction (their index entries are filed per round, before): a page
 * check queued behind a batch waits for its adds, and a batch is the unit an
 * interrupted import keeps (docs/decisions/0021-import-rounds.md). 500, not
 * 1,000: checks during a 100,000-record import had a p95 of 133 against
 * 313 ms, and the import took 45.0 against 47.1 s (back to back; decisions/0021,
 * "Batch size").
 */
export const IMPORT_BATCH = 500;

/**
 * Characters of text (URLs, titles, excerpts) that end a batch before
 * IMPORT_BATCH records: pages with every field at its limit would otherwise
 * hold ~10 MB per batch.
 */
export const MAX_BATCH_CHARS = 8 * 1024 * 1024;

/** The text a parsed page holds, for MAX_BATCH_CHARS. */
function textChars(item: ParsedPage): number {
  return item.ok ? item.page.url.length + item.page.title.length + item.page.excerpt.length + (item.page.canonicalUrl?.length ?? 0) + item.page.site.length : 0;
}

/** Rejections listed in a report: enough to find what is wrong, bounded however many records a file breaks. */
export const MAX_REPORTED_REJECTIONS = 1000;

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

interface Batch {
  /** Valid pages, one per URL. */
  pages: StoredPage[];
  rejected: ImportRejection[];
  /** Records of the file up to the end of this batch. */
  end: number;
  /** Records of the file in this batch, valid or not. */
  records: number;
  /** Characters of text its records hold (textChars). */
  chars: number;
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
    const batchChars = items.reduce((sum, item) => sum + textChars(item), 0);
    return { pages: mergeRepeats(pages), rejected, end: (items[items.length - 1] as ParsedPage).index + 1, records: items.length, chars: batchChars };
  }

  /** Stops reading a file the import gave up on (its reader is released). */
  stop(): void {
    if (!this.ended) this.parsed.return(undefined).catch(() => undefined);
  }
}

/**
 * The file's batches parsed ahead of the import, up to a share of a
 * round's records and text (READ_AHEAD_SHARE): the file is parsed while a
 * round is written, when the page's thread mostly waits for IndexedDB,
 * rather than after it (parsing is ~20 s of a million-record import). A failure to read or parse is
 * thrown once the batches before it are taken.
 */
class ReadAhead {
  private readonly ready: (Batch | undefined)[] = [];
  private failure: { error: unknown } | undefined;
  private records = 0;
  private chars = 0;
  private room: (() => void) | undefined;
  private arrived: (() => void) | undefined;

  constructor(private readonly reader: BatchReader, private readonly maxRecords: number, private readonly maxChars: number) {
    void this.pump();
  }

  private async pump(): Promise<void> {
    try {
      for (;;) {
        while (this.records >= this.maxRecords || this.chars >= this.maxChars) await new Promise<void>((resolve) => { this.room = resolve; });
        const batch = await this.reader.next();
        this.ready.push(batch);
        if (batch !== undefined) {
          this.records += batch.records;
          this.chars += batch.chars;
        }
        this.arrived?.();
        if (batch === undefined) return;
      }
    } catch (error) {
      this.failure = { error };
      this.arrived?.();
    }
  }

  /** The next batch, undefined at the end of the file; throws what stopped the reading once the batches before are taken. */
  async next(): Promise<Batch | undefined> {
    while (this.ready.length === 0) {
      if (this.failure !== undefined) throw this.failure.error;
      await new Promise<void>((resolve) => { this.arrived = resolve; });
    }
    const batch = this.ready.shift();
    if (batch !== undefined) {
      this.records -= batch.records;
      this.chars -= batch.chars;
      this.room?.();
    }
    return batch;
  }
}

/**
 * The next task: lets the page render and other transactions on the history
 * start between batches. A message, not a timer: browsers hold a timer set
 * from a timer's own task to 4 ms after five in a row, which is every batch
 * of a re-import, where no write comes between two pauses (2,000 batches,
 * 8 s, for a million pages).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/**
 * Records per round (import-round.ts). A file of one round files its
 * entries in one pass over the block index, which costs about the same
 * whatever the round holds; a longer file's rounds become runs, which cost
 * by the entry, so the round mostly sets the memory: the round's pages until
 * written (~0.6 kB each as stored) and a share of the next parsed ahead
 * (READ_AHEAD_SHARE). With a whole round ahead, a million-record import
 * peaked at +615 MB of heap and took 61.4 s at 100,000, +377 MB and 57.6 s
 * at 50,000 (decisions/0071). A file not in key
 * order rewrites most groups once a round, so it imports slower with
 * smaller rounds.
 */
export const IMPORT_ROUND = 50_000;
/**
 * How much of a round is parsed ahead (ReadAhead): a sixteenth. Parsing keeps
 * up with the writes whatever the share, while the pages held grow with it:
 * a million records took 55.2 / 54.9 / 56.9 s at a quarter, a half and a
 * whole round ahead, with heap peaks of +276 / +318 / +393 MB (decisions/0071).
 * Once records were parsed a line at a time (twice as fast), a quarter
 * peaked at +305 MB in three runs (garbage made faster) and an eighth at
 * +290 MB in one, in the same time. With the file hashed as it is read
 * (decisions/0073), an eighth peaked at +307 MB in three runs and a
 * sixteenth at +277 MB, the import taking 2.05 and 2.04 times as long as
 * the export of the same runs.
 */
const READ_AHEAD_SHARE = 16;
/** Characters of text (URLs, titles, excerpts) that end a round before IMPORT_ROUND records: its pages are held until written, and a share as many read ahead. */
export const MAX_ROUND_CHARS = 32 * 1024 * 1024;

/**
 * Groups of pages (codec/page-group.ts) written per transaction of an
 * import's new pages: ~2.4 MB at a million pages (~300 kB a group), so a
 * page check waits for little.
 */
export const GROUPS_PER_TX = 8;

/**
 * Writes a planned round: the new pages' bucket entries first, store by
 * store in steps; then its new pages group by group in key order, so each
 * group is written once a round whatever the file's order; then each
 * batch's remaining pages (changes of stored pages, and new ones whose key a
 * visit took meanwhile) in file order.
 */
class RoundWriter {
  constructor(private readonly db: HistoryDatabase, private readonly writer: BatchWriter, private readonly outcomes: PageOutcomes) {}

  async file(round: RoundPlan<ImportRejection>): Promise<void> {
    for (let b = 0; b < BLOCK_COUNT; b++) await fileInSteps(this.db, round.edits(b), b);
  }

  /** The round's new pages' entries set aside as a run, merged when the import ends (blocks/runs.ts). */
  async spill(round: RoundPlan<ImportRejection>): Promise<void> {
    await spillRun(this.db, (b) => round.edits(b));
  }

  /**
   * The round's new pages, GROUPS_PER_TX groups a transaction, each counted
   * as imported (`onWritten`) once its transaction commits. A page whose
   * planned key holds a page by then (a visit took it) is left in its batch,
   * whose writer merges it (BatchWriter). Written pages leave their batches.
   */
  async writeGroups(round: RoundPlan<ImportRejection>, onWritten: (counts: Counts) => Promise<void>): Promise<void> {
    const entries = round.batches.flatMap((batch) => batch.fresh).sort((a, b) => a.key - b.key);
    const written = new Set<NewEntry>();
    for (let start = 0; start < entries.length;) {
      let end = start;
      for (let groups = 0, last = -1; end < entries.length; end++) {
        const group = groupOf((entries[end] as NewEntry).key);
        if (group === last) continue;
        if (groups === GROUPS_PER_TX) break;
        groups++;
        last = group;
      }
      const slice = entries.slice(start, end);
      // Relaxed, as batches are: a transaction lost to a crash is lost whole, and the import is rerun.
      const tx = this.db.transaction(PAGE_STORES, 'readwrite', { durability: 'relaxed' });
      const held = await inTransaction(tx, async () => {
        const table = new PageTable(tx);
        const present = await table.holds(slice.map((entry) => entry.key));
        slice.forEach((entry, i) => { if (!present[i]) table.add(entry.key, entry.page); });
        await table.flush();
        return present;
      });
      const notes: [number, Outcome][] = [];
      const counts: Counts = { imported: 0, updated: 0, unchanged: 0 };
      slice.forEach((entry, i) => {
        if (held[i]) return;
        written.add(entry);
        this.outcomes.count(entry.key, 'imported', counts, notes);
      });
      this.outcomes.commit(notes);
      await onWritten(counts);
      start = end;
    }
    for (const batch of round.batches) batch.fresh = batch.fresh.filter((entry) => !written.has(entry));
  }

  /** A batch: its stored pages found unchanged counted, the others written in one transaction. */
  async write(batch: PlannedBatch<ImportRejection>): Promise<Counts> {
    const notes: [number, Outcome][] = [];
    const counts: Counts = { imported: 0, updated: 0, unchanged: 0 };
    for (const key of batch.unchanged) this.outcomes.count(key, 'unchanged', counts, notes);
    this.outcomes.commit(notes);
    const written = await this.writer.write(batch);
    return { imported: written.imported, updated: counts.updated + written.updated, unchanged: counts.unchanged + written.unchanged };
  }

  /**
   * After a failure, the entries set aside in a run for the pages of
   * `batches` (not written) are left out of the merge, best effort.
   */
  async forget(batches: readonly PlannedBatch<ImportRejection>[]): Promise<void> {
    try {
      await supersede(this.db, batches.flatMap((batch) => batch.fresh.map((entry) => entry.key)));
    } catch {
      // Left for the rerun, which spills those pages again: the failure being reported is the import's own.
    }
  }

  /**
   * After a failure, the entries filed for the pages of `batches` (not
   * written) are taken out again where no page holds their key, best effort:
   * what is left (the history closed, say) is harmless and replaced when the
   * import is run again (import-round.ts).
   */
  async unfile(batches: readonly PlannedBatch<ImportRejection>[]): Promise<void> {
    try {
      const entries = batches.flatMap((batch) => batch.fresh);
      if (entries.length === 0) return;
      const tx = this.db.transaction(PAGE_STORES, 'readonly');
      const held = await inTransaction(tx, () => new PageTable(tx).holds(entries.map((entry) => entry.key)));
      const orphans = entries.filter((_, i) => !held[i]);
      for (let b = 0; b < BLOCK_COUNT; b++) {
        const edits = new BlockEdits(b);
        for (const { key, page } of orphans) edits.remove(key, unpackFingerprints(storedFiledFingerprints(page, key)));
        await fileInSteps(this.db, edits, b);
      }
    } catch {
      // Left for the rerun: the failure being reported is the import's own.
    }
  }
}

/**
 * Reads the file (chunks split anywhere) and merges its valid records into
 * the history, a round of batches at a time (import-round.ts): a batch's
 * pages are in once it is reported (onProgress). A file found unusable
 * before any batch is written (wrong format or version, not JSON, damaged
 * within the first batch) throws ExportFormatError and changes nothing; a
 * failure later throws ImportIncompleteError, saying what was written. A
 * file found damaged or unreadable part way still gets the batches read
 * before the damage written.
 */
export async function importFile(db: HistoryDatabase, chunks: AsyncIterable<string> | string, now: Date, options: ImportOptions = {}): Promise<ImportReport> {
  const size = options.batchSize ?? IMPORT_BATCH;
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`batchSize must be a positive integer, got ${size}`);
  const roundSize = options.roundSize ?? IMPORT_ROUND;
  if (!Number.isInteger(roundSize) || roundSize < 1) throw new RangeError(`roundSize must be a positive integer, got ${roundSize}`);
  const pause = options.pause ?? nextTask;
  const reader = new BatchReader(parseExportPages(chunks, { now }), size, options.source);
  const hashes = new ImportHashes(db);
  const outcomes = new PageOutcomes();
  const rounds = new RoundWriter(db, new BatchWriter(db, hashes, outcomes), outcomes);
  const report: ImportReport = { imported: 0, updated: 0, unchanged: 0, rejected: [], rejectedCount: 0 };
  let saved = 0;
  const progress = (indexed?: number) => options.onProgress?.({
    records: saved, imported: report.imported, updated: report.updated, unchanged: report.unchanged, rejected: report.rejectedCount, ...(indexed === undefined ? {} : { indexed }),
  });
  // Runs an earlier import left (it was stopped) are filed first, so this one plans against a whole index.
  await mergeRuns(db);
  const ahead = new ReadAhead(reader, Math.ceil(roundSize / READ_AHEAD_SHARE), MAX_ROUND_CHARS / READ_AHEAD_SHARE);
  // Whether rounds set their entries aside as runs: any import of more than one round (decisions/0071).
  let spilling = false;
  try {
    for (let ended = false; !ended;) {
      const round = new RoundPlan<ImportRejection>(db, hashes, saved);
      // A file that stops being readable (damaged, a read error) ends the round: the batches read before are written, then the error is thrown.
      let unreadable: { error: unknown } | undefined;
      while (round.records < roundSize && round.chars < MAX_ROUND_CHARS) {
        let batch: Batch | undefined;
        try {
          batch = await ahead.next();
        } catch (error) {
          unreadable = { error };
          ended = true;
          break;
        }
        if (batch === undefined) {
          ended = true;
          break;
        }
        await round.add(batch);
      }
      let next = 0;
      // A file of one round is filed in one pass; a longer one's rounds become runs, filed in one merge at its end.
      spilling ||= !ended;
      try {
        if (spilling) await rounds.spill(round);
        else await rounds.file(round);
        await rounds.writeGroups(round, async (counts) => {
          report.imported += counts.imported;
          // Records handled stay where they were until the batches are written; the new pages counted move.
          progress();
          await pause();
        });
        for (; next < round.batches.length; next++) {
          const batch = round.batches[next] as PlannedBatch<ImportRejection>;
          const counts = await rounds.write(batch);
          report.imported += counts.imported;
          report.updated += counts.updated;
          report.unchanged += counts.unchanged;
          report.rejectedCount += batch.rejected.length;
          for (const rejection of batch.rejected) if (report.rejected.length < MAX_REPORTED_REJECTIONS) report.rejected.push(rejection);
          saved = batch.end;
          progress();
          await pause();
        }
      } catch (error) {
        if (spilling) await rounds.forget(round.batches.slice(next));
        else await rounds.unfile(round.batches.slice(next));
        throw error;
      }
      hashes.clearPlanned();
      if (unreadable !== undefined) throw unreadable.error;
    }
    if (spilling) {
      progress(0);
      await mergeRuns(db, async (merged, chunks) => {
        progress(merged / chunks);
        await pause();
      });
    }
    return report;
  } catch (error) {
    reader.stop();
    // The pages written are found once their runs are filed; what fails here is left to the next import or opening.
    if (spilling) await mergeRuns(db).catch(() => undefined);
    if (saved === 0) throw error;
    throw new ImportIncompleteError(error, report, saved, reader.read);
  }
}
