import { withDocumentFeatures, type FeatureDeps } from './features';
import { keepPassages } from './passages';
import { FINGERPRINT_SCHEME, WEIGHT_CAP_SCHEME, passageSampleSize, type FingerprintScheme } from './scheme';
import { foldText } from './tokenize';
import type { DocumentSignature } from './verdict';

/**
 * Everything the verdict needs about one text. The extension stores it for
 * each page it records (fingerprint, passages, length); the CLI computes it
 * for both sides of a comparison. One normalisation and one tokenising pass
 * feed the whole-document fingerprint, the passages and the length counts;
 * each distinct feature is hashed once. The fingerprint equals
 * `fingerprintText(text).fingerprint` (eval/fingerprint-text.ts), the length `measureText(text)`.
 * `scheme` (scheme.ts) is the current one except to compare with pages signed
 * before an upgrade.
 */
export function signDocument(text: string, deps: FeatureDeps = {}, scheme: FingerprintScheme = FINGERPRINT_SCHEME): DocumentSignature {
  const capped = scheme >= WEIGHT_CAP_SCHEME;
  const sampleSize = passageSampleSize(scheme);
  return withDocumentFeatures(foldText(text, scheme), deps, (features) => ({
    fingerprint: features.whole(capped),
    passages: keepPassages(features.chunks(capped), sampleSize),
    sampleSize,
    length: features.length,
  }));
}
