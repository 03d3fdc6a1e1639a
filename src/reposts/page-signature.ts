import { equivalentScheme, wholeFingerprintScheme, type FingerprintScheme } from '../core';
import type { Page } from '../store/page';

/**
 * The scheme a page's passages are compared in: the lowest one whose rules
 * signed it alike (core/scheme.ts equivalentScheme: a text without CJK signs
 * alike in schemes 1 and 2, and every text compares like with like in 3 and
 * 4). Passages of two such schemes are never compared: the history keeps no
 * text to sign them again.
 */
export function comparisonScheme(page: Pick<Page, 'scheme' | 'cjkChars' | 'words'>): FingerprintScheme {
  return equivalentScheme(page.scheme, page);
}

/** The scheme a page's whole fingerprint is compared in (wholeFingerprintScheme): pages of 3–6 compare by it whatever their passages. */
export function wholeComparisonScheme(page: Pick<Page, 'scheme' | 'cjkChars' | 'words'>): FingerprintScheme {
  return wholeFingerprintScheme(page.scheme, page);
}
