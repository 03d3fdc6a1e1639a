import type { Page } from '../store';

/**
 * A passage found in this many stored pages or more is common text (a
 * licence line, a newsletter footer, a sentence everyone quotes), not a
 * quote of any one of them.
 */
export const QUOTE_COMMON_PAGES = 3;

/**
 * The stored pages a page may be said to quote (docs/decisions/0030-quote-verdict.md):
 * those holding a passage the page shares, unless that passage is common
 * text. A passage is common when it is in a page of the page's own site
 * (the site's template), in two pages of one site (that site's template), or
 * in QUOTE_COMMON_PAGES pages or more. `pagesByPassage`: for each passage
 * of the page, the stored pages the index found it in.
 */
export function quotablePages(pagesByPassage: ReadonlyArray<ReadonlyArray<Pick<Page, 'id' | 'site'>>>, ownSite: string | undefined): Set<number> {
  const quotable = new Set<number>();
  for (const found of pagesByPassage) {
    const pages = new Map(found.map((page) => [page.id, page.site]));
    if (pages.size === 0 || pages.size >= QUOTE_COMMON_PAGES) continue;
    const sites = new Set(pages.values());
    if (sites.size < pages.size || (ownSite !== undefined && sites.has(ownSite))) continue;
    for (const id of pages.keys()) quotable.add(id);
  }
  return quotable;
}
