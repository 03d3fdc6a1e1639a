/**
 * One article inside another page's template (eval/cross-template.ts): a real
 * page keeps everything it shows (navigation, sidebars, footer, and the
 * boilerplate inside its article: captions, credits, author boxes, related
 * links, share bars) while the paragraphs of its own article are replaced,
 * in place, by those of another article. No per-site code: the paragraphs to
 * replace are found from the page's truth text alone.
 */
import { BLOCK_TAGS, SKIPPED_TAGS, collapseWhitespace } from '../src/extract/article-text';
import { articleLength } from '../src/extract/extract-article';
import { hashFeature } from '../src/core/feature-hash';
import { writersParagraphs } from './data';
import type { Half } from './score';

/**
 * Shortest block that receives the inserted article's paragraphs, in
 * articleLength units (a Chinese character counts three): a sentence or more.
 * Shorter blocks of the page's own article (subheadings, one-line
 * paragraphs, table cells) are emptied.
 */
export const MIN_CARRIER_LENGTH = 80;

/**
 * Elements whose content is the template's (captions, sidebars, the header),
 * even when the truth holds their text, as Readability keeps some of it.
 */
const TEMPLATE_TAGS: ReadonlySet<string> = new Set(['figure', 'figcaption', 'aside', 'nav', 'header', 'footer']);

/**
 * Class or id words that name in-article boilerplate, after Readability's own
 * hints: an element so named, or inside one, stays the template's when it is
 * a box (its text under MAX_BOX_SHARE of the truth's); a larger one is a
 * wrapper of the article ("post tag-news author-sam").
 */
const BOILERPLATE_WORDS: ReadonlySet<string> = new Set([
  'caption', 'credit', 'credits', 'byline', 'author', 'related', 'share', 'sharing', 'social', 'comment', 'comments',
  'newsletter', 'subscribe', 'promo', 'sponsor', 'sponsored', 'advert', 'footnote', 'footnotes', 'tag', 'tags', 'meta', 'bio',
]);

/** Whether a class or id value holds one of BOILERPLATE_WORDS as a word ("wp-caption-text", "authorBio"; not "shared"). */
export function namesBoilerplate(name: string): boolean {
  return name.replace(/([a-z])([A-Z])/gu, '$1 $2').toLowerCase().split(/[^a-z]+/u).some((word) => BOILERPLATE_WORDS.has(word));
}

const MAX_BOX_SHARE = 0.25;

/** A block at least this share of whose text is link text is a list of links (related articles, tags), the template's. */
const MAX_LINK_SHARE = 0.5;

/** Headings: the template's own title line, replaced by the inserted article's first words. */
const TITLE_WORDS = 12;
const TITLE_HAN_CHARS = 24;

const HAN = /\p{Script=Han}/u;
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/**
 * Where text of the page's article stands: an innermost block element (no
 * block inside), or a run of text and inline elements between two `<br>` or
 * blocks (pages that write paragraphs as lines).
 */
export type Carrier = { kind: 'block'; element: Element } | { kind: 'run'; nodes: Node[] };

export interface ArticleCarriers {
  /** Blocks of MIN_CARRIER_LENGTH or more: they receive the inserted article. */
  long: Carrier[];
  /** Shorter ones: emptied. */
  short: Carrier[];
  /** Blocks as long as `long` ones whose text the truth lacks, outside boilerplate: another article's, or a part of this one the truth left out. */
  foreign: Carrier[];
}

/** Text compared by its letters and digits only: the truth was written by another tool (spacing, punctuation, private-use characters differ). */
export function comparable(text: string): string {
  return text.normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, '');
}

const tagOf = (element: Element): string => element.localName.toLowerCase();
const nodesOf = (carrier: Carrier): Node[] => (carrier.kind === 'block' ? [carrier.element] : carrier.nodes);

/** The text a reader sees in `node`: scripts, styles and other skipped elements left out. */
function shownText(node: Node): string {
  if (node.nodeType === TEXT_NODE) return node.nodeValue ?? '';
  if (node.nodeType !== ELEMENT_NODE || SKIPPED_TAGS.has(tagOf(node as Element))) return '';
  return Array.from(node.childNodes, shownText).join('');
}

/** The carrier's text, whitespace collapsed. */
export function carrierText(carrier: Carrier): string {
  return collapseWhitespace(nodesOf(carrier).map(shownText).join(''));
}

