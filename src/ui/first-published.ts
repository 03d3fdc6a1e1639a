import { formatDate, t } from '../i18n';
import type { PageReport } from '../messaging';

/** "The earlier page was published first (date)." when both copies declare a date, else undefined. */
export function firstPublishedLine(report: PageReport): string | undefined {
  const match = report.matches[0];
  if (report.firstPublished === 'earlier_page' && match?.publishedAt !== undefined) {
    return t('firstPublishedEarlier', formatDate(match.publishedAt));
  }
  if (report.firstPublished === 'this_page' && report.publishedAt !== undefined) {
    return t('firstPublishedThis', formatDate(report.publishedAt));
  }
  return undefined;
}
