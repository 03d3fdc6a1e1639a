import { DisjointSets, judge, normalizeUrl, type VerdictOptions } from '../core';
import type { CopyKind, CopyPair } from './copy-pairs';
import { pageSignature, type Page } from '../store/page';
import { partOptions } from './part-options';

/** A later page holding the original's text, whole or in part, and how far its fingerprint is from the original's. */
export interface RepostCopy {
  page: Page;
  kind: CopyKind;
  /** Whole-document Hamming distance to the original. */
  distance: number;
}

/** An article read first (the original) and the copies of it read after. */
export interface RepostGroup {
  original: Page;
  /** First read first. */
  copies: RepostCopy[];
}

const STRENGTH: Record<CopyKind, number> = { duplicate: 2, partial: 1 };

/**
 * Groups the flagged pairs: pages linked by a chain of copies are one group,
 * the page read first is its original, the others its copies. A copy's kind
 * is its verdict against the original itself, or, when only a chain links
 * them (a copy of a copy that drifted further), the strongest verdict of its
 * own pairs. Two addresses of one page (sameArticle) are not copies of each
 * other. Newest finds first.
 */
export function groupReposts(pairs: readonly CopyPair[], pages: ReadonlyMap<number, Page>, options: Required<VerdictOptions>): RepostGroup[] {
  const known = pairs.filter((pair) => {
    const a = pages.get(pair.earlier);
    const b = pages.get(pair.later);
    return a !== undefined && b !== undefined && !sameArticle(a, b);
  });
  const ids = [...new Set(known.flatMap((pair) => [pair.earlier, pair.later]))];
  const entry = new Map(ids.map((id, i) => [id, i]));
  const sets = new DisjointSets(ids.length);
  const strongest = new Map<number, CopyKind>();
  for (const pair of known) {
    sets.union(entry.get(pair.earlier)!, entry.get(pair.later)!);
    for (const id of [pair.earlier, pair.later]) {
      const kept = strongest.get(id);
      if (kept === undefined || STRENGTH[pair.kind] > STRENGTH[kept]) strongest.set(id, pair.kind);
    }
  }
  const members = new Map<number, Page[]>();
  ids.forEach((id, i) => {
    const root = sets.find(i);
    const list = members.get(root) ?? [];
    list.push(pages.get(id)!);
    members.set(root, list);
  });
  const groups = [...members.values()].map((list) => {
    const [original, ...later] = list.sort(readOrder);
    const signature = pageSignature(original!);
    const copies = later.map((page): RepostCopy => {
      const copy = pageSignature(page);
      const { verdict, distance } = judge(signature, copy, { ...options, ...partOptions(original!, page) });
      return { page, kind: verdict === 'duplicate' || verdict === 'partial' ? verdict : strongest.get(page.id)!, distance };
    });
    return { original: original!, copies };
  });
  return groups.sort((a, b) => latestFind(b) - latestFind(a) || a.original.id - b.original.id);
}

/** First read first; ties by page id. */
function readOrder(a: Page, b: Page): number {
  return a.firstVisit - b.firstVisit || a.id - b.id;
}

function latestFind(group: RepostGroup): number {
  return group.copies[group.copies.length - 1]?.page.firstVisit ?? group.original.firstVisit;
}

/**
 * One page at two addresses of one host: one declares the other canonical, or
 * both declare the same. A claim on another host's address is the page's word
 * against the text (an imported record may carry one): the copy stays a copy.
 */
function sameArticle(a: Page, b: Page): boolean {
  if (a.site !== b.site) return false;
  const ca = canonicalOf(a);
  const cb = canonicalOf(b);
  return ca === b.url || cb === a.url || (ca !== undefined && ca === cb);
}

function canonicalOf(page: Page): string | undefined {
  return page.canonicalUrl === undefined ? undefined : normalizeUrl(page.canonicalUrl) ?? page.canonicalUrl;
}
