import type { Fingerprint } from './fingerprint64';
import { fingerprintText } from './fingerprint-text';
import { measureText } from './text-length';
import type { TokenizeDeps } from './tokenize';
import type { DocumentSignature } from './verdict';

/**
 * Everything the verdict needs about one text. The extension stores it for
 * each page it records; the CLI computes it for both sides of a comparison.
 */
export function signDocument(text: string, deps: TokenizeDeps = {}): DocumentSignature {
  const { fingerprint } = fingerprintText(text, deps);
  const passages: Fingerprint[] = [];
  return { fingerprint, passages, length: measureText(text) };
}
