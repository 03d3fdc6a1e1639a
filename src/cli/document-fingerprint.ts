import { FINGERPRINT_SCHEME, WEIGHT_CAP_SCHEME, foldText, withDocumentFeatures, type Fingerprint } from '../core';

/**
 * `signDocument(text).fingerprint` without the passage fingerprints and the
 * length signDocument computes too (sign-document.ts, the same steps): a
 * fingerprint line without `--passages` needs neither, and leaving them out
 * saves a quarter of the work on Latin texts (docs/performance.md).
 */
export function documentFingerprint(text: string): Fingerprint {
  const capped = FINGERPRINT_SCHEME >= WEIGHT_CAP_SCHEME;
  return withDocumentFeatures(foldText(text, FINGERPRINT_SCHEME), {}, (features) => features.whole(capped));
}
