/**
 * URL identity for visits: two addresses that differ only in fragment,
 * tracking parameters, default port or a trailing slash are the same page.
 */

// Query parameters that only track where a click came from.
const TRACKING_PARAM = /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|igshid|yclid|_hsenc|_hsmi|spm|isappinstalled|scene|srcid|share_token|ref_src|ref_url)$/i;

/**
 * Pages are web pages (http, https) or, for an author's own articles imported
 * with `deja-lu import-file`, local files (file). The content script only runs
 * on http(s), so file URLs enter the history through imports alone.
 */
const PAGE_PROTOCOLS = new Set(['http:', 'https:', 'file:']);

/** http(s), a host of lowercase letters, digits, dots and hyphens, then a path of characters the URL parser keeps as they are: all an address that is already normal may hold. */
const PLAIN_ADDRESS = /^https?:\/\/([a-z0-9.-]+)(\/[A-Za-z0-9\-._~!$&'()*+,;=:%/]*)$/;
/** A host label the parser keeps: no empty label, no hyphen at either end. */
const PLAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * The host of `input` when it is an address normalizeUrl would return
 * unchanged, told without parsing it (undefined otherwise): an export file
 * holds nothing else, and a million `new URL` calls took ~3 s of an import
 * (docs/decisions/0071). Conservative: anything unusual (a port, a query, a
 * dot segment, a trailing slash, an IPv4-like or internationalised host)
 * goes to the parser.
 */
function normalHost(input: string): string | undefined {
  const match = PLAIN_ADDRESS.exec(input);
  if (match === null) return undefined;
  const [, host = '', path = ''] = match;
  const labels = host.split('.');
  // A last label starting with a digit may make the host an IPv4 address, which the parser rewrites; xn-- labels it checks.
  if (!/^[a-z]/.test(labels[labels.length - 1] as string) || !labels.every((label) => PLAIN_LABEL.test(label) && !label.startsWith('xn--'))) return undefined;
  if (path.length > 1 && path.endsWith('/')) return undefined;
  // Dot segments, written out or percent-encoded, the parser resolves.
  return path.includes('/.') || /%2e/i.test(path) ? undefined : host;
}

/** Normalised URL string, or undefined when `input` is not an absolute http(s) or file URL. */
export function normalizeUrl(input: string): string | undefined {
  if (normalHost(input) !== undefined) return input;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return undefined;
  }
  if (!PAGE_PROTOCOLS.has(url.protocol)) return undefined;
  // Each setter re-parses the whole address (in Chromium, 100,000 addresses
  // took ~0.8 s to normalise with all of them, ~0.25 s to parse), so only
  // those with something to change run: a fragment, credentials or a query
  // needs a '#', '@' or '?' in the input, and most addresses (every one an
  // export file holds) have none. An empty fragment or query ("…#", "…?"),
  // which `hash` and `search` report as "", still has its '#' or '?' removed.
  if (input.includes('#')) url.hash = '';
  if (input.includes('@')) {
    url.username = '';
    url.password = '';
  }
  if (input.includes('?')) {
    const kept = [...url.searchParams].filter(([key]) => !TRACKING_PARAM.test(key));
    kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    url.search = new URLSearchParams(kept).toString();
  }
  if (url.protocol !== 'file:' && url.pathname.length > 1 && url.pathname.endsWith('/')) url.pathname = url.pathname.replace(/\/+$/, '');
  return url.toString();
}

/** The host name without a leading "www.", used as the site of a page. */
export function siteOf(input: string): string {
  try {
    // Every stored page's address is normal: its host is read off it (encoding and decoding a page asks for its site).
    return (normalHost(input) ?? new URL(input).hostname).replace(/^www\./, '');
  } catch {
    return '';
  }
}

/**
 * Whether two pages' sites (siteOf) are one site, whose shared passages may be
 * its template (verdict.ts PartOptions.oneSite). A page without a host
 * (a file, text the CLI loaded) belongs to no site, not to one with every
 * other such page.
 */
export function isOneSite(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && a !== '' && a === b;
}
