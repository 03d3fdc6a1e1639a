import { csvCell } from '../store';
import type { RepostGroup } from './groups';

export const REPOSTS_CSV_COLUMNS = ['group', 'role', 'kind', 'distance', 'site', 'title', 'url', 'firstVisit'] as const;

/**
 * The Reposts view as RFC 4180 CSV: a row for each group's original, then one
 * per copy, cells defused against spreadsheet formulas (csvCell); a byte order
 * mark first, so spreadsheets read Chinese titles as UTF-8.
 */
export function repostsCsv(groups: readonly RepostGroup[]): string {
  const rows: (readonly (string | number)[])[] = [REPOSTS_CSV_COLUMNS];
  groups.forEach((group, g) => {
    const { original } = group;
    rows.push([g + 1, 'original', '', '', original.site, original.title, original.url, new Date(original.firstVisit).toISOString()]);
    for (const { page, kind, distance } of group.copies) rows.push([g + 1, 'copy', kind, distance, page.site, page.title, page.url, new Date(page.firstVisit).toISOString()]);
  });
  return `\uFEFF${rows.map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('')}`;
}
