import { getDomain } from 'tldts';

/**
 * The registrable site of an http(s) address: its domain under the Public
 * Suffix List, private suffixes included, so `alice.github.io` and
 * `bob.github.io` are two sites while `m.example.com` and
 * `www.example.com` are one. Hosts without a registrable domain (IP
 * addresses, `localhost`) are their own site. Scheme and port are ignored:
 * an http page declaring its https address is the same publisher.
 * Undefined for anything that is not an http(s) URL.
 */
export function registrableSite(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  const host = parsed.hostname.replace(/\.$/, '');
  // Private suffixes count: a github.io or blogspot.com user controls only their own name.
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}

/** Both addresses belong to one registrable site (whoever runs one can publish at the other). */
export function isSameSite(a: string, b: string): boolean {
  const site = registrableSite(a);
  return site !== undefined && site === registrableSite(b);
}

/**
 * The canonical address a page declares, when it may be believed: only a
 * page's own site can say which of its addresses is the real one. A claim
 * on another site's address is dropped, so it can neither make a copy "read
 * before", hide the original it copies, nor look up another page's visits;
 * identity across sites comes from the text alone.
 */
export function trustedCanonical(pageUrl: string, canonicalUrl: string | undefined): string | undefined {
  return canonicalUrl !== undefined && isSameSite(pageUrl, canonicalUrl) ? canonicalUrl : undefined;
}

/**
 * The publisher of a page's site (core url.ts siteOf, a host name): its
 * registrable site, so that `news.example.com` and `www.example.com`, which
 * share one template, are one site for the rules that set a site's own text
 * aside (core isOneSite, distinctivePassages). A site that is no host name
 * (a file's, a pasted text's: '') stays as it is.
 */
export function publisherOf(site: string): string {
  return site === '' ? site : (registrableSite(`http://${site}`) ?? site);
}

/** For each passage, the pages it was found in, each with its publisher (publisherOf) as its site: what core distinctivePassages reads. */
export function pagesByPublisher(found: ReadonlyArray<ReadonlyArray<{ page: { id: number; site: string } }>>): Array<Array<{ id: number; site: string }>> {
  return found.map((matches) => matches.map(({ page }) => ({ id: page.id, site: publisherOf(page.site) })));
}
