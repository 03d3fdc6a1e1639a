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

/** The four 16-bit blocks, which whole fingerprints are searched by. */
const ALL_BLOCKS: readonly number[] = [0, 1, 2, 3];

/**
 * Part of the last 48 bits of a fingerprint, at most 16 bits wide: what
 * forEachNearPairInFirstBlock groups the entries of one first block by.
 */
export type SubKey = (hi: number, lo: number) => number;

/**
 * The three other 16-bit blocks. Two passage sketches that match agree on
 * their first two bytes and differ in at most two of the other six
 * (SKETCH_BYTES_APART), so they agree on one of these three byte pairs.
 */
export const OTHER_BLOCKS: readonly SubKey[] = [(hi) => hi & 0xffff, (_hi, lo) => lo >>> 16, (_hi, lo) => lo & 0xffff];

/**
 * The last 48 bits as four parts of 12: two SimHashes within three bits that
 * agree on their first block leave one of the four parts whole.
 */
export const TWELVE_BIT_PARTS: readonly SubKey[] = [
  (hi) => (hi >>> 4) & 0xfff,
  (hi, lo) => ((hi & 0xf) << 8) | (lo >>> 24),
  (_hi, lo) => (lo >>> 12) & 0xfff,
  (_hi, lo) => lo & 0xfff,
];

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
 * The entries with distinct 64-bit values, the first of each value in the
 * sorted order; every other entry of a value is visited with that first one
 * at distance 0. So a thousand copies of one text cost a thousand visits,
 * not half a million.
 */
function distinctEntries(columns: FingerprintColumns, visit: PairVisitor, counts: Uint32Array): Uint32Array {
  const { hi, lo } = columns;
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
  return Uint32Array.from(firsts);
}

/**
 * Every pair of entries within `maxDistance` (at most 3: the pigeonhole rule
 * needs four blocks for three differing bits) that agree on one of their
 * four blocks: whole fingerprints.
 *
 * Entries with the same 64 bits are a group (distinctEntries), and only the
 * group's first entry is compared further. Two distinct values are compared
 * in the first block they agree on only, so each pair is visited once.
 * Cost: a radix sort plus, per block, the pairs inside each bucket (about
 * n²/65,536 per block for uniform fingerprints: 15 per entry at a million).
 */
export function forEachNearPair(columns: FingerprintColumns, maxDistance: number, visit: PairVisitor): void {
  if (maxDistance > 3) throw new RangeError(`maxDistance ${maxDistance} needs more than four blocks`);
  const { hi, lo } = columns;
  const counts = new Uint32Array(BLOCK_VALUES);
  const distinct = distinctEntries(columns, visit, counts);
  const order = new Uint32Array(distinct.length);
  for (const block of ALL_BLOCKS) {
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
          if (agreesEarlier(block, uh, ul, vh, vl)) continue;
          const distance = popcount32((uh ^ vh) >>> 0) + popcount32((ul ^ vl) >>> 0);
          if (distance <= maxDistance) visit(Math.min(u, v), Math.max(u, v), distance);
        }
      }
      start = end;
    }
  }
}

/**
 * Every pair of entries that agree on their first block and are within
 * `maxDistance` by `distanceOf`: passages, which the history files under
 * their first block only. Comparing every pair of a first block's entries
 * grows with the square of the corpus (a million pages' 27 million
 * passages: ~412 a block, 5.6 billion pairs, 137 s); the caller's `parts`
 * cut each first block further, since two entries within reach agree on one
 * of them (OTHER_BLOCKS for sketches, TWELVE_BIT_PARTS for SimHashes within
 * three bits). Within a first block, entries are grouped by each part in
 * turn (a small hash table) and compared only inside a group, each pair in
 * the first part it agrees on: the same pairs as comparing every pair of
 * each first block.
 */
export function forEachNearPairInFirstBlock(columns: FingerprintColumns, maxDistance: number, visit: PairVisitor, parts: readonly SubKey[], distanceOf: PairDistance = hammingBits): void {
  const { hi } = columns;
  const counts = new Uint32Array(BLOCK_VALUES);
  const all = new Uint32Array(columns.count);
  for (let i = 0; i < all.length; i++) all[i] = i;
  // Stable: within a first block, entries stay in input order, so the first of equal values is the lowest entry number.
  const order = new Uint32Array(columns.count);
  sortByBlock(columns, all, 0, order, counts);
  const members = new FirstBlockMembers();
  for (let start = 0; start < order.length; ) {
    const block = (hi[order[start] as number] as number) >>> 16;
    let end = start + 1;
    while (end < order.length && (hi[order[end] as number] as number) >>> 16 === block) end++;
    if (end - start > 1) {
      members.load(columns, order, start, end, visit);
      for (let p = 0; p < parts.length; p++) {
        members.forEachPairSharing(parts[p] as SubKey, (x, y) => {
          const [uh, ul, vh, vl] = [members.hi[x] as number, members.lo[x] as number, members.hi[y] as number, members.lo[y] as number];
          if (agreesOnEarlierPart(parts, p, uh, ul, vh, vl)) return;
          const [u, v] = [members.ids[x] as number, members.ids[y] as number];
          const distance = distanceOf(u, v, (uh ^ vh) >>> 0, (ul ^ vl) >>> 0);
          if (distance <= maxDistance) visit(Math.min(u, v), Math.max(u, v), distance);
        });
      }
    }
    start = end;
  }
}

