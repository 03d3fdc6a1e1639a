/** A feed's items as pages of the history marked as the user's own, fingerprinted like `deja-lu import-file` does. */
import { signDocument, siteOf, type DocumentSignature } from '../core';
import { inKeyOrder, MAX_EXCERPT_LENGTH, pageInputToExportRecord, serializeExport, signedFields, truncateText, type ExportRecord } from '../store';
import type { FeedItem } from './watch-file';

/**
 * One export record (source `author`) per item that has text; items with
 * none (a feed of titles only) are left out: there is nothing to recognise
 * a copy by, and visiting the page records it instead (see watched URLs).
 */
export function feedRecords(items: readonly FeedItem[], now: Date, sign: (text: string) => DocumentSignature = (text) => signDocument(text)): ExportRecord[] {
  return items.filter((item) => item.text !== '').map((item) => {
    const signature = sign(item.text);
    return pageInputToExportRecord({
      url: item.url,
      title: item.title,
      site: siteOf(item.url),
      excerpt: truncateText(item.text, MAX_EXCERPT_LENGTH),
      textLength: item.text.length,
      ...signedFields(signature),
      ...(item.publishedTime !== undefined ? { publishedAt: item.publishedTime } : {}),
      source: 'author',
    }, now);
  });
}

/** The records as an export file, which the history imports under its usual rules (History.importJson). */
export function feedExport(records: readonly ExportRecord[], now: Date): AsyncIterable<string> {
  return serializeExport(inKeyOrder(records), now);
}
