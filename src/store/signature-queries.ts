/**
 * What `History.queryMany` is asked for a page: each signature's whole
 * fingerprint, then its passages (the unsampled ones too, for the page
 * being checked: DocumentSignature.unsampled) and chunk heads, marked as passages so that only their
 * block0 bucket is read (QueryOptions.passageQueries), and as sketches when
 * they are (QueryOptions.sketchQueries, fingerprint scheme 6 on).
 */
import type { Fingerprint } from '../core/fingerprint64';
import type { PassageMeasure } from '../core/scheme';

export interface SignatureQueries<F extends Fingerprint | string> {
  fingerprints: F[];
  passageQueries: boolean[];
  sketchQueries: boolean[];
}

/** A signature or a stored page: its whole fingerprint, passages and how they were made (SimHashes when not said). */
export interface QueriedSignature<F extends Fingerprint | string> {
  fingerprint: F;
  passages: readonly F[];
  /** The page being checked: its passages beyond the stored sample. */
  unsampled?: readonly F[];
  /** Its chunk heads (core DocumentSignature.heads), asked as passages are: stored heads are filed with them. */
  heads?: readonly F[];
  /** The page being checked: the heads it is asked by instead (DocumentSignature.headsAsked). */
  headsAsked?: readonly F[];
  measure?: PassageMeasure;
}

/** Fingerprints as signatures hold them (Fingerprint) or as pages store them (hex), both what queryMany takes. */
export function signatureQueries<F extends Fingerprint | string>(signatures: Iterable<QueriedSignature<F>>): SignatureQueries<F> {
  const fingerprints: F[] = [];
  const passageQueries: boolean[] = [];
  const sketchQueries: boolean[] = [];
  for (const { fingerprint, passages: sampled, unsampled = [], heads = [], headsAsked = heads, measure } of signatures) {
    const passages = [...sampled, ...unsampled, ...headsAsked];
    fingerprints.push(fingerprint, ...passages);
    passageQueries.push(false, ...passages.map(() => true));
    sketchQueries.push(false, ...passages.map(() => measure === 'sketch'));
  }
  return { fingerprints, passageQueries, sketchQueries };
}
