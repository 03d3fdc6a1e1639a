/**
 * The "[edit]" link MediaWiki prints beside every section heading ("[编辑]"
 * on the Chinese Wikipedia, "[modifier]" on the French one): a control of
 * the wiki, not text of the article. Left in, every heading of every
 * MediaWiki page carries the same word, and a copy of the article on a
 * mirror or a blog, which has no such links, reads less like it.
 *
 * MediaWiki wraps the link in `<span class="mw-editsection">` (its own
 * markup), so, like the collapsed sections (collapsed.ts), the rule runs
 * only on pages MediaWiki generated.
 */

/** MediaWiki's wrapper of a section's edit link. */
export const EDIT_SECTION_SELECTOR = '.mw-editsection';

/** Removes every section edit link below `root` (a clone: it is modified). */
export function removeEditLinks(root: Element): void {
  for (const link of Array.from(root.querySelectorAll(EDIT_SECTION_SELECTOR))) link.parentNode?.removeChild(link);
}
