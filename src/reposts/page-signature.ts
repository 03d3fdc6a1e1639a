import { fingerprintFromHex, FINGERPRINT_SCHEME, signatureDependsOnScheme, type DocumentSignature, type FingerprintScheme } from '../core';
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
 * The scheme a page is compared in: its own when its fingerprints depend on
 * the scheme (CJK text), else the current one, since such a text signs alike
 * in every scheme. Pages of two schemes are never compared (core/scheme.ts).
 */
export function comparisonScheme(page: Pick<Page, 'scheme' | 'cjkChars' | 'words'>): FingerprintScheme {
  return signatureDependsOnScheme(page) ? page.scheme : FINGERPRINT_SCHEME;
}
