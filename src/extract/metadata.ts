/**
 * Page metadata read straight from the document with selectors only: reading
 * must not modify the page (no `head`/`body`/`title` getters, which linkedom
 * implements by inserting missing elements).
 */

/** `<meta>` values by lower-cased `property` or `name` (og:url, article:published_time, author…); first one wins. */
export function metaValues(doc: Document): Map<string, string> {
  const values = new Map<string, string>();
  for (const meta of Array.from(doc.querySelectorAll('meta[content]'))) {
    const content = meta.getAttribute('content')?.trim();
    if (!content) continue;
    for (const attr of ['property', 'name', 'itemprop', 'http-equiv']) {
      const key = meta.getAttribute(attr)?.trim().toLowerCase();
      if (key && !values.has(key)) values.set(key, content);
    }
  }
  return values;
}

/** The address relative links resolve against: `<base href>` resolved against the page URL. */
export function baseUrl(doc: Document, pageUrl: string | undefined): string | undefined {
  const href = doc.querySelector('base[href]')?.getAttribute('href')?.trim();
  if (href) return resolveUrl(href, pageUrl) ?? pageUrl;
  return pageUrl;
}

function resolveUrl(href: string, base: string | undefined): string | undefined {
  try {
    return new URL(href, base).href;
  } catch {
    return undefined;
  }
}

/** `href` resolved against `base`, if the result is an http(s) URL. */
export function resolveHttpUrl(href: string, base: string | undefined): string | undefined {
  const url = resolveUrl(href.trim(), base);
  return url !== undefined && /^https?:/i.test(url) ? url : undefined;
}

/** Hrefs of `<link rel="canonical">` (the rel attribute is a case-insensitive token list). */
export function canonicalLinks(doc: Document): string[] {
  const hrefs: string[] = [];
  for (const link of Array.from(doc.querySelectorAll('link[rel][href]'))) {
    const rel = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    const href = link.getAttribute('href');
    if (rel.includes('canonical') && href) hrefs.push(href);
  }
  return hrefs;
}

/** Milliseconds since the epoch for an ISO-8601 or RFC 2822 date, else undefined. */
export function parseTimestamp(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value.trim());
  return Number.isFinite(ms) ? ms : undefined;
}

// Bounds the walk through JSON-LD graphs, which pages sometimes nest deeply or bloat.
const MAX_JSON_LD_DEPTH = 8;

/** The first `datePublished` string in the page's JSON-LD blocks, in any object (also inside `@graph`). */
export function jsonLdDatePublished(doc: Document): string | undefined {
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json"]'))) {
    let data: unknown;
    try {
      data = JSON.parse(script.textContent ?? '');
    } catch {
      continue; // A broken block on the page is not our error.
    }
    const found = findDatePublished(data, 0);
    if (found) return found;
  }
  return undefined;
}

function findDatePublished(value: unknown, depth: number): string | undefined {
  if (depth > MAX_JSON_LD_DEPTH || typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findDatePublished(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  const record = value as Record<string, unknown>;
  if (typeof record.datePublished === 'string' && record.datePublished.trim()) return record.datePublished;
  for (const child of Object.values(record)) {
    const found = findDatePublished(child, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** `datetime` of the first `<time>` in `scope` that has one. */
export function firstTimeElement(scope: ParentNode): string | undefined {
  return scope.querySelector('time[datetime]')?.getAttribute('datetime') ?? undefined;
}
