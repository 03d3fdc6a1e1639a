import type { DocumentFeatures } from './document-features';
import { withDocumentFeatures, type FeatureDeps } from './features';
import type { Fingerprint } from './fingerprint64';
import { keepPassages } from './passages';
import { chunkSketches } from './passage-sketch';
import { FINGERPRINT_SCHEME, PARAGRAPH_SCHEME, WEIGHT_CAP_SCHEME, passageMeasure, passageSampleSize, probedPassages, type FingerprintScheme } from './scheme';
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
  const sampleSize = passageSampleSize(scheme);
  const measure = passageMeasure(scheme);
  return withSchemeFeatures(text, deps, scheme, scheme >= PARAGRAPH_SCHEME, (features, capped) => {
    const chunks = measure === 'sketch' ? chunkSketches(features.hashed()) : features.chunks(capped);
    // A sketch text of one chunk keeps its one sketch: a SimHash text lets its whole fingerprint stand for it, which a sketch cannot be compared with.
    const probed = measure === 'sketch' && chunks.length === 1 ? chunks : keepPassages(chunks, probedPassages(scheme));
    return {
      fingerprint: features.whole(capped),
      passages: probed.slice(0, sampleSize),
      unsampled: probed.slice(sampleSize),
      sampleSize,
      measure,
      length: features.length,
    };
  });
}

/**
 * `signDocument(text).fingerprint` alone, without the passages and the length:
 * a `deja-lu fingerprint` line without `--passages` needs neither, and leaving
 * them out saves a quarter of the work on Latin texts (docs/performance.md).
 */
export function documentFingerprint(text: string, deps: FeatureDeps = {}, scheme: FingerprintScheme = FINGERPRINT_SCHEME): Fingerprint {
  // Paragraphs change only the passages: the whole fingerprint needs none.
  return withSchemeFeatures(text, deps, scheme, false, (features, capped) => features.whole(capped));
}

/** The text's features as `scheme` reads them (`byParagraph`: with where paragraphs begin), and whether it caps their weights. */
function withSchemeFeatures<T>(text: string, deps: FeatureDeps, scheme: FingerprintScheme, byParagraph: boolean, use: (features: DocumentFeatures, capped: boolean) => T): T {
  return withDocumentFeatures(foldText(text, scheme), deps, (features) => use(features, scheme >= WEIGHT_CAP_SCHEME), byParagraph);
}
