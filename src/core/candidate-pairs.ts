import type { Corpus } from './corpus';
import { FIRST_BLOCK, forEachNearPair, hammingBits } from './near-pairs';
import { differingBytes } from './sketch-distance';
import { passageReach } from './passages';

/**
 * Each pair of corpus entries that the history's block index puts side by
 * side — whole fingerprints within `maxDistance`, or passages within it that
 * share their first block — once, as (i, j) with i < j: the pairs `judge`
 * weighs in `deja-lu dedup` and in the reposts view.
 */
export function forEachCandidatePair(corpus: Corpus, maxDistance: number, visit: (i: number, j: number) => void): void {
  const seen = new Set<number>();
  const once = (i: number, j: number): void => {
    const key = i * corpus.count + j;
    if (seen.has(key)) return;
    seen.add(key);
    visit(i, j);
  };
  forEachNearPair(corpus.wholeColumns(), maxDistance, (i, j) => once(i, j));
  forEachNearPair(corpus.passageColumns(), maxDistance, (p, q) => {
    const i = corpus.passageOwnerOf(p);
    const j = corpus.passageOwnerOf(q);
    if (i !== j) once(Math.min(i, j), Math.max(i, j));
  }, FIRST_BLOCK, (p, q, xorHi, xorLo) => {
    const measure = corpus.measureOf(corpus.passageOwnerOf(p));
    if (measure !== corpus.measureOf(corpus.passageOwnerOf(q))) return Infinity;
    // Sketch bytes scaled to the distance searched, so that passageReach's limit is maxDistance's.
    return measure === 'sketch' ? (differingBytes(xorHi) + differingBytes(xorLo) <= passageReach(maxDistance, 'sketch') ? 0 : Infinity) : hammingBits(p, q, xorHi, xorLo);
  });
}