const NO_SLOT = -1;

/**
 * The entries of one first block with distinct values, copied side by side,
 * and grouped by a part at a time in an open-addressing table: each member is
 * chained to the one before it with the same value (of the part, or whole).
 * Reused from block to block (they hold ~400 entries at a million pages), so
 * it stays in the cache.
 */
class FirstBlockMembers {
  hi = new Uint32Array(64);
  lo = new Uint32Array(64);
  ids = new Uint32Array(64);
  private count = 0;
  /** Per slot: the value (a part's in `slotHi`, or both words), and the last member with it (NO_SLOT: free). */
  private slotHi = new Uint32Array(128);
  private slotLo = new Uint32Array(128);
  private slotLast = new Int32Array(128).fill(NO_SLOT);
  /** Per member: the member before it with the same part value, or NO_SLOT. */
  private previous = new Int32Array(64);
  private readonly used: number[] = [];

  /**
   * Loads entries order[start…end), one member for each distinct value: a
   * repeat of a value is visited with its first entry at distance 0 and goes
   * no further, as in distinctEntries.
   */
  load(columns: FingerprintColumns, order: Uint32Array, start: number, end: number, visit: PairVisitor): void {
    this.makeRoom(end - start);
    const mask = this.slotLast.length - 1;
    let n = 0;
    for (let k = start; k < end; k++) {
      const id = order[k] as number;
      const h = columns.hi[id] as number;
      const l = columns.lo[id] as number;
      let slot = (Math.imul(l ^ Math.imul(h, 0x85ebca6b), 0x9e3779b1) >>> 0) & mask;
      while (this.slotLast[slot] !== NO_SLOT && (this.slotHi[slot] !== h || this.slotLo[slot] !== l)) slot = (slot + 1) & mask;
      const first = this.slotLast[slot] as number;
      if (first !== NO_SLOT) {
        visit(Math.min(this.ids[first] as number, id), Math.max(this.ids[first] as number, id), 0);
        continue;
      }
      this.used.push(slot);
      [this.slotHi[slot], this.slotLo[slot], this.slotLast[slot]] = [h, l, n];
      [this.hi[n], this.lo[n], this.ids[n]] = [h, l, id];
      n++;
    }
    this.clearSlots();
    this.count = n;
  }

  /** Calls `pair(x, y)`, x < y, for every two members with the same value of `part`. */
  forEachPairSharing(part: SubKey, pair: (x: number, y: number) => void): void {
    const mask = this.slotLast.length - 1;
    for (let k = 0; k < this.count; k++) {
      const value = part(this.hi[k] as number, this.lo[k] as number);
      let slot = (Math.imul(value, 0x9e3779b1) >>> 0) & mask;
      while (this.slotLast[slot] !== NO_SLOT && this.slotHi[slot] !== value) slot = (slot + 1) & mask;
      if (this.slotLast[slot] === NO_SLOT) this.used.push(slot);
      this.previous[k] = this.slotLast[slot] as number;
      this.slotHi[slot] = value;
      this.slotLast[slot] = k;
      for (let x = this.previous[k] as number; x !== NO_SLOT; x = this.previous[x] as number) pair(x, k);
    }
    this.clearSlots();
  }

  private makeRoom(n: number): void {
    if (n <= this.hi.length) return;
    // A power of two, for the slot mask; the slots stay at most half full.
    const room = 2 ** Math.ceil(Math.log2(n));
    [this.hi, this.lo, this.ids, this.previous] = [new Uint32Array(room), new Uint32Array(room), new Uint32Array(room), new Int32Array(room)];
    [this.slotHi, this.slotLo, this.slotLast] = [new Uint32Array(2 * room), new Uint32Array(2 * room), new Int32Array(2 * room).fill(NO_SLOT)];
  }

  private clearSlots(): void {
    for (const slot of this.used) this.slotLast[slot] = NO_SLOT;
    this.used.length = 0;
  }
}

/** Whether the pair agrees on a block before `block` (of ALL_BLOCKS): it was visited there. */
function agreesEarlier(block: number, uh: number, ul: number, vh: number, vl: number): boolean {
  for (let e = 0; e < block; e++) {
    if (blockOf(uh, ul, e) === blockOf(vh, vl, e)) return true;
  }
  return false;
}

/** Whether the pair agrees on a part before part `p`: it was visited there. */
function agreesOnEarlierPart(parts: readonly SubKey[], p: number, uh: number, ul: number, vh: number, vl: number): boolean {
  for (let q = 0; q < p; q++) {
    const part = parts[q] as SubKey;
    if (part(uh, ul) === part(vh, vl)) return true;
  }
  return false;
}

