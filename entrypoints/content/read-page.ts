import { extractArticle } from '../../src/extract';
import { MAX_SHORT_FIELD_CHARS, MAX_TEXT_CHARS, MAX_TITLE_CHARS, MAX_URL_CHARS, type ExtractedPage } from '../../src/messaging';

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
