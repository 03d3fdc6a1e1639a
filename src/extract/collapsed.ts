/**
 * Sections a MediaWiki page (Wikipedia in every language, and the many
 * wikis on the same software) shows collapsed when it loads: navigation
 * boxes, track lists, long appearance tables. The reader sees only their
 * title bar; their content, often longer than the article, is in the HTML
 * for a click to reveal. Readability does not run the page's scripts or
 * styles, so it takes that content as article text.
 *
 * The markup is MediaWiki's own (jquery.makeCollapsible, and the NavFrame
 * and navbox conventions of Wikipedia's site scripts), so the rule runs only
 * on pages MediaWiki generated (it declares itself in
 * `<meta name="generator">`): other sites' "collapsed" classes mean other
 * things, and searching every page for them would cost time for nothing.
 */

const MEDIAWIKI_GENERATOR = /^MediaWiki\b/i;

/** Whether a page's `<meta name="generator">` value names MediaWiki. */
export function isMediaWikiGenerator(generator: string | undefined): boolean {
  return generator !== undefined && MEDIAWIKI_GENERATOR.test(generator.trim());
}

/** Elements that may be collapsed: each match is then checked by {@link isCollapsed}. */
const CANDIDATES = '.mw-collapsed, .collapsed, .autocollapse';

/** Class tokens marking an element as collapsible at all; `collapsed` counts only alongside one of them. */
const COLLAPSIBLE_TOKENS: readonly string[] = ['mw-collapsible', 'collapsible', 'NavFrame'];

/** The part hidden when collapsed, where the markup names it. */
const COLLAPSIBLE_CONTENT = '.mw-collapsible-content, .NavContent';

/** The table's own rows, not those of tables nested in its cells. */
function ownRows(table: Element): Element[] {
  const rows: Element[] = [];
  for (const child of Array.from(table.children)) {
    const tag = child.localName.toLowerCase();
    if (tag === 'tr') rows.push(child);
    else if (tag === 'thead' || tag === 'tbody' || tag === 'tfoot') rows.push(...Array.from(child.children).filter((row) => row.localName.toLowerCase() === 'tr'));
  }
  return rows;
}

function isCollapsed(element: Element): boolean {
  const tokens = (element.getAttribute('class') ?? '').split(/\s+/);
  if (tokens.includes('mw-collapsed')) return true;
  // "autocollapse": collapsed on pages with more than one such box, which is
  // where they stack up at the end of an article.
  return (tokens.includes('collapsed') || tokens.includes('autocollapse')) && COLLAPSIBLE_TOKENS.some((t) => tokens.includes(t));
}

/**
 * Removes from `root` (a clone: it is modified) the content of collapsed
 * sections, keeping what a reader sees: the named content part goes when
 * there is one; otherwise a table keeps its first row (the title bar) and
 * any other element its first child.
 */
export function removeCollapsedContent(root: Element): void {
  for (const element of Array.from(root.querySelectorAll(CANDIDATES))) {
    if (!isCollapsed(element)) continue;
    const named = Array.from(element.querySelectorAll(COLLAPSIBLE_CONTENT));
    let hidden: Element[];
    if (named.length > 0) hidden = named;
    else if (element.localName.toLowerCase() === 'table') hidden = ownRows(element).slice(1);
    else hidden = Array.from(element.children).slice(1);
    for (const node of hidden) node.parentNode?.removeChild(node);
  }
}
