import { DisjointSets, isOneSite, judge, type MinLength } from '../core';
import type { MatchSummary } from '../messaging';
import { comparisonScheme, pageSignature, wholeComparisonScheme, type Page } from '../store';

/** A quote the checker found, with the stored page it names. */
export interface QuotedPage {
  match: MatchSummary;
  page: Page;
}

/**
 * The quotes of a report, one row per article: a page quoting an article the
 * user read at two addresses (the article and a repost of it) holds the
 * passage in both, and would list the same article twice. Pages that are
 * copies of each other (`judge` on their stored signatures says `duplicate`)
 * are listed once, as the copy read first, with the sites of the others in
 * `alsoReadOn`. Order is kept; pages that copy no other stay as they are.
 */
export function quotesByArticle(quotes: readonly QuotedPage[], options: { maxDistance: number; minLength: MinLength }): MatchSummary[] {
  if (quotes.length < 2) return quotes.map(({ match }) => match);
  const sets = new DisjointSets(quotes.length);
  for (let i = 0; i < quotes.length; i++) {
    for (let j = i + 1; j < quotes.length; j++) {
      if (sets.find(i) !== sets.find(j) && areCopies(quotes[i]!.page, quotes[j]!.page, options)) sets.union(i, j);
    }
  }
  const first = new Map<number, number>();
  quotes.forEach(({ page }, i) => {
    const root = sets.find(i);
    const kept = first.get(root);
    if (kept === undefined || readBefore(page, quotes[kept]!.page)) first.set(root, i);
  });
  return quotes.flatMap(({ match }, i) => {
    const kept = first.get(sets.find(i));
    if (kept !== i) return [];
    const others = quotes.filter((_, k) => k !== i && sets.find(k) === sets.find(i)).map(({ page }) => page.site);
    const sites = [...new Set(others)].filter((site) => site !== '' && site !== match.site);
    return [sites.length > 0 ? { ...match, alsoReadOn: sites } : match];
  });
}

/** Whether two stored pages are the same article, as the Reposts view would pair them (the one read first as earlier). */
function areCopies(a: Page, b: Page, options: { maxDistance: number; minLength: MinLength }): boolean {
  if (wholeComparisonScheme(a) !== wholeComparisonScheme(b)) return false;
  const [earlier, later] = readBefore(a, b) ? [a, b] : [b, a];
  const partOptions = { passagesComparable: comparisonScheme(earlier) === comparisonScheme(later), ...(isOneSite(earlier.site, later.site) ? { oneSite: true } : {}) };
  return judge(pageSignature(earlier), pageSignature(later), { ...options, ...partOptions }).verdict === 'duplicate';
}

/** Read first: the earlier first visit, ties to the lower page id. */
function readBefore(a: Page, b: Page): boolean {
  return a.firstVisit < b.firstVisit || (a.firstVisit === b.firstVisit && a.id < b.id);
}
