/**
 * Importing an export file: the whole file is read and validated first, then
 * written in one transaction, so a broken file or a failed write leaves the
 * history exactly as it was.
 */
import { exportRecordToPage, pageToExportRecord, parseExport, serializeExportRecord } from './export-format';
import { inTransaction } from './errors';
import type { PageRecord, PageSource } from './page';
import { ALL_STORES, insertPage, replacePage } from './page-writes';
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
  rejected: ImportRejection[];
}

export interface ImportOptions {
  /** Overrides every imported record's source; by default records keep the one in the file. */
  source?: PageSource;
}

type NewPage = Omit<PageRecord, 'id'>;

/**
 * Two records of one URL become one: earliest first visit, latest last visit,
 * the larger visit count (not the sum, so importing the same file twice
 * changes nothing), and the content of the more recent reading (ties keep `kept`).
 */
export function mergePages(kept: NewPage, incoming: NewPage): NewPage {
  const newer = incoming.lastVisit > kept.lastVisit ? incoming : kept;
  return {
    ...newer,
    firstVisit: Math.min(kept.firstVisit, incoming.firstVisit),
    lastVisit: Math.max(kept.lastVisit, incoming.lastVisit),
    visitCount: Math.max(kept.visitCount, incoming.visitCount),
  };
}

/** Parses and validates the whole file; throws ExportFormatError before anything is written. */
export async function readImportFile(
  chunks: AsyncIterable<string> | string,
  now: Date,
  options: ImportOptions,
): Promise<{ pages: NewPage[]; rejected: ImportRejection[] }> {
  const byUrl = new Map<string, NewPage>();
  const rejected: ImportRejection[] = [];
  for await (const item of parseExport(chunks, { now })) {
    if (!item.ok) {
      rejected.push({ index: item.index, reason: item.reason, ...(item.url === undefined ? {} : { url: item.url }) });
      continue;
    }
    const page = exportRecordToPage(item.record);
    if (options.source !== undefined) page.source = options.source;
    const earlier = byUrl.get(page.url);
    byUrl.set(page.url, earlier === undefined ? page : mergePages(earlier, page));
  }
  return { pages: [...byUrl.values()], rejected };
}

function sameContent(a: PageRecord, b: PageRecord): boolean {
  return serializeExportRecord(pageToExportRecord(a)) === serializeExportRecord(pageToExportRecord(b));
}

/** URL look-ups are issued this many at a time, so the transaction never idles on one request. */
const LOOKUP_BATCH = 500;

export async function writeImport(db: HistoryDatabase, pages: NewPage[]): Promise<Omit<ImportReport, 'rejected'>> {
  const counts = { imported: 0, updated: 0, unchanged: 0 };
  if (pages.length === 0) return counts;
  const tx = db.transaction(ALL_STORES, 'readwrite');
  await inTransaction(tx, async () => {
    const byUrl = tx.objectStore('pages').index('url');
    for (let start = 0; start < pages.length; start += LOOKUP_BATCH) {
      const batch = pages.slice(start, start + LOOKUP_BATCH);
      const existing = await Promise.all(batch.map((page) => byUrl.get(page.url)));
      await Promise.all(batch.map((page, i) => {
        const old = existing[i];
        if (old === undefined) {
          counts.imported++;
          return insertPage(tx, page);
        }
        const merged: PageRecord = { ...mergePages(old, page), id: old.id };
        if (sameContent(old, merged)) {
          counts.unchanged++;
          return undefined;
        }
        counts.updated++;
        return replacePage(tx, old, merged);
      }));
    }
  });
  return counts;
}
