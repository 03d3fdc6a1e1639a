/**
 * HTML → Document in Node (CLI, tests, evaluation), with linkedom.
 * The extension never imports this file: it has the browser's real DOM.
 */
import { parseHTML } from 'linkedom';

// Node types, numeric: Node-side code has no `Node` global either.
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/**
 * Page metadata. A browser finds these wherever they stand (`document.title`,
 * selectors), linkedom only in <head>, so they always go to the head.
 */
const METADATA_TAGS: ReadonlySet<string> = new Set(['base', 'link', 'meta', 'title']);
/** Elements a browser's parser keeps in <head> when they come before any body content. */
const HEAD_TAGS: ReadonlySet<string> = new Set(['noscript', 'script', 'style', 'template']);

/**
 * Parses `html` into a Document shaped as a browser would build it:
 * `<html>` as the root, its first element `<head>`, its second `<body>`.
 * `url`, when given, becomes the document's address (`URL`, `documentURI`,
 * `baseURI`), as `location.href` is in the browser.
 *
 * linkedom is not an HTML5 tree builder: it keeps whatever element comes
 * first as the root (pages saved inside a `<text>` wrapper; fragments with no
 * `<html>`), and its `head`/`body` getters insert new elements when the tree
 * has another shape, which would both hide content from Readability and
 * modify the page on a mere read. Such documents are rebuilt once in the
 * browser's shape; well-formed ones (nearly all pages) are parsed once.
 */
export function parseHtml(html: string, url?: string): Document {
  let document = parseHTML(html).document as unknown as Document;
  if (!hasBrowserShape(document)) document = parseHTML(rebuildInBrowserShape(document)).document as unknown as Document;
  if (url !== undefined) {
    // linkedom leaves these undefined; Readability and extractArticle read them.
    for (const key of ['URL', 'documentURI', 'baseURI']) Object.defineProperty(document, key, { value: url, configurable: true });
  }
  return document;
}

function hasBrowserShape(document: Document): boolean {
  const root = document.documentElement;
  if (root?.localName !== 'html') return false;
  const head = root.firstElementChild;
  const body = head?.nextElementSibling;
  return head?.localName === 'head' && body?.localName === 'body' && body.nextElementSibling === null;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attributesOf(element: Element | undefined): string {
  if (!element) return '';
  let out = '';
  for (const attr of Array.from(element.attributes)) out += ` ${attr.name}="${attr.value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
  return out;
}

/**
 * Serialises `document` in the shape the HTML5 tree builder produces:
 * `<html>`, `<head>` and `<body>` tags found anywhere (also inside a wrapper
 * element) lend their attributes and are replaced by their content; metadata
 * elements, and scripts and styles before the first body content, go to the
 * head; everything else,
 * including anything after `</body>`, goes to the body in document order.
 */
function rebuildInBrowserShape(document: Document): string {
  const head: string[] = [];
  const body: string[] = [];
  let htmlElement: Element | undefined;
  let bodyElement: Element | undefined;
  let inBody = false;

  const visit = (parent: ParentNode): void => {
    for (const node of Array.from(parent.childNodes)) {
      if (node.nodeType === TEXT_NODE) {
        const data = node.nodeValue ?? '';
        // Whitespace before the body is layout; any other text starts the body.
        if (data.trim() === '' && !inBody) continue;
        inBody = true;
        body.push(escapeText(data));
      } else if (node.nodeType === ELEMENT_NODE) {
        const element = node as Element;
        const tag = element.localName.toLowerCase();
        if (tag === 'html') {
          htmlElement ??= element;
          visit(element);
        } else if (tag === 'head') {
          visit(element);
        } else if (tag === 'body') {
          bodyElement ??= element;
          inBody = true;
          visit(element);
        } else if (element.querySelector('html, head, body')) {
          // A wrapper around the real document: a browser keeps it as an
          // empty element in the body; its content is what counts.
          visit(element);
        } else if (METADATA_TAGS.has(tag) || (!inBody && HEAD_TAGS.has(tag))) {
          head.push(element.outerHTML);
        } else {
          inBody = true;
          body.push(element.outerHTML);
        }
      }
      // Comments, doctypes and processing instructions carry no text: dropped.
    }
  };
  visit(document);
  return `<!DOCTYPE html><html${attributesOf(htmlElement)}><head>${head.join('')}</head><body${attributesOf(bodyElement)}>${body.join('')}</body></html>`;
}
