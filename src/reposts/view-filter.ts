import type { CopyKind } from './copy-pairs';
import type { RepostGroup } from './groups';

/** What the Reposts view shows: groups with a member matching `search`, copies of `kind` on `site`. */
export interface RepostFilter {
  /** Case-insensitive substring of any member's title, URL or site; empty for all. */
  search: string;
  kind: CopyKind | 'all';
  /** Only copies on this site; undefined for all. */
  site?: string;
}

export const NO_FILTER: RepostFilter = { search: '', kind: 'all' };

/** A site and how much of what the user read it reposted. */
export interface RepostingSite {
  site: string;
  /** Copies found on the site. */
  copies: number;
  /** Originals it copied. */
  originals: number;
}

/** The groups the filter keeps, each with only the copies it keeps; a group left with none is dropped. */
export function filterGroups(groups: readonly RepostGroup[], filter: RepostFilter): RepostGroup[] {
  const needle = filter.search.trim().toLowerCase();
  const kept: RepostGroup[] = [];
  for (const group of groups) {
    const copies = group.copies.filter((copy) => (filter.kind === 'all' || copy.kind === filter.kind) && (filter.site === undefined || copy.page.site === filter.site));
    if (copies.length === 0) continue;
    if (needle !== '' && ![group.original, ...group.copies.map((copy) => copy.page)].some((page) => mentions(page, needle))) continue;
    kept.push(copies.length === group.copies.length ? group : { ...group, copies });
  }
  return kept;
}

function mentions(page: { title: string; url: string; site: string }, needle: string): boolean {
  return page.title.toLowerCase().includes(needle) || page.url.toLowerCase().includes(needle) || page.site.toLowerCase().includes(needle);
}

/** Sites by the copies found on them, then by the originals they copied, then by name. */
export function rankSites(groups: readonly RepostGroup[]): RepostingSite[] {
  const bySite = new Map<string, { copies: number; originals: Set<number> }>();
  for (const group of groups) {
    for (const { page } of group.copies) {
      const entry = bySite.get(page.site) ?? { copies: 0, originals: new Set<number>() };
      entry.copies++;
      entry.originals.add(group.original.id);
      bySite.set(page.site, entry);
    }
  }
  return [...bySite]
    .map(([site, { copies, originals }]) => ({ site, copies, originals: originals.size }))
    .sort((a, b) => b.copies - a.copies || b.originals - a.originals || (a.site < b.site ? -1 : a.site > b.site ? 1 : 0));
}
