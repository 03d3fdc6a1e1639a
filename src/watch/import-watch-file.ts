/** A feed or sitemap file the user chose, taken in: a feed's articles into the history as theirs, a sitemap's addresses into the watched list. */
import type { History } from '../store';
import { feedExport, feedRecords } from './feed-pages';
import { readWatchFile, type XmlParser } from './watch-file';
import type { WatchedUrls } from './watched-urls';

export type WatchFileResult =
  | { kind: 'feed'; articles: number }
  | { kind: 'sitemap'; added: number; watched: number }
  | { kind: 'sitemap-index' | 'unknown' };

export interface WatchFileTargets {
  history: Pick<History, 'importJson'>;
  watched: Pick<WatchedUrls, 'add' | 'count'>;
  now: Date;
  parser?: XmlParser;
}

export async function importWatchFile(text: string, { history, watched, now, parser }: WatchFileTargets): Promise<WatchFileResult> {
  const file = readWatchFile(text, parser);
  if (file.kind === 'feed') {
    const records = feedRecords(file.items, now);
    const report = await history.importJson(feedExport(records, now));
    return { kind: 'feed', articles: report.imported + report.updated + report.unchanged };
  }
  if (file.kind === 'sitemap') {
    const before = await watched.count();
    const total = await watched.add(file.urls);
    return { kind: 'sitemap', added: total - before, watched: total };
  }
  return { kind: file.kind };
}
