import type { Corpus } from './corpus';
import { FIRST_BLOCK, forEachNearPair, hammingBits, type PairDistance } from './near-pairs';
import { differingBytes } from './sketch-distance';
import { passageReach } from './passages';
import type { PassageMeasure } from './scheme';

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
  const measures = corpus.passageMeasures();
  const byPassage = (p: number, q: number): void => {
    const i = corpus.passageOwnerOf(p);
    const j = corpus.passageOwnerOf(q);
    if (i !== j) once(Math.min(i, j), Math.max(i, j));
  };
  // Passages of two measures never compare: a corpus mixing them is searched a measure at a time.
  if (measures.size === 1) {
    const [measure] = [...measures] as [PassageMeasure];
    forEachNearPair(corpus.passageColumns(), maxDistance, byPassage, FIRST_BLOCK, pairDistanceFor(measure, maxDistance));
    return;
  }
  for (const measure of measures) {
    const { columns, passage } = corpus.passagesOf(measure);
    forEachNearPair(columns, maxDistance, (p, q) => byPassage(passage[p] as number, passage[q] as number), FIRST_BLOCK, pairDistanceFor(measure, maxDistance));
  }
}

/**
 * forEachNearPair's distance between two passages of one measure: bits
 * between SimHashes; for sketches 0 when their bytes are within
 * passageReach and Infinity otherwise (forEachNearPair keeps what is within
 * maxDistance).
 */
function pairDistanceFor(measure: PassageMeasure, maxDistance: number): PairDistance {
  if (measure === 'simhash') return hammingBits;
  const reach = passageReach(maxDistance, 'sketch');
  return (_p, _q, xorHi, xorLo) => (differingBytes(xorHi) + differingBytes(xorLo) <= reach ? 0 : Infinity);
}
