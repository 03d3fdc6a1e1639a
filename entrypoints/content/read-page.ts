import { extractArticle } from '../../src/extract';
import { MAX_HTML_CHARS, MAX_SHORT_FIELD_CHARS, MAX_TEXT_CHARS, MAX_TITLE_CHARS, MAX_URL_CHARS, sendMessage, type ExtractedPage, type PageReading } from '../../src/messaging';
import { exceedsBudget, PAGE_BUDGET, type PageBudget } from './page-budget';

/**
 * What the content script sends about its page: the article, or why there is
 * none. A page over the reading budget is not extracted at all (see
 * page-budget.ts); a page without text, or one extraction fails on, is
 * skipped rather than breaking the tab.
 */
export function readWithinBudget(doc: Document = document, url: string = location.href, budget: PageBudget = PAGE_BUDGET): PageReading {
  if (exceedsBudget(doc, budget) !== undefined) return { kind: 'skip', reason: 'too_large' };
  let page: ExtractedPage | null;
  try {
    page = readPage(doc, url);
  } catch (error) {
    // An odd tree (or a stack overflow inside a library) is a page we cannot read, not a broken tab.
    console.debug('[Déjà Lu] extraction failed:', error);
    return { kind: 'skip', reason: 'no_article' };
  }
  return page ? { kind: 'page', page } : { kind: 'skip', reason: 'no_article' };
}

export interface OffPageDeps {
  doc?: Document;
  budget?: PageBudget;
  /** Has the page read elsewhere from its HTML (the background's offscreen document). */
  send?: (url: string, html: string) => Promise<PageReading>;
  /** Reads the page here, when it cannot be read elsewhere. */
  readHere?: (doc: Document, url: string, budget: PageBudget) => PageReading;
}

/**
 * What the content script sends about its page, read off the page's main
 * thread where the browser allows it: the page only checks its budget and
 * serialises its DOM (a few milliseconds where extraction takes tens to
 * hundreds), and the offscreen document parses and extracts. Falls back to
 * reading in the page when the HTML is too long for a message or the
 * browser has no offscreen document (Firefox) or it does not answer.
 */
export async function readOffPage(
  url: string,
  { doc = document, budget = PAGE_BUDGET, send = (u, html) => sendMessage({ type: 'read-html', url: u, html }), readHere = readWithinBudget }: OffPageDeps = {},
): Promise<PageReading> {
  if (exceedsBudget(doc, budget) !== undefined) return { kind: 'skip', reason: 'too_large' };
  const html = pageHtml(doc);
  if (html.length <= MAX_HTML_CHARS) {
    try {
      return await send(url, html);
    } catch (error) {
      console.debug('[Déjà Lu] reading off the page failed, reading here:', error);
    }
  }
  return readHere(doc, url, budget);
}

/** The document as HTML, with its doctype so that it is parsed in the same (standards or quirks) mode. */
export function pageHtml(doc: Document): string {
  const doctype = doc.doctype ? `<!DOCTYPE ${doc.doctype.name}>` : '';
  return doctype + (doc.documentElement?.outerHTML ?? '');
}

/** The article of a page from its HTML (in the offscreen document), as {@link readWithinBudget} reads it. */
export function readHtml(html: string, url: string, parse: (html: string) => Document = (h) => new DOMParser().parseFromString(h, 'text/html')): PageReading {
  return readWithinBudget(parse(html), url);
}

/**
 * The article on the current page, shaped and capped for the `visit` message.
 * extractArticle works on a clone, so the page is never modified.
 */
export function readPage(doc: Document = document, url: string = location.href): ExtractedPage | null {
  const article = extractArticle(doc, { url, maxChars: MAX_TEXT_CHARS });
  if (!article) return null;
  const page: ExtractedPage = { url, title: cut(article.title, MAX_TITLE_CHARS), text: article.text, excerpt: article.excerpt };
  if (article.canonicalUrl && article.canonicalUrl.length <= MAX_URL_CHARS) page.canonicalUrl = article.canonicalUrl;
  if (article.language) page.language = cut(article.language, MAX_SHORT_FIELD_CHARS);
  if (article.siteName) page.siteName = cut(article.siteName, MAX_SHORT_FIELD_CHARS);
  if (article.publishedTime !== undefined) page.publishedTime = article.publishedTime;
  return page;
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max);
}
