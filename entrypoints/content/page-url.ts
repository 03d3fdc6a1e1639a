import { normalizeUrl } from '../../src/core/url';
import { MAX_URL_LENGTH } from '../../src/store/page';

/**
 * The page's address as messages may carry it (at most MAX_URL_LENGTH): as it
 * is, or, when that is too long, without its fragment and tracking
 * parameters — the history stores it that way anyway, and single-page apps
 * often keep kilobytes of state in the fragment. Undefined when even that is
 * too long: such a page cannot be recorded.
 */
export function messageUrl(href: string): string | undefined {
  if (href.length <= MAX_URL_LENGTH) return href;
  const normalized = normalizeUrl(href);
  return normalized !== undefined && normalized.length <= MAX_URL_LENGTH ? normalized : undefined;
}

/** The site's root (`https://host/`), which stands for a page whose address is too long to send. */
export function siteRoot(href: string): string {
  return `${new URL(href).origin}/`;
}
