import { popcount32 } from './hamming';

/**
 * Near-duplicate search over a whole corpus in memory (`deja-lu dedup`): the
 * four-block index of the extension's history (two fingerprints within
 * distance 3 agree on one of their four 16-bit blocks), built as sorted
 * arrays instead of IndexedDB stores. Fingerprints are columns — hi[i], lo[i]
 * — so a million cost 8 MB and no object each.
 */
export interface FingerprintColumns {
  readonly hi: Uint32Array;
  readonly lo: Uint32Array;
  readonly count: number;
}

/** Called once per pair found: i < j, both entry numbers, and their Hamming distance. */
export type PairVisitor = (i: number, j: number, distance: number) => void;

/**
 * The distance of entries u and v from the XOR of their two words: bits by
 * default; passage sketches count differing bytes (passage-sketch.ts), and
 * entries that cannot be compared are Infinity apart.
 */
export type PairDistance = (u: number, v: number, xorHi: number, xorLo: number) => number;

/** Hamming distance from the XOR of the two words. */
export const hammingBits: PairDistance = (_u, _v, xorHi, xorLo) => popcount32(xorHi) + popcount32(xorLo);

/** Which 16-bit blocks a search keys on: all four for whole fingerprints, the first for passages (passagesMatch). */
export const ALL_BLOCKS: readonly number[] = [0, 1, 2, 3];
export const FIRST_BLOCK: readonly number[] = [0];

const BLOCK_VALUES = 0x10000;

function blockOf(hi: number, lo: number, block: number): number {
  switch (block) {
    case 0: return hi >>> 16;
    case 1: return hi & 0xffff;
    case 2: return lo >>> 16;
    default: return lo & 0xffff;
  }
}

/** Stable counting sort of `ids` by one block: one pass to count, one to place (O(n), no comparisons). */
function sortByBlock(columns: FingerprintColumns, ids: Uint32Array, block: number, out: Uint32Array, counts: Uint32Array): void {
  const { hi, lo } = columns;
  counts.fill(0);
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k] as number;
    counts[blockOf(hi[id] as number, lo[id] as number, block)]!++;
  }
  let sum = 0;
  for (let v = 0; v < BLOCK_VALUES; v++) {
    const c = counts[v] as number;
    counts[v] = sum;
    sum += c;
  }
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k] as number;
    out[counts[blockOf(hi[id] as number, lo[id] as number, block)]!++] = id;
  }
}

/** Entry numbers 0…count−1 ordered by their whole 64-bit value (LSD radix sort, four 16-bit passes). */
function sortByValue(columns: FingerprintColumns, counts: Uint32Array): Uint32Array {
  let ids = new Uint32Array(columns.count);
  for (let i = 0; i < ids.length; i++) ids[i] = i;
  let spare = new Uint32Array(columns.count);
  for (let block = 3; block >= 0; block--) {
    sortByBlock(columns, ids, block, spare, counts);
    [ids, spare] = [spare, ids];
  }
  return ids;
}

/**
 * Every pair of entries within `maxDistance` (at most 3: the pigeonhole rule
 * needs four blocks for three differing bits) that agree on one of `blocks`.
 *
 * Entries with the same 64 bits are a group: each member is reported once,
 * paired with the group's first entry at distance 0, and only that first
 * entry is compared further — so a thousand copies of one text cost a
 * thousand visits, not half a million. Two distinct values are compared in
 * the first listed block they agree on only, so each pair is visited once.
 * Cost: a radix sort plus, per block, the pairs inside each bucket (about
 * n²/65,536 per block for uniform fingerprints: 15 per entry at a million).
 */
export function forEachNearPair(columns: FingerprintColumns, maxDistance: number, visit: PairVisitor, blocks: readonly number[] = ALL_BLOCKS, distanceOf: PairDistance = hammingBits): void {
  if (maxDistance > 3 && blocks.length === ALL_BLOCKS.length) throw new RangeError(`maxDistance ${maxDistance} needs more than four blocks`);
  const { hi, lo } = columns;
  const counts = new Uint32Array(BLOCK_VALUES);
  const sorted = sortByValue(columns, counts);
  const firsts: number[] = [];
  for (let k = 0; k < sorted.length; k++) {
    const id = sorted[k] as number;
    const previous = k > 0 ? (sorted[k - 1] as number) : -1;
    if (previous >= 0 && hi[id] === hi[previous] && lo[id] === lo[previous]) {
      const first = firsts[firsts.length - 1] as number;
      visit(Math.min(first, id), Math.max(first, id), 0);
    } else {
      firsts.push(id);
    }
  }
  const distinct = Uint32Array.from(firsts);
  const order = new Uint32Array(distinct.length);
  for (let b = 0; b < blocks.length; b++) {
    const block = blocks[b] as number;
    sortByBlock(columns, distinct, block, order, counts);
    let start = 0;
    while (start < order.length) {
      const first = order[start] as number;
      const value = blockOf(hi[first] as number, lo[first] as number, block);
      let end = start + 1;
      while (end < order.length && blockOf(hi[order[end] as number] as number, lo[order[end] as number] as number, block) === value) end++;
      for (let x = start; x < end; x++) {
        const u = order[x] as number;
        const uh = hi[u] as number;
        const ul = lo[u] as number;
        for (let y = x + 1; y < end; y++) {
          const v = order[y] as number;
          const vh = hi[v] as number;
          const vl = lo[v] as number;
          if (agreesEarlier(blocks, b, uh, ul, vh, vl)) continue;
          const distance = distanceOf(u, v, (uh ^ vh) >>> 0, (ul ^ vl) >>> 0);
          if (distance <= maxDistance) visit(Math.min(u, v), Math.max(u, v), distance);
        }
      }
      start = end;
    }
  }
}

/** Whether the pair agrees on a block listed before `b`: it was visited there. */
function agreesEarlier(blocks: readonly number[], b: number, uh: number, ul: number, vh: number, vl: number): boolean {
  for (let e = 0; e < b; e++) {
    const block = blocks[e] as number;
    if (blockOf(uh, ul, block) === blockOf(vh, vl, block)) return true;
  }
  return false;
}
