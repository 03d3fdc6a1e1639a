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
 * The stored pages a page may be said to quote (docs/decisions/0030-quote-verdict.md):
 * those of other sites holding a passage the page shares, unless that
 * passage is common text there: in two pages of one site (that site's
 * template) or in QUOTE_COMMON_PAGES pages or more (a licence line, a
 * newsletter footer). Pages of the page's own site never count: what it
 * shares with them is its own template or its own earlier writing.
 * `pagesByPassage`: for each passage of the page, the stored pages the
 * index found it in.
 */
export function quotablePages(pagesByPassage: ReadonlyArray<ReadonlyArray<PageSite>>, ownSite: string | undefined): Set<number> {
  const quotable = new Set<number>();
  for (const found of pagesByPassage) {
    const pages = new Map(found.filter((page) => page.site !== ownSite).map((page) => [page.id, page.site]));
    if (pages.size === 0 || pages.size >= QUOTE_COMMON_PAGES) continue;
    if (new Set(pages.values()).size < pages.size) continue;
    for (const id of pages.keys()) quotable.add(id);
  }
  return quotable;
}

/** Whether a stored page is named for this verdict: always as a copy, as a quote only when `quotable` holds it. */
export function namesPage(verdict: Verdict, pageId: number, quotable: ReadonlySet<number>): verdict is 'duplicate' | 'partial' | 'quote' {
  return verdict === 'duplicate' || verdict === 'partial' || (verdict === 'quote' && quotable.has(pageId));
}
