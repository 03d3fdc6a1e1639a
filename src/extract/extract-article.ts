import { Readability } from '@mozilla/readability';
import { articleText, collapseWhitespace } from './article-text';
import { trimTrailingBoilerplate } from './boilerplate';
import { isMediaWikiGenerator, removeCollapsedContent } from './collapsed';
import { removeAuthorNotes } from './author-notes';
import { removeCommentSections } from './comment-sections';
import { removeWikiApparatus } from './wiki-apparatus';
import { pageText } from './page-text';
import { firstPostOfIndex } from './post-index';
import { trimTemplateLines } from './template-lines';
import { countAllCommas, skipDisplayTidying } from './readability-patches';
import { baseUrl, canonicalLinks, firstTimeElement, jsonLdDatePublished, metaValues, parseTimestamp, resolveHttpUrl } from './metadata';

/**
 * Longest article text kept, in UTF-16 code units. The longest real articles
 * (book-length Wikipedia pages, full reports) stay well under a million;
 * beyond this a page is a log dump or an endless feed, and fingerprinting or
 * storing all of it would only stall the tab.
 */
export const DEFAULT_MAX_CHARS = 2_000_000;

/**
 * Excerpts are cut to this many code units when extracted. The history cuts
 * them again, shorter (MAX_EXCERPT_LENGTH in src/store/page.ts), and a page
 * may send up to MAX_SENT_EXCERPT_CHARS (src/messaging.ts).
 */
export const EXTRACTED_EXCERPT_CHARS = 300;

export interface ExtractOptions {
  /** The page's address; defaults to the document's own `URL` when that is a string. */
  url?: string;
  /** Cap on `text`, in UTF-16 code units; defaults to {@link DEFAULT_MAX_CHARS}. */
  maxChars?: number;
  /**
   * Set when `doc` is the caller's own copy of the page, parsed from its HTML
   * for this reading alone: Readability then modifies `doc` itself instead of
   * a deep clone (the clone was ~15 % of the offscreen document's CPU on big
   * pages), and `reparse` parses the page again for the one reading that
   * needs it unmodified afterwards (the page-text fallback, on pages where
   * Readability finds little). Unset, `doc` is never modified.
   */
  mayModify?: { reparse: () => Document };
}

export interface ExtractedArticle {
  title: string;
  /** Article body: paragraphs separated by a blank line, whitespace inside collapsed. */
  text: string;
  excerpt: string;
  /** As declared by the page (e.g. "en", "zh-Hans"). */
  language?: string;
  siteName?: string;
  /** Absolute http(s) URL the page declares as its own (`<link rel=canonical>` or `og:url`). */
  canonicalUrl?: string;
  /** Publication time, milliseconds since the epoch. */
  publishedTime?: number;
  byline?: string;
}

/**
 * Shortest text surely taken as an article, in {@link articleLength} units:
 * Readability's own default `charThreshold`. Below it Readability retries
 * with its filters relaxed and, when every try stays below, returns the
 * longest anyway, which may be a short article found whole or a fragment of
 * a page that has no article (see {@link MAX_FRAGMENT_SHARE}).
 */
export const MIN_ARTICLE_LENGTH = 500;

/**
 * Characters of alphabetic text that carry as much as one Chinese or
 * Japanese character: translations between English and Chinese run about
 * three to one in characters. Readability's threshold counts characters,
 * so without this a 300-character Chinese news brief (a full article,
 * the length of a 900-character English one) would count as no article.
 */
export const UNSPACED_CHAR_WEIGHT = 3;

/**
 * A short Readability result is taken for a fragment, and the page's text
 * outside navigation ({@link pageText}) used instead, when it holds less than
 * this share of that text. A short article found whole is most of what its
 * page shows besides navigation (the rest: a title, a footer line); a piece
 * picked from a page with no article (a form's labels on an error page) is
 * a small part of it.
 */
export const MAX_FRAGMENT_SHARE = 0.5;

const UNSPACED_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;

/** Length of `text` in alphabetic-character equivalents. */
export function articleLength(text: string): number {
  const unspaced = text.match(UNSPACED_CHAR)?.length ?? 0;
  return text.length + unspaced * (UNSPACED_CHAR_WEIGHT - 1);
}