function linkShare(carrier: Carrier, text: string): number {
  let linked = 0;
  for (const node of nodesOf(carrier)) {
    if (node.nodeType !== ELEMENT_NODE) continue;
    const element = node as Element;
    const links = tagOf(element) === 'a' ? [element] : Array.from(element.querySelectorAll('a'));
    for (const a of links) linked += collapseWhitespace(a.textContent ?? '').length;
  }
  return text.length === 0 ? 0 : linked / text.length;
}

/**
 * The carriers of the page's article, in document order: innermost blocks
 * and line runs whose text is in `truth` (a long one anywhere in it, a short
 * one as a whole line of it), outside figures, asides, navigation, headers,
 * footers and boxes named as boilerplate, and not mostly link text.
 */
export function articleCarriers(doc: Document, truth: string): ArticleCarriers {
  const haystack = comparable(truth);
  const lines = new Set(truth.split('\n').map(comparable).filter((line) => line.length > 0));
  const found: ArticleCarriers = { long: [], short: [], foreign: [] };
  const holdsBlock = new Map<Element, boolean>();
  const foreignBlocks = new Set<Element>();
  const hasBlockInside = (element: Element): boolean => {
    let known = holdsBlock.get(element);
    if (known === undefined) {
      known = Array.from(element.children).some((child) => BLOCK_TAGS.has(tagOf(child)) || hasBlockInside(child));
      holdsBlock.set(element, known);
    }
    return known;
  };
  /** Files `carrier` when it is article text; whether it did. */
  const take = (carrier: Carrier): boolean => {
    const text = carrierText(carrier);
    const key = comparable(text);
    if (key.length === 0 || linkShare(carrier, text) >= MAX_LINK_SHARE) return false;
    const long = articleLength(text) >= MIN_CARRIER_LENGTH;
    // A foreign block's lines are not counted again as runs.
    const counted = carrier.kind === 'run' && foreignBlocks.has((carrier.nodes[0] as Node).parentElement as Element);
    if (long && !haystack.includes(key) && !counted) {
      found.foreign.push(carrier);
      if (carrier.kind === 'block') foreignBlocks.add(carrier.element);
    }
    if (long ? !haystack.includes(key) : !lines.has(key)) return false;
    (long ? found.long : found.short).push(carrier);
    return true;
  };
  const flush = (run: Node[]): void => {
    if (run.length > 0) take({ kind: 'run', nodes: [...run] });
    run.length = 0;
  };
  const isBoilerplateBox = (element: Element): boolean =>
    namesBoilerplate(`${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`) &&
    comparable(shownText(element)).length < haystack.length * MAX_BOX_SHARE;
  const walk = (element: Element): void => {
    const tag = tagOf(element);
    if (TEMPLATE_TAGS.has(tag) || SKIPPED_TAGS.has(tag) || isBoilerplateBox(element)) return;
    if (BLOCK_TAGS.has(tag) && tag !== 'body' && tag !== 'h1' && !hasBlockInside(element) && take({ kind: 'block', element })) return;
    const run: Node[] = [];
    for (const child of Array.from(element.childNodes)) {
      if (child.nodeType === TEXT_NODE) {
        run.push(child);
        continue;
      }
      if (child.nodeType !== ELEMENT_NODE) continue;
      const childTag = tagOf(child as Element);
      if (childTag !== 'br' && !BLOCK_TAGS.has(childTag) && !SKIPPED_TAGS.has(childTag) && !hasBlockInside(child as Element)) {
        run.push(child);
        continue;
      }
      flush(run);
      if (childTag !== 'br') walk(child as Element);
    }
    flush(run);
  };
  if (doc.body) walk(doc.body);
  return found;
}

/** The innermost element holding every long carrier: the page's article container. */
export function articleContainer({ long }: ArticleCarriers): Element | null {
  let container: Element | null = null;
  for (const carrier of long) {
    const node = nodesOf(carrier)[0] as Node;
    if (container === null) container = node.parentElement;
    while (container && !container.contains(node)) container = container.parentElement;
  }
  return container;
}

/**
 * Letters and digits of foreign blocks inside the article container, over
 * the truth's: text the container holds that the truth lacks (a part of the
 * article it left out, or a second article).
 */
