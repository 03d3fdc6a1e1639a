import { featureStream } from './features';
import { hashFeatures, passageFingerprints, wholeFingerprint } from './passages';
import { measureText } from './text-length';
import { tokenize, type TokenizeDeps } from './tokenize';
import type { DocumentSignature } from './verdict';

/**
 * Everything the verdict needs about one text. The extension stores it for
 * each page it records (fingerprint, passages, length); the CLI computes it
 * for both sides of a comparison. One tokenisation feeds both the
 * whole-document fingerprint and the passages; each distinct feature is
 * hashed once. The fingerprint equals `fingerprintText(text).fingerprint`.
 */
export function signDocument(text: string, deps: TokenizeDeps = {}): DocumentSignature {
  const hashed = hashFeatures(featureStream(tokenize(text, deps)));
  return { fingerprint: wholeFingerprint(hashed), passages: passageFingerprints(hashed), length: measureText(text) };
}
