/**
 * The reading apparatus MediaWiki builds around an article: the "[edit]"
 * link beside every section heading ("[编辑]" on the Chinese Wikipedia), the
 * table of contents, reference lists and the citation marks pointing at them,
 * navigation boxes and "Main article: …" notes. None of it is the article's
 * prose, and on a long Wikipedia page it is a third of the text Readability
 * keeps: a copy of the article on a mirror or a blog, which seldom carries
 * it, then reads like another text, and another article pasted into a
 * wiki's page shares its apparatus with every page of the wiki.
 *
 * The classes are MediaWiki's own markup (and Wikipedia's templates), so,
 * like collapsed sections (collapsed.ts), the rule runs only on pages
 * MediaWiki generated.
 */

/** Edit links, contents box, reference lists, citation marks, navigation boxes, hatnotes. */
export const WIKI_APPARATUS_SELECTOR = [
  '.mw-editsection',
  '#toc', '.toc',
  '.mw-references-wrap', '.reflist', 'ol.references', 'sup.reference',
  '.navbox', '.vertical-navbox', '.navbox-styles',
  '.hatnote',
].join(', ');

/** Removes MediaWiki's apparatus below `root` (a clone: it is modified). */
export function removeWikiApparatus(root: Element): void {
  for (const element of Array.from(root.querySelectorAll(WIKI_APPARATUS_SELECTOR))) element.parentNode?.removeChild(element);
}
