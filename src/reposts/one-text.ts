import { areOneText, type DocumentSignature, type SameArticle } from '../core';
import { comparisonScheme, wholeComparisonScheme, type Page } from '../store';

/**
 * core SameArticle over stored pages a look-up found (`pages` by id): core
 * areOneText on their stored signatures, each pair compared once, passages
 * only where both were cut alike. `signatureOf` decodes a page's stored
 * signature (once, by the caller's cache). The checker and the watch list
 * use it, so that an article read at several sites counts once when a
 * passage is judged common text (decisions/0090).
 */
export function storedCopies(pages: ReadonlyMap<number, Page>, signatureOf: (page: Page) => DocumentSignature, { maxDistance }: { maxDistance: number }): SameArticle {
  const compared = new Map<string, boolean>();
  return (a, b) => {
    const [first, second] = a.id < b.id ? [a, b] : [b, a];
    const key = `${first.id} ${second.id}`;
    let one = compared.get(key);
    if (one === undefined) {
      const [pa, pb] = [pages.get(first.id), pages.get(second.id)];
      one = pa !== undefined && pb !== undefined && wholeComparisonScheme(pa) === wholeComparisonScheme(pb) && areOneText(signatureOf(pa), signatureOf(pb), maxDistance, comparisonScheme(pa) === comparisonScheme(pb));
      compared.set(key, one);
    }
    return one;
  };
}

/** A cache of stored pages' decoded signatures, by page id, for one look-up. */
export function signatureCache(decode: (page: Page) => DocumentSignature): (page: Page) => DocumentSignature {
  const decoded = new Map<number, DocumentSignature>();
  return (page) => {
    let signature = decoded.get(page.id);
    if (!signature) decoded.set(page.id, (signature = decode(page)));
    return signature;
  };
}
