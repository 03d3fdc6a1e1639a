/**
 * Judges every two signed texts of different base articles, each read first
 * in turn: each such pair is a negative, so any duplicate or partial verdict
 * among them, in either order, is a false flag (the stronger of the two
 * verdicts counts).
 */
import { hammingDistance, judge, type DocumentSignature } from '../src/core';
import { strongest } from './score';

export interface DifferentPairCounts {
  pairs: number;
  within3: number;
  duplicate: number;
  partial: number;
  /** Labelled a quote: one shares a passage with the other (a site's template, in the practice set's wrappers). */
  quote: number;
}

export function judgeDifferentPairs(items: ReadonlyArray<{ base: string; sig: DocumentSignature }>): DifferentPairCounts {
  const r: DifferentPairCounts = { pairs: 0, within3: 0, duplicate: 0, partial: 0, quote: 0 };
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i]!;
      const b = items[j]!;
      if (a.base === b.base) continue;
      r.pairs++;
      if (hammingDistance(a.sig.fingerprint, b.sig.fingerprint) <= 3) r.within3++;
      const { verdict } = strongest([judge(a.sig, b.sig), judge(b.sig, a.sig)]);
      if (verdict === 'duplicate') r.duplicate++;
      else if (verdict === 'partial') r.partial++;
      else if (verdict === 'quote') r.quote++;
    }
  }
  return r;
}
