import { featureStream } from './features';
import { hashFeatures, passageFingerprints, wholeFingerprint } from './passages';
import { tokenizeWithLength, type TokenizeDeps } from './tokenize';
import type { DocumentSignature } from './verdict';

/**
 * Everything the verdict needs about one text. The extension stores it for
 * each page it records (fingerprint, passages, length); the CLI computes it
 * for both sides of a comparison. One tokenisation feeds both the
 * whole-document fingerprint and the passages; each distinct feature is
 * hashed once. The fingerprint equals `fingerprintText(text).fingerprint`.
 */
export function signDocument(text: string, deps: TokenizeDeps = {}): DocumentSignature {
  // One normalisation serves the tokens and the length counts (measureText's
  // own pass cost more than tokenising on Latin text).
  const { tokens, length } = tokenizeWithLength(text, deps);
  const hashed = hashFeatures(featureStream(tokens));
  return { fingerprint: wholeFingerprint(hashed), passages: passageFingerprints(hashed), length };
}
