import type { Corpus } from './corpus';
import { forEachNearPair, forEachNearPairInFirstBlock, hammingBits, OTHER_BLOCKS, TWELVE_BIT_PARTS, type PairDistance, type SubKey } from './near-pairs';
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
    forEachNearPairInFirstBlock(corpus.passageColumns(), maxDistance, byPassage, partsFor(measure), pairDistanceFor(measure, maxDistance));
    return;
  }
  for (const measure of measures) {
    const { columns, passage } = corpus.passagesOf(measure);
    forEachNearPairInFirstBlock(columns, maxDistance, (p, q) => byPassage(passage[p] as number, passage[q] as number), partsFor(measure), pairDistanceFor(measure, maxDistance));
  }
}

/**
 * What a first block is cut by for passages of `measure`, so that two within
 * reach agree on one part: a sketch differs in at most two of its last six
 * bytes at any k (SKETCH_BYTES_APART), a SimHash in at most three bits.
 */
function partsFor(measure: PassageMeasure): readonly SubKey[] {
  return measure === 'simhash' ? TWELVE_BIT_PARTS : OTHER_BLOCKS;
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
