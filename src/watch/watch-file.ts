/**
 * A file the user saved from their own site, read without any network
 * request: an RSS or Atom feed (its items carry the articles' text) or a
 * sitemap (addresses only).
 */
import { articleText } from '../extract';

export interface FeedItem {
  url: string;
  title: string;
  /** The item's text, read from its HTML content like a page's article. */
  text: string;
  publishedTime?: number;
}

export type WatchFile =
  | { kind: 'feed'; items: FeedItem[] }
  | { kind: 'sitemap'; urls: string[] }
  /** A sitemap index names other sitemaps, which the extension does not fetch: the user saves and imports those. */
  | { kind: 'sitemap-index' }
  | { kind: 'unknown' };

export interface XmlParser {
  parseFromString(text: string, type: DOMParserSupportedType): Document;
}

const HTTP_URL = /^https?:\/\/./i;

/** What the file holds; `unknown` for anything but a feed or a sitemap (HTML, broken XML, another format). */
export function readWatchFile(text: string, parser: XmlParser = new DOMParser()): WatchFile {
  const doc = parser.parseFromString(text, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return { kind: 'unknown' };
  const root = localName(doc.documentElement);
  if (root === 'rss' || root === 'RDF') return { kind: 'feed', items: items(doc, 'item', rssItem, parser) };
  if (root === 'feed') return { kind: 'feed', items: items(doc, 'entry', atomEntry, parser) };
  if (root === 'urlset') return { kind: 'sitemap', urls: unique(children(doc.documentElement, 'url').map((url) => childText(url, 'loc')).filter(isHttpUrl)) };
  if (root === 'sitemapindex') return { kind: 'sitemap-index' };
  return { kind: 'unknown' };
}

interface ItemFields {
  url: string;
  title: string;
  html: string;
  published: string;
}

function items(doc: Document, tag: string, fields: (item: Element) => ItemFields, parser: XmlParser): FeedItem[] {
  const found: FeedItem[] = [];
  for (const element of Array.from(doc.getElementsByTagNameNS('*', tag))) {
    const { url, title, html, published } = fields(element);
    if (!isHttpUrl(url)) continue;
    // Parsed as an inert document (no script runs, nothing loads), whole so that every parser gives it a body.
    const text = articleText(parser.parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html').body).trim();
    const time = Date.parse(published);
    found.push({ url, title: title || url, text, ...(Number.isFinite(time) ? { publishedTime: time } : {}) });
  }
  return found;
}

function rssItem(item: Element): ItemFields {
  return {
    url: childText(item, 'link') || childText(item, 'guid'),
    title: childText(item, 'title'),
    // content:encoded holds the whole article; description is often a summary.
    html: childText(item, 'encoded') || childText(item, 'description'),
    published: childText(item, 'pubDate') || childText(item, 'date'),
  };
}

function atomEntry(entry: Element): ItemFields {
  const links = children(entry, 'link');
  const alternate = links.find((link) => (link.getAttribute('rel') ?? 'alternate') === 'alternate') ?? links[0];
  return {
    url: alternate?.getAttribute('href')?.trim() ?? '',
    title: childText(entry, 'title'),
    html: childText(entry, 'content') || childText(entry, 'summary'),
    published: childText(entry, 'published') || childText(entry, 'updated'),
  };
}

function children(parent: Element, name: string): Element[] {
  return Array.from(parent.children).filter((child) => localName(child) === name);
}

/** `encoded` for `content:encoded`: browsers give it so; a DOM that is not namespace-aware keeps the prefix. */
function localName(element: Element): string {
  return element.localName.slice(element.localName.indexOf(':') + 1);
}

function childText(parent: Element, name: string): string {
  return children(parent, name)[0]?.textContent?.trim() ?? '';
}

function isHttpUrl(url: string): boolean {
  return HTTP_URL.test(url);
}

function unique(urls: string[]): string[] {
  return [...new Set(urls)];
}
