import { hammingDistance } from './hamming';
import type { Fingerprint } from './fingerprint64';
import { isLongEnough, type MinLength, type TextLength, DEFAULT_MIN_LENGTH } from './text-length';

/**
 * Default and maximum Hamming distance at which two fingerprints count as the
 * same article. The four 16-bit block index guarantees that every stored
 * fingerprint within distance 3 is found (pigeonhole: 4 blocks, ≤ 3 differing
 * bits leave one block intact), so the distance cannot exceed 3.
 */
export const DEFAULT_MAX_DISTANCE = 3;
export const MAX_SUPPORTED_DISTANCE = 3;

export type Verdict = 'duplicate' | 'partial' | 'different' | 'too_short';

/** What the engine knows about one document when judging it. */
export interface DocumentSignature {
  /** Whole-document SimHash. */
  fingerprint: Fingerprint;
  /** Passage-level SimHashes, indexed like the whole-document one (may be empty). */
  passages: Fingerprint[];
  length: TextLength;
}

export interface VerdictOptions {
  maxDistance?: number;
  minLength?: MinLength;
}

export interface Judgement {
  verdict: Verdict;
  distance: number;
}

/**
 * The verdict shown on page `current` when the user has read `earlier`.
 * Both texts must be long enough to judge.
 */
export function judge(earlier: DocumentSignature, current: DocumentSignature, options: VerdictOptions = {}): Judgement {
  const maxDistance = Math.min(options.maxDistance ?? DEFAULT_MAX_DISTANCE, MAX_SUPPORTED_DISTANCE);
  const minLength = options.minLength ?? DEFAULT_MIN_LENGTH;
  const distance = hammingDistance(earlier.fingerprint, current.fingerprint);
  if (!isLongEnough(earlier.length, minLength) || !isLongEnough(current.length, minLength)) {
    return { verdict: 'too_short', distance };
  }
  return { verdict: distance <= maxDistance ? 'duplicate' : 'different', distance };
}
