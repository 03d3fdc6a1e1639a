/** CSV export of the history for spreadsheets: one row per page, no fingerprints of passages. */
import type { ExportRecord } from './export-format';

export const CSV_COLUMNS = ['url', 'title', 'site', 'firstVisit', 'lastVisit', 'visitCount', 'fingerprint'] as const;

/**
 * A spreadsheet would run a cell starting with these as a formula (OWASP's
 * list: = + - @ tab CR), also after leading spaces or line breaks, which some
 * spreadsheets skip, and in their full-width forms (＝＋－＠), which some
 * convert to ASCII when a cell is entered.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number): string {
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvRow(cells: readonly (string | number)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

const CHUNK_CHARS = 64 * 1024;

/**
 * RFC 4180 CSV (CRLF rows, header first) in chunks. Starts with a byte order
 * mark so spreadsheet programs read the UTF-8 titles (e.g. Chinese) correctly.
 */
export async function* toCsv(records: AsyncIterable<ExportRecord> | Iterable<ExportRecord>): AsyncGenerator<string> {
  let chunk = `\uFEFF${csvRow(CSV_COLUMNS)}`;
  for await (const record of records) {
    chunk += csvRow([record.url, record.title, record.site, record.firstVisit, record.lastVisit, record.visitCount, record.fingerprint]);
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}
