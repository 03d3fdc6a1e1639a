import { areOneText, type DocumentSignature, type SameArticle } from '../core';
import { comparisonScheme, wholeComparisonScheme, type Page } from '../store';

/**
 * core SameArticle over the stored pages a look-up found (`found`, as
 * History.queryMany gives them): core areOneText on their stored signatures,
 * each pair compared once. `signatureOf` decodes a page's stored signature
 * (once, by the caller's cache). The checker and the watch list use it, so
 * that an article read at several sites counts once when a passage is judged
 * common text (decisions/0090).
 */
export function storedCopies(found: ReadonlyArray<ReadonlyArray<{ page: Page }>>, signatureOf: (page: Page) => DocumentSignature, { maxDistance }: { maxDistance: number }): SameArticle {
  const pages = new Map(found.flat().map(({ page }) => [page.id, page]));
  const oneText = (a: Page | undefined, b: Page | undefined): boolean => {
    if (!a || !b) return false;
    const alike = storedComparability(a, b);
    return alike !== undefined && areOneText(signatureOf(a), signatureOf(b), maxDistance, alike.passagesComparable);
  };
  const compared = new Map<string, boolean>();
  return (a, b) => {
    const [first, second] = a.id < b.id ? [a, b] : [b, a];
    const key = `${first.id} ${second.id}`;
    let one = compared.get(key);
    if (one === undefined) compared.set(key, (one = oneText(pages.get(first.id), pages.get(second.id))));
    return one;
  };
}

/**
 * How two stored pages' signatures compare: not at all (undefined) when their
 * whole fingerprints were made by different rules; their passages only when
 * both were cut alike.
 */
export function storedComparability(a: Page, b: Page): { passagesComparable: boolean } | undefined {
  if (wholeComparisonScheme(a) !== wholeComparisonScheme(b)) return undefined;
  return { passagesComparable: comparisonScheme(a) === comparisonScheme(b) };
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
