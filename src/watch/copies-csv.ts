/** The "My articles" list as CSV, for a spreadsheet or a complaint to a platform: one row per copy seen. */
import { csvCell } from '../store';
import type { ArticleCopies } from './copies';

export const COPIES_CSV_COLUMNS = ['articleTitle', 'articleUrl', 'copyTitle', 'copyUrl', 'copySite', 'verdict', 'similarity', 'firstSeen', 'lastSeen'] as const;

function row(cells: readonly (string | number)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

const iso = (time: number): string => new Date(time).toISOString();

/**
 * RFC 4180 CSV with a byte order mark (spreadsheets then read UTF-8 titles
 * right), like the history's export; an article with no copy seen has one
 * row with the copy's cells empty, so the file lists every article.
 */
export function copiesCsv(articles: readonly ArticleCopies[]): string {
  let csv = `\uFEFF${row(COPIES_CSV_COLUMNS)}`;
  for (const { article, copies } of articles) {
    const own = [article.title, article.url];
    if (copies.length === 0) csv += row([...own, '', '', '', '', '', '', '']);
    for (const copy of copies) {
      csv += row([...own, copy.title, copy.url, copy.site, copy.verdict, copy.similarity.toFixed(3), iso(copy.firstVisit), iso(copy.lastVisit)]);
    }
  }
  return csv;
}
