import type { VerdictOptions } from '../core';
import type { Page } from '../store/page';
import { CopyFinder } from './copy-pairs';
import { groupReposts, type RepostGroup } from './groups';

/** What finding reposts reads of the history (History provides it). */
export interface RepostsSource {
  /** Every page, in batches. */
  pageBatches(): AsyncIterable<Page[]>;
  count(): Promise<number>;
  get(id: number): Promise<Page | undefined>;
}

/** How far the work is: pages read of the history's total, then the comparison. */
export type RepostsProgress = { phase: 'reading'; done: number; total: number } | { phase: 'comparing' };

/**
 * The reposts in the history, computed from it (docs/decisions/0022-reposts-computed-not-stored.md):
 * the pages read a batch at a time into columns, the pairs the checker would
 * flag found in memory, then only the pages of those pairs read again whole.
 * Reading yields between batches; `progress` is told after each.
 */
export async function findReposts(source: RepostsSource, options: Required<VerdictOptions>, progress: (state: RepostsProgress) => void = () => undefined): Promise<RepostGroup[]> {
  const total = await source.count();
  const finder = new CopyFinder();
  for await (const batch of source.pageBatches()) {
    for (const page of batch) finder.add(page);
    progress({ phase: 'reading', done: finder.count, total: Math.max(total, finder.count) });
  }
  progress({ phase: 'comparing' });
  const pairs = finder.pairs(options);
  const ids = [...new Set(pairs.flatMap((pair) => [pair.earlier, pair.later]))];
  const pages = new Map<number, Page>();
  for (const [k, page] of (await Promise.all(ids.map((id) => source.get(id)))).entries()) {
    if (page !== undefined) pages.set(ids[k]!, page);
  }
  return groupReposts(pairs, pages, options);
}
