import { fingerprintToHex, type Fingerprint } from './fingerprint64';
import type { Verdict } from './verdict';

/**
 * A passage found in this many stored pages or more is common text (a
 * licence line, a newsletter footer, a sentence everyone quotes), not a
 * quote of any one of them.
 */
export const QUOTE_COMMON_PAGES = 3;

/** What this needs of a stored page. */
export interface PageSite {
  id: number;
  /** Host name without "www." (url.ts siteOf). */
  site: string;
}

/**
 * For each stored page the page may be said to quote, the passages that show
 * it (indices into `pagesByPassage`; docs/decisions/0030-quote-verdict.md):
 * passages the page shares with pages of other sites, unless that passage is
 * common text there: in two pages of one site (that site's template) or in
 * QUOTE_COMMON_PAGES pages or more (a licence line, a newsletter footer).
 * Pages of the page's own site never count: what it shares with them is its
 * own template or its own earlier writing. The same passages are the only
 * ones that may show, on their own, that the page holds part of a stored one
 * (judge's countsForPart, docs/decisions/0036-parts-found-by-passages.md).
 * `pagesByPassage`: for each passage of the page, the stored pages the index
 * found it in.
 */
export function distinctivePassages(pagesByPassage: ReadonlyArray<ReadonlyArray<PageSite>>, ownSite: string | undefined): Map<number, Set<number>> {
  const byPage = new Map<number, Set<number>>();
  pagesByPassage.forEach((found, passage) => {
    const pages = new Map(found.filter((page) => page.site !== ownSite).map((page) => [page.id, page.site]));
    if (pages.size === 0 || pages.size >= QUOTE_COMMON_PAGES) return;
    if (new Set(pages.values()).size < pages.size) return;
    for (const id of pages.keys()) {
      const passages = byPage.get(id) ?? new Set<number>();
      byPage.set(id, passages.add(passage));
    }
  });
  return byPage;
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
