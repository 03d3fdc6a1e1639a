import { equivalentScheme, fingerprintFromHex, type DocumentSignature, type FingerprintScheme } from '../core';
import type { Page } from '../store/page';

/** What `judge` needs of a stored page. */
export function signatureOfPage(page: Page): DocumentSignature {
  return {
    fingerprint: fingerprintFromHex(page.fingerprint),
    passages: page.passages.map(fingerprintFromHex),
    length: { cjkChars: page.cjkChars, words: page.words },
  };
}

/**
 * The scheme a page is compared in: the lowest one whose rules signed it
 * alike (core/scheme.ts equivalentScheme: a text without CJK signs alike in
 * schemes 1 and 2). Pages of two such schemes are never compared: the
 * history keeps no text to sign them again.
 */
export function comparisonScheme(page: Pick<Page, 'scheme' | 'cjkChars' | 'words'>): FingerprintScheme {
  return equivalentScheme(page.scheme, page);
}
