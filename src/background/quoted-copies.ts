import { DisjointSets, judge, type DocumentSignature, type MinLength } from '../core';
import type { MatchSummary } from '../messaging';
import { partOptions } from '../reposts/part-options';
import { storedComparability } from '../reposts/one-text';
import type { Page } from '../store';

/** A quote the checker found, with the stored page it names and that page's signature (decoded once, for its verdict). */
export interface QuotedPage {
  match: MatchSummary;
  page: Page;
  signature: DocumentSignature;
}

/**
 * The quotes of a report, one row per article: a page quoting an article the
 * user read at two addresses (the article and a repost of it) holds the
 * passage in both, and would list the same article twice. Pages that are
 * copies of each other (`judge` on their stored signatures says `duplicate`)
 * are listed once, as the copy read first, with the sites of the others in
 * `alsoReadOn`; pages that copy no other stay as they are.
 */
export function quotesByArticle(quotes: readonly QuotedPage[], options: { maxDistance: number; minLength: MinLength }): MatchSummary[] {
  if (quotes.length < 2) return quotes.map(({ match }) => match);
  const sets = new DisjointSets(quotes.length);
  for (let i = 0; i < quotes.length; i++) {
    for (let j = i + 1; j < quotes.length; j++) {
      if (sets.find(i) !== sets.find(j) && areCopies(quotes[i]!, quotes[j]!, options)) sets.union(i, j);
    }
  }
  const groups = new Map<number, QuotedPage[]>();
  quotes.forEach((quote, i) => groups.set(sets.find(i), [...(groups.get(sets.find(i)) ?? []), quote]));
  return [...groups.values()].map((group) => {
    const [kept, ...others] = group.sort((a, b) => (readBefore(a.page, b.page) ? -1 : 1));
    const { match } = kept!;
    const sites = [...new Set(others.map(({ page }) => page.site))].filter((site) => site !== '' && site !== match.site);
    return sites.length > 0 ? { ...match, alsoReadOn: sites } : match;
  });
}

/** Whether two stored pages are the same article, as the Reposts view pairs them (reposts/copy-pairs.ts: the one read first as earlier). */
function areCopies(a: QuotedPage, b: QuotedPage, options: { maxDistance: number; minLength: MinLength }): boolean {
  const alike = storedComparability(a.page, b.page);
  if (alike === undefined) return false;
  const [earlier, later] = readBefore(a.page, b.page) ? [a, b] : [b, a];
  return judge(earlier.signature, later.signature, { ...options, ...partOptions(earlier.page, later.page), ...alike }).verdict === 'duplicate';
}

/** Read first: the earlier first visit, ties to the lower page id. */
function readBefore(a: Page, b: Page): boolean {
  return a.firstVisit < b.firstVisit || (a.firstVisit === b.firstVisit && a.id < b.id);
}
