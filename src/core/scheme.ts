/**
 * Fingerprint schemes: the version of every rule that decides a page's
 * signature. Pages keep the scheme they were signed in; a new page is also
 * signed in each older scheme still in the history, so what was read before an
 * upgrade still matches what is read after it (docs/decisions/0002-fingerprint-schemes.md).
 *
 * 1. NFKC, case folding, the tokeniser and SimHash as of release 0.1.0.
 * 2. Chinese scripts folded to one form before features (script-fold/).
 * 3. No two features hold more than half of Σw² (term-weight.ts weightCap).
 */
import type { TextLength } from './text-length';

export const FINGERPRINT_SCHEMES = [1, 2, 3] as const;
export type FingerprintScheme = (typeof FINGERPRINT_SCHEMES)[number];

/** The scheme new signatures are made in. */
export const FINGERPRINT_SCHEME: FingerprintScheme = 3;

/** The first scheme that folds Traditional and Simplified Chinese together. */
export const SCRIPT_FOLD_SCHEME: FingerprintScheme = 2;

/** The first scheme that caps the heaviest term weights (docs/decisions/0006-term-dominance.md). */
export const WEIGHT_CAP_SCHEME: FingerprintScheme = 3;

/**
 * The lowest scheme whose rules sign this text exactly as `scheme` does, so
 * one signature serves both: script folding changes only CJK text
 * (script-fold.test.ts checks that each folded character counts as CJK), so
 * a text without any signs alike in every scheme before the weight cap.
 */
export function equivalentScheme(scheme: FingerprintScheme, length: TextLength): FingerprintScheme {
  return length.cjkChars === 0 && scheme < WEIGHT_CAP_SCHEME ? 1 : scheme;
}

export function isFingerprintScheme(value: unknown): value is FingerprintScheme {
  return (FINGERPRINT_SCHEMES as readonly unknown[]).includes(value);
}