/** What Readability found, when it found anything. */
interface ReadableParts {
  content: Node;
  title?: string;
  excerpt?: string;
  byline?: string;
  siteName?: string;
  lang?: string;
  publishedTime?: string;
}

/**
 * The article on a page, or null when the page has no readable text at all.
 *
 * Readability runs on a deep clone, so the page itself is never modified,
 * unless the caller gives it the page to modify (`mayModify`); the function
 * reads no globals, so the same code runs on the browser's DOM in
 * the content script and on a linkedom document in Node.
 *
 * When Readability finds no article (it returns null, throws on an odd
 * tree, or returns a fragment: less than {@link MIN_ARTICLE_LENGTH} and less
 * than {@link MAX_FRAGMENT_SHARE} of the page's text), the text is that of
 * the whole body minus navigation, scripts, styles and widgets
 * ({@link pageText}): a short page is still worth remembering, and the
 * verdict's too-short rule decides whether it can be judged.
 *
 * Adjustments to Readability's choice, each for a case it gets wrong by
 * design: commas of CJK text count as commas when it cleans the article
 * (readability-patches.ts); an author's note beside a chapter is dropped
 * (author-notes.ts); a comment section goes on Readability's every try, not
 * only its first, so a short post is not read as its comments
 * (comment-sections.ts); MediaWiki's collapsed sections are dropped as a
 * reader never sees them (collapsed.ts), and so are the wiki's section edit
 * links, contents box, references and navigation boxes (wiki-apparatus.ts); a legal notice or an empty template label at the end of
 * the text is dropped (boilerplate.ts); a page listing several posts is read
 * as its first post (post-index.ts); template lines at either edge of the
 * text (source labels, comment prompts, crumbs) are dropped (template-lines.ts).
 */
export function extractArticle(doc: Document, options: ExtractOptions = {}): ExtractedArticle | null {
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  if (!Number.isInteger(maxChars) || maxChars < 1) throw new RangeError(`maxChars must be a positive integer, got ${maxChars}`);

  const meta = metaValues(doc);
  const mediaWiki = isMediaWikiGenerator(meta.get('generator'));
  // Everything else read from the page, before Readability may modify it.
  const pageUrl = options.url ?? (typeof doc.URL === 'string' && doc.URL ? doc.URL : undefined);
  const page = pageFacts(doc, pageUrl);
  const readable = runReadability(doc, mediaWiki, options.mayModify !== undefined);
  const content = readable ? firstPostOfIndex(readable.content) : undefined;
  let text = content ? articleText(content) : '';
  if (articleLength(text) < MIN_ARTICLE_LENGTH) {
    // Too short for an article: either a short article Readability found
    // whole, or a fragment of a page that has none (an error page, a form).
    const whole = options.mayModify ? pageText(options.mayModify.reparse(), mediaWiki, { mayModify: true }) : pageText(doc, mediaWiki);
    if (text.length < whole.length * MAX_FRAGMENT_SHARE) text = whole;
  }
  text = trimTemplateLines(trimTrailingBoilerplate(text));
  if (!text) return null;
  text = truncate(text, maxChars);

  const title = firstNonEmpty(readable?.title, meta.get('og:title'), page.titleElement) ?? '';
  // Readability's excerpt may be a paragraph of another post when only the first is kept.
  const readableExcerpt = content === readable?.content ? readable?.excerpt : undefined;
  const excerpt = firstNonEmpty(readableExcerpt, meta.get('description'), meta.get('og:description'), firstLine(text)) ?? '';

  const article: ExtractedArticle = { title, text, excerpt: truncate(excerpt, EXTRACTED_EXCERPT_CHARS) };
  const language = firstNonEmpty(page.rootLang, readable?.lang, meta.get('content-language'));
  if (language) article.language = language;
  const siteName = firstNonEmpty(meta.get('og:site_name'), readable?.siteName);
  if (siteName) article.siteName = siteName;
  const canonicalUrl = [...page.canonicalLinks, meta.get('og:url')]
    .map((href) => (href ? resolveHttpUrl(href, page.base) : undefined))
    .find((url) => url !== undefined);
  if (canonicalUrl) article.canonicalUrl = canonicalUrl;
  const publishedTime = publishedTimeOf(page, meta, readable);
  if (publishedTime !== undefined) article.publishedTime = publishedTime;
  const byline = firstNonEmpty(readable?.byline, meta.get('author'));
  if (byline) article.byline = byline;
  return article;
}

