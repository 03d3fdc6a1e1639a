/**
 * The text of a page that is not an article (an error page, a login form, a
 * notice): everything a reader sees in the body except navigation, i.e.
 * except blocks whose text is mostly link text (menus, link lists, tag
 * clouds, pagers).
 */
import { articleText, BLOCK_TAGS, SKIPPED_TAGS } from './article-text';
import { removeAuthorNotes } from './author-notes';
import { removeCollapsedContent } from './collapsed';
import { removeCommentSections } from './comment-sections';
import { removeWikiApparatus } from './wiki-apparatus';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

/**
 * A block whose text is more than this share link text is navigation.
 * Readability removes a container "mostly links" past the same share
 * (0.5, for containers its class names mark as content).
 */
export const MAX_LINK_DENSITY = 0.5;

const WHITESPACE = /\s+/g;

function visibleLength(text: string): number {
  return text.replace(WHITESPACE, '').length;
}

interface Frame {
  element: Element;
  next: Node | null;
  /** Characters of text below the element, ignoring whitespace. */
  chars: number;
  /** Of those, characters inside links. */
  linkChars: number;
}

/**
 * Removes, from `root` (a clone: it is modified), every block element whose
 * remaining text is mostly link text. Innermost blocks are judged first, so
 * a menu inside the page's main table goes and the table's own text stays.
 * One pass, with an explicit stack: cost linear in the tree's size.
 */
export function removeNavigation(root: Element): void {
  const stack: Frame[] = [{ element: root, next: root.firstChild, chars: 0, linkChars: 0 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    const node = frame.next;
    if (node) {
      frame.next = node.nextSibling;
      if (node.nodeType === TEXT_NODE || node.nodeType === CDATA_SECTION_NODE) {
        frame.chars += visibleLength(node.nodeValue ?? '');
      } else if (node.nodeType === ELEMENT_NODE) {
        const element = node as Element;
        const tag = element.localName.toLowerCase();
        if (tag === 'a') {
          const chars = visibleLength(element.textContent ?? '');
          frame.chars += chars;
          frame.linkChars += chars;
        } else if (!SKIPPED_TAGS.has(tag)) {
          stack.push({ element, next: element.firstChild, chars: 0, linkChars: 0 });
        }
      }
      continue;
    }
    stack.pop();
    const parent = stack[stack.length - 1];
    if (!parent) break;
    const { element, chars, linkChars } = frame;
    if (chars > 0 && linkChars > chars * MAX_LINK_DENSITY && BLOCK_TAGS.has(element.localName.toLowerCase())) {
      element.parentNode?.removeChild(element);
    } else {
      parent.chars += chars;
      parent.linkChars += linkChars;
    }
  }
}

/**
 * The page's text without navigation, from a deep clone of `doc` (the page
 * itself is not modified) or, when the caller says it `mayModify` it, from
 * `doc` itself; the whole body's text when that leaves nothing (a page made
 * only of links); '' for a page with no text. Authors' notes and comment sections
 * are dropped as from the article (author-notes.ts, comment-sections.ts). `mediaWiki`: the page is MediaWiki's,
 * whose collapsed sections and reading apparatus are dropped as well, as
 * before Readability (wiki-apparatus.ts).
 */
export function pageText(doc: Document, mediaWiki = false, { mayModify = false }: { mayModify?: boolean } = {}): string {
  const target = mayModify ? doc : (doc.cloneNode(true) as Document);
  const root = target.querySelector('body') ?? target.documentElement;
  if (!root) return '';
  if (mediaWiki) {
    removeCollapsedContent(root);
    removeWikiApparatus(root);
  }
  removeAuthorNotes(root);
  removeCommentSections(root);
  const whole = articleText(root);
  removeNavigation(root);
  return articleText(root) || whole;
}
