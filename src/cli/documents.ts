/** Reading a file as the text the extension would fingerprint. */
import { extractArticle, type ExtractedArticle } from '../extract';
import { composedCopy, hasOpenShadowRoots } from '../extract/shadow-roots';
import { parseHtml } from '../extract/parse-html';
import { decodeFile } from './decode-file';

export interface LoadedDocument {
  /** The text the extension would fingerprint: the article's text for HTML. */
  text: string;
  /** The extraction, for HTML files. */
  article?: ExtractedArticle;
  /** file:// URL of the file. */
  fileUrl: string;
}

const HTML_MARKUP = /<(?:[a-z]|!--|!doctype)/i;

/** loadDocument on bytes already read: what a worker thread does with a file the main thread read. */
export function documentFromBytes(bytes: Uint8Array, html: boolean, fileUrl: string): LoadedDocument {
  const content = decodeFile(bytes, html);
  if (!html) return { text: content, fileUrl };
  if (!HTML_MARKUP.test(content)) throw new Error('not HTML: no markup found');
  const doc = parseHtml(content, fileUrl);
  // Declarative shadow roots (<template shadowrootmode="open">) are read as a browser renders them.
  const article = extractArticle(hasOpenShadowRoots(doc) ? (composedCopy(doc) as Document) : doc, { url: fileUrl });
  if (!article) throw new Error('no article text found in the page');
  return { text: article.text, article, fileUrl };
}