/** What extractArticle reads from the page itself besides its `<meta>` values, taken before Readability runs. */
interface PageFacts {
  titleElement: string | undefined;
  rootLang: string | undefined;
  /** The address relative links resolve against. */
  base: string | undefined;
  canonicalLinks: string[];
  jsonLdDatePublished: string | undefined;
  /** The first `<time datetime>` of the page's first `<article>`. */
  articleTime: string | undefined;
}

function pageFacts(doc: Document, pageUrl: string | undefined): PageFacts {
  const article = doc.querySelector('article');
  return {
    titleElement: doc.querySelector('title')?.textContent ?? undefined,
    rootLang: doc.documentElement?.getAttribute('lang') ?? undefined,
    base: baseUrl(doc, pageUrl),
    canonicalLinks: canonicalLinks(doc),
    jsonLdDatePublished: jsonLdDatePublished(doc),
    articleTime: article ? firstTimeElement(article) : undefined,
  };
}

/**
 * Readability on `doc` when it `mayModify` it, else on a deep clone of it;
 * `mediaWiki`: the page is MediaWiki's, whose collapsed sections are dropped first.
 */
function runReadability(doc: Document, mediaWiki: boolean, mayModify: boolean): ReadableParts | null {
  let parsed;
  try {
    const target = mayModify ? doc : (doc.cloneNode(true) as Document);
    // From the root element: linkedom gives a doctype no nextSibling.
    if (target.documentElement) {
      removeComments(target.documentElement);
      removeAuthorNotes(target.documentElement);
      removeCommentSections(target.documentElement);
      if (mediaWiki) {
        removeCollapsedContent(target.documentElement);
        removeWikiApparatus(target.documentElement);
      }
    }
    // The serializer hands back the content element itself: no HTML string
    // to re-parse, and its structure is what articleText walks.
    const reader = new Readability<Node>(target, { serializer: (node) => node });
    countAllCommas(reader);
    skipDisplayTidying(reader);
    parsed = reader.parse();
  } catch {
    return null; // Readability gave up on this tree: fall back to the page's text.
  }
  if (!parsed?.content) return null;
  return {
    content: parsed.content,
    title: parsed.title ?? undefined,
    excerpt: parsed.excerpt ?? undefined,
    byline: parsed.byline ?? undefined,
    siteName: parsed.siteName ?? undefined,
    lang: parsed.lang ?? undefined,
    publishedTime: parsed.publishedTime ?? undefined,
  };
}

/** NodeFilter.SHOW_COMMENT (numeric: Node-side code has no `NodeFilter` global). */
const SHOW_COMMENT = 0x80;

/**
 * Readability ends a paragraph at any node that is neither text nor an
 * inline element, comments included ("Page <!-- -->A<!-- -->22" became four
 * paragraphs). Its own test parser drops comments; so does this, on the document Readability reads.
 * A tree walker finds them natively: a walk from script touched every node of
 * the page and was ~4% of extraction time in Chromium.
 */
function removeComments(root: Element): void {
  const walker = root.ownerDocument.createTreeWalker(root, SHOW_COMMENT);
  const comments: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) comments.push(node);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
}

/** Metadata first; a `<time>` only from the article itself, as one in the page header may show today's date. */
function publishedTimeOf(page: PageFacts, meta: ReadonlyMap<string, string>, readable: ReadableParts | null): number | undefined {
  const candidates = [
    () => meta.get('article:published_time'),
    () => readable?.publishedTime,
    () => page.jsonLdDatePublished,
    () => meta.get('datepublished'),
    () => (readable && readable.content.nodeType === 1 ? firstTimeElement(readable.content as Element) : undefined),
    () => page.articleTime,
  ];
  for (const candidate of candidates) {
    const ms = parseTimestamp(candidate());
    if (ms !== undefined) return ms;
  }
  return undefined;
}

function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return end === -1 ? text : text.slice(0, end);
}

function firstNonEmpty(...values: Array<string | null | undefined>): string | undefined {
  for (const value of values) {
    const collapsed = value ? collapseWhitespace(value) : '';
    if (collapsed) return collapsed;
  }
  return undefined;
}

/** The first `max` code units of `text`, not splitting a surrogate pair. */
function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
  return text.slice(0, end);
}
