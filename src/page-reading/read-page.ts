import { extractArticle, type ExtractOptions } from '../extract';
import { MAX_SHORT_FIELD_CHARS, MAX_TEXT_CHARS, type ExtractedPage, type PageReading } from '../messaging';
import { MAX_TITLE_LENGTH, MAX_URL_LENGTH } from '../store/page';
import { composedCopy } from '../extract/shadow-roots';
import { measurePage, PAGE_BUDGET, type PageBudget } from './page-budget';

/**
 * Reading a page's article from its DOM, shared by the content script (in
 * the page) and the background's reader (from the page's HTML: Chromium's
 * offscreen document, Firefox's background page).
 */

/**
 * What the content script sends about its page: the article, or why there is
 * none. A page over the reading budget is not extracted at all (see
 * page-budget.ts); a page without text, or one extraction fails on, is
 * skipped rather than breaking the tab. `mayModify`: `doc` is the caller's
 * own copy of the page, which extraction may modify (extractArticle).
 */
export function readWithinBudget(doc: Document = document, url: string = location.href, budget: PageBudget = PAGE_BUDGET, mayModify?: ExtractOptions['mayModify']): PageReading {
  const readable = readableDocument(doc, budget);
  if (!readable) return { kind: 'skip', reason: 'too_large' };
  let page: ExtractedPage | null;
  try {
    // A composed copy (open shadow roots) is not what `reparse` gives back.
    page = readPage(readable, url, readable === doc ? mayModify : undefined);
  } catch (error) {
    // An odd tree (or a stack overflow inside a library) is a page we cannot read, not a broken tab.
    console.debug('[Déjà Lu] extraction failed:', error);
    return { kind: 'skip', reason: 'no_article' };
  }
  return page ? { kind: 'page', page } : { kind: 'skip', reason: 'no_article' };
}

/**
 * The document to read: `doc` itself, or, when it has open shadow roots, a
 * copy with their content composed in (src/extract/shadow-roots.ts), as a
 * reader sees the page. Undefined when the page, or the copy, is over the
 * budget.
 */
export function readableDocument(doc: Document, budget: PageBudget = PAGE_BUDGET): Document | undefined {
  const { excess, openShadowRoots } = measurePage(doc, budget);
  if (excess !== undefined) return undefined;
  return openShadowRoots ? composedCopy(doc, budget) : doc;
}

/** The document as HTML, with its doctype so that it is parsed in the same (standards or quirks) mode. */
export function pageHtml(doc: Document): string {
  const doctype = doc.doctype ? `<!DOCTYPE ${doc.doctype.name}>` : '';
  return doctype + (doc.documentElement?.outerHTML ?? '');
}

/**
 * The article of a page from its HTML (off the page: src/background/html-reader.ts),
 * as {@link readWithinBudget} reads it. The parsed document is this reading's
 * alone, so extraction modifies it rather than a clone of it.
 */
export function readHtml(html: string, url: string, parse: (html: string) => Document = (h) => new DOMParser().parseFromString(h, 'text/html')): PageReading {
  return readWithinBudget(parse(html), url, PAGE_BUDGET, { reparse: () => parse(html) });
}

/**
 * The article on the current page, shaped and capped for the `visit` message.
 * extractArticle works on a clone, so the page is never modified, unless the
 * caller gives it the page to modify (`mayModify`, extractArticle).
 */
export function readPage(doc: Document = document, url: string = location.href, mayModify?: ExtractOptions['mayModify']): ExtractedPage | null {
  const article = extractArticle(doc, { url, maxChars: MAX_TEXT_CHARS, ...(mayModify ? { mayModify } : {}) });
  if (!article) return null;
  const page: ExtractedPage = { url, title: cut(article.title, MAX_TITLE_LENGTH), text: article.text, excerpt: article.excerpt };
  if (article.canonicalUrl && article.canonicalUrl.length <= MAX_URL_LENGTH) page.canonicalUrl = article.canonicalUrl;
  if (article.language) page.language = cut(article.language, MAX_SHORT_FIELD_CHARS);
  if (article.siteName) page.siteName = cut(article.siteName, MAX_SHORT_FIELD_CHARS);
  if (article.publishedTime !== undefined) page.publishedTime = article.publishedTime;
  return page;
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max);
}
