import { fingerprintToHex, type Fingerprint } from './fingerprint64';
import { compareSignatures, MIN_MATCHED_PASSAGES, PART_MIN_PASSAGES, SAME_ARTICLE_COVERAGE, type DocumentSignature, type PassageCoverage, type Verdict } from './verdict';

/**
 * A passage found in this many stored articles or more is common text (a
 * licence line, a newsletter footer, a sentence everyone quotes), not a
 * quote of any one of them. Pages that are copies of one article count once.
 */
export const QUOTE_COMMON_PAGES = 3;

/** What this needs of a stored page. */
export interface PageSite {
  id: number;
  /** Host name without "www." (url.ts siteOf). */
  site: string;
}

/** Whether two stored pages are copies of one article (an article and a repost of it the user read). */
export type SameArticle = (a: PageSite, b: PageSite) => boolean;

/**
 * Whether two stored signatures are one text: whole fingerprints within
 * `maxDistance`, or most of both texts' passages in the other
 * (SAME_ARTICLE_COVERAGE of at least PART_MIN_PASSAGES, or every one of at
 * least MIN_MATCHED_PASSAGES: a short article). Stricter than a copy: pages
 * that share a long boilerplate and little else can be judged copies of each
 * other, and their boilerplate must stay common text (distinctivePassages).
 */
export function areOneText(earlier: DocumentSignature, later: DocumentSignature, maxDistance: number, passagesComparable = true): boolean {
  const cmp = compareSignatures(earlier, later, maxDistance, undefined, passagesComparable);
  const mostOf = ({ matched, compared }: PassageCoverage): boolean =>
    (matched >= PART_MIN_PASSAGES && matched >= SAME_ARTICLE_COVERAGE * compared) || (matched >= MIN_MATCHED_PASSAGES && matched === compared);
  return cmp.distance <= maxDistance || (mostOf(cmp.earlier) && mostOf(cmp.current));
}

/** Without a way to tell, every page is an article of its own. */
const EVERY_PAGE_ITS_OWN: SameArticle = () => false;

/**
 * For each stored page the page may be said to quote, the passages that show
 * it (indices into `pagesByPassage`; docs/decisions/0030-quote-verdict.md):
 * passages the page shares with pages of other sites, unless that passage is
 * common text there: in two articles of one site (that site's template) or in
 * QUOTE_COMMON_PAGES articles or more (a licence line, a newsletter footer).
 * Pages `sameArticle` says are copies of one another are one article: a
 * passage of an article the user read as the original and as two reposts is
 * still that article's. Pages of the page's own site never count: what it
 * shares with them is its own template or its own earlier writing. The same
 * passages are the only ones that may show, on their own, that the page
 * holds part of a stored one (judge's countsForPart,
 * docs/decisions/0036-parts-found-by-passages.md). `pagesByPassage`: for each
 * passage of the page, the stored pages the index found it in.
 */
export function distinctivePassages(pagesByPassage: ReadonlyArray<ReadonlyArray<PageSite>>, ownSite: string | undefined, sameArticle = EVERY_PAGE_ITS_OWN): Map<number, Set<number>> {
  const byPage = new Map<number, Set<number>>();
  pagesByPassage.forEach((found, passage) => {
    const pages = [...new Map(found.filter((page) => page.site !== ownSite).map((page) => [page.id, page])).values()];
    const articles = articlesOf(pages, sameArticle);
    if (articles === undefined || inTwoArticlesOfOneSite(articles)) return;
    for (const { id } of pages) {
      const passages = byPage.get(id) ?? new Set<number>();
      byPage.set(id, passages.add(passage));
    }
  });
  return byPage;
}

/** `pages` grouped into articles, each page with the first page of a group it copies; undefined once QUOTE_COMMON_PAGES articles are found (common text). */
function articlesOf(pages: readonly PageSite[], sameArticle: SameArticle): PageSite[][] | undefined {
  const articles: PageSite[][] = [];
  for (const page of pages) {
    const article = articles.find(([first]) => sameArticle(first!, page));
    if (article) article.push(page);
    else if (articles.push([page]) >= QUOTE_COMMON_PAGES) return undefined;
  }
  return articles;
}

/** A site holding two of the articles: the passage is that site's template. */
function inTwoArticlesOfOneSite(articles: ReadonlyArray<readonly PageSite[]>): boolean {
  const seen = new Set<string>();
  for (const article of articles) {
    const sites = new Set(article.map(({ site }) => site));
    for (const site of sites) {
      if (seen.has(site)) return true;
      seen.add(site);
    }
  }
  return false;
}

/**
 * judge's `countsForPart` for one stored page: the passages among `queried`
 * (what the index was asked, as fingerprints or stored hex) that
 * distinctivePassages found distinctive for it.
 */
export function countsForPartOf(distinctive: ReadonlySet<number> | undefined, queried: ReadonlyArray<Fingerprint | string>): (passage: Fingerprint) => boolean {
  const hex = new Set([...(distinctive ?? [])].map((i) => asHex(queried[i]!)));
  return (passage) => hex.has(fingerprintToHex(passage));
}

function asHex(fp: Fingerprint | string): string {
  return typeof fp === 'string' ? fp : fingerprintToHex(fp);
}

/** Whether a stored page is named for this verdict: always as a copy, as a quote only when `quotable` holds it (distinctivePassages' pages). */
export function namesPage(verdict: Verdict, pageId: number, quotable: Pick<ReadonlySet<number>, 'has'>): verdict is 'duplicate' | 'partial' | 'quote' {
  return verdict === 'duplicate' || verdict === 'partial' || (verdict === 'quote' && quotable.has(pageId));
}
