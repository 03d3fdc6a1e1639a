/**
 * What `History.queryMany` is asked for a page: each signature's whole
 * fingerprint, then its passages, marked as passages so that only their
 * block0 bucket is read (QueryOptions.passageQueries).
 */
import type { Fingerprint } from '../core/fingerprint64';

export interface SignatureQueries<F extends Fingerprint | string> {
  fingerprints: F[];
  passageQueries: boolean[];
}

/** Fingerprints as signatures hold them (Fingerprint) or as pages store them (hex), both what queryMany takes. */
export function signatureQueries<F extends Fingerprint | string>(signatures: Iterable<{ fingerprint: F; passages: readonly F[] }>): SignatureQueries<F> {
  const fingerprints: F[] = [];
  const passageQueries: boolean[] = [];
  for (const { fingerprint, passages } of signatures) {
    fingerprints.push(fingerprint, ...passages);
    passageQueries.push(false, ...passages.map(() => true));
  }
  return { fingerprints, passageQueries };
}