export function foreignShare(found: ArticleCarriers, truth: string): number {
  const container = articleContainer(found);
  if (!container) return 0;
  const inside = found.foreign.filter((c) => container.contains(nodesOf(c)[0] as Node));
  return inside.reduce((sum, c) => sum + comparable(carrierText(c)).length, 0) / Math.max(1, comparable(truth).length);
}

/** Share of the truth's letters and digits that the carriers hold. */
export function carrierCoverage({ long, short }: ArticleCarriers, truth: string): number {
  const total = comparable(truth).length;
  const held = [...long, ...short].reduce((sum, c) => sum + comparable(carrierText(c)).length, 0);
  return total === 0 ? 0 : Math.min(1, held / total);
}

/**
 * An article's paragraphs as its writer set them (writersParagraphs), each
 * line's spacing collapsed; the line breaks inside one stay, and
 * insertArticle writes them as <br> (decisions/0091).
 */
export function articleParagraphs(text: string): string[] {
  return writersParagraphs(text)
    .map((paragraph) => paragraph.split('\n').map((line) => collapseWhitespace(line)).filter((line) => line.length > 0).join('\n'))
    .filter((paragraph) => paragraph.length > 0);
}

/** Inserts `paragraph` into `parent` before `before` (at its end when null), its lines apart by one <br>. */
function insertLines(doc: Document, parent: Node, before: Node | null, paragraph: string): void {
  paragraph.split('\n').forEach((line, k) => {
    if (k > 0) parent.insertBefore(doc.createElement('br'), before);
    parent.insertBefore(doc.createTextNode(line), before);
  });
}

/**
 * Which paragraphs each carrier receives: the article spread over the
 * carriers in order, carrier i taking paragraphs [⌊i·n/m⌋, ⌊(i+1)·n/m⌋).
 * With fewer paragraphs than carriers some receive none (they are removed),
 * so the template's in-article boilerplate stays spread through the text.
 */
export function spreadParagraphs(carriers: number, paragraphs: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < carriers; i++) out.push([Math.floor((i * paragraphs) / carriers), Math.floor(((i + 1) * paragraphs) / carriers)]);
  return out;
}

/** A headline from the article's first words, as a repost's title line would carry. */
export function headlineOf(paragraphs: readonly string[]): string {
  const first = (paragraphs[0] ?? '').split('\n')[0] as string;
  if (HAN.test(first)) return [...first].slice(0, TITLE_HAN_CHARS).join('');
  return first.split(/\s+/u).slice(0, TITLE_WORDS).join(' ');
}

/**
 * Replaces, in `doc`, the long carriers' text by the article's paragraphs (in
 * a block, each paragraph a shallow copy of it: same tag, same attributes; in
 * a line run, paragraphs separated by two `<br>`; a paragraph's own line
 * breaks one `<br>` each), empties the short ones,
 * and sets the page's title and top-level headings to the article's headline.
 * Everything else of the page is left as it was.
 */
export function insertArticle(doc: Document, { long, short }: ArticleCarriers, paragraphs: readonly string[]): void {
  spreadParagraphs(long.length, paragraphs.length).forEach(([from, to], i) => {
    const carrier = long[i] as Carrier;
    const anchor = nodesOf(carrier)[0] as Node;
    paragraphs.slice(from, to).forEach((paragraph, j) => {
      if (carrier.kind === 'block') {
        const copy = carrier.element.cloneNode(false) as Element;
        insertLines(doc, copy, null, paragraph);
        anchor.parentNode?.insertBefore(copy, anchor);
        return;
      }
      if (j > 0) for (let k = 0; k < 2; k++) anchor.parentNode?.insertBefore(doc.createElement('br'), anchor);
      if (anchor.parentNode) insertLines(doc, anchor.parentNode, anchor, paragraph);
    });
  });
  for (const carrier of [...long, ...short]) for (const node of nodesOf(carrier)) node.parentNode?.removeChild(node);
  const headline = headlineOf(paragraphs);
  const title = doc.querySelector('title');
  if (title) title.textContent = headline;
  for (const h1 of Array.from(doc.querySelectorAll('h1'))) h1.textContent = headline;
}

/**
 * The split of templates, independent of the articles' (eval/score.ts halfOf):
 * a template goes to the fit half when the low bit of its hash is 0.
 */
export function templateHalf(id: string): Half {
  const h = new Uint32Array(2);
  hashFeature(`template:${id}`, h);
  return ((h[0] as number) & 1) === 0 ? 'fit' : 'held';
}
