/**
 * How big a page the content script agrees to read. Extraction (Readability
 * on a clone of the document) runs synchronously on the page's main thread
 * and cannot be interrupted, so it is time-boxed by refusing, before it
 * starts, documents it would take too long on. Measured in Chromium
 * (docs/reliability.md): extraction time grows with the number of elements
 * (~0.1 ms each on a loaded two-core machine) and with the square of the
 * nesting depth (2,000 levels: 29 s; 10,000 levels crash the tab), far less
 * with the amount of text. Every budget check below is itself bounded by
 * these limits.
 */
export interface PageBudget {
  /** Elements in the document. */
  maxElements: number;
  /** Nodes of any kind (text nodes included) visited while measuring. */
  maxNodes: number;
  /** Nesting depth below the root element. */
  maxDepth: number;
  /** Characters of text, not counting scripts and styles. */
  maxTextChars: number;
}

export const PAGE_BUDGET: PageBudget = Object.freeze({
  // A long news article has 2,000–5,000 elements, a long Wikipedia article
  // 20,000; at 30,000 extraction takes ~3 s on a loaded machine.
  maxElements: 30_000,
  // Whitespace between elements makes about one text node per element; four
  // times that only stops pages that flood the DOM with text nodes.
  maxNodes: 120_000,
  // Chromium's HTML parser nests no deeper than 512, so no page written as
  // HTML is refused; only script-built towers are.
  maxDepth: 512,
  // Five times the article cap of the visit message (MAX_TEXT_CHARS): room for
  // navigation and comments around the longest article that is still sent.
  maxTextChars: 5_000_000,
});

export type BudgetExcess = 'elements' | 'nodes' | 'depth' | 'text';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
/** Their text is code or data, not reading matter: a page's inline JSON must not make it "too large". */
const NOT_TEXT = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);

/**
 * The first limit of `budget` that `doc` exceeds, or undefined when it may be
 * read. One walk with firstChild/nextSibling/parentNode and a depth counter:
 * no recursion, no strings copied (a text node's `length` is read, not its
 * data), and it stops at the first limit crossed, so it visits at most
 * `maxNodes` nodes however big the page.
 */
export function exceedsBudget(doc: Document, budget: PageBudget = PAGE_BUDGET): BudgetExcess | undefined {
  return measurePage(doc, budget).excess;
}

export interface PageMeasure {
  /** The first limit crossed, if any. */
  excess: BudgetExcess | undefined;
  /**
   * Some element has an open shadow root (attached, or a declarative
   * `<template shadowrootmode>` left by a parser), whose content the walk
   * does not see: the page is read from a composed copy
   * (src/extract/shadow-roots.ts), which applies the same budget.
   */
  openShadowRoots: boolean;
}

/** {@link exceedsBudget}, also telling whether the page has open shadow roots (one walk for both). */
export function measurePage(doc: Document, budget: PageBudget = PAGE_BUDGET): PageMeasure {
  const root = doc.documentElement;
  let openShadowRoots = false;
  const result = (excess: BudgetExcess | undefined): PageMeasure => ({ excess, openShadowRoots });
  if (!root) return result(undefined);
  let nodes = 0;
  let elements = 0;
  let text = 0;
  // Depth of `node` below the root (the root element is 0).
  let depth = 0;
  let node: Node = root;
  for (;;) {
    if (++nodes > budget.maxNodes) return result('nodes');
    if (node.nodeType === TEXT_NODE) {
      text += (node as CharacterData).length;
      if (text > budget.maxTextChars) return result('text');
    } else if (node.nodeType === ELEMENT_NODE) {
      if (++elements > budget.maxElements) return result('elements');
      if (depth > budget.maxDepth) return result('depth');
      const element = node as Element;
      const tag = element.tagName.toUpperCase();
      // A closed root's `shadowRoot` is null: it stays unread.
      if (element.shadowRoot || (tag === 'TEMPLATE' && element.getAttribute('shadowrootmode')?.toLowerCase() === 'open')) openShadowRoots = true;
      if (node.firstChild && !NOT_TEXT.has(tag)) {
        node = node.firstChild;
        depth++;
        continue;
      }
    }
    // Up until a node has a next sibling; the walk ends back at the root.
    while (node !== root && node.nextSibling === null) {
      node = node.parentNode as Node;
      depth--;
    }
    if (node === root) return result(undefined);
    node = node.nextSibling as Node;
  }
}
