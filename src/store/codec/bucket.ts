/**
 * The bucket layout of the block index (blocks/): a whole-document
 * fingerprint is filed under each of its four 16-bit blocks. Two fingerprints
 * within Hamming distance 3 differ in at most three blocks, so they share at
 * least one (pigeonhole): looking up the query's four blocks finds every such
 * fingerprint. A passage is filed under its first block only, in block0, and
 * matches only passages and pages that agree on that block (core/passages.ts,
 * passagesMatch): 4 entries per passage were a third of a page's bytes.
 *
 * Each block store holds one bucket per value of the block's top
 * BUCKET_KEY_BITS bits: the key is that value, the record a packed array of
 * ENTRY_BYTES-byte entries, each the page key with the block's low bits, and
 * the next two blocks of the fingerprint. A lookup is four exact key reads
 * and a distance check on 48 of the 64 bits; the page record, which the
 * caller reads for every match anyway, settles the rest (a random entry
 * passes the 48-bit check with p ≈ 1.3 × 10⁻⁶). A page's entries cost no
 * IndexedDB record of their own, and a bulk write touches at most
 * 4 × 4,096 records, however many pages it brings.
 */
import { fingerprintBlocks, type Blocks, type Fingerprint } from '../../core/fingerprint64';
import { popcount32 } from '../../core/hamming';

/**
 * One bucket of a block store, under the block's top bits: packed entries
 * (ENTRY_BYTES each) of every fingerprint filed there, page key, the block's
 * low bits and the other 48 bits — with the key the full fingerprint, so
 * candidates are distance-filtered without reading pages.
 */
export type Bucket = Uint8Array;

/**
 * Bits of a block that key its bucket; the other LOW_BITS go into the entry.
 * 16 bits gave 65,536 buckets per store, and a bulk write touching most of
 * them cost ~0.15 ms per put in Chromium here: ~40 s of the 100,000-page
 * import. With 12, a million pages make buckets of ~2.5 kB (block0, which
 * also holds the passages: ~20 kB), still one read each.
 */
export const BUCKET_KEY_BITS = 12;
export const LOW_BITS = 16 - BUCKET_KEY_BITS;
export const LOW_MASK = (1 << LOW_BITS) - 1;
/** Buckets per block store. */
export const BUCKETS = 1 << BUCKET_KEY_BITS;
/**
 * (page key × 2^LOW_BITS + the block's low bits) as uint32, then the next two
 * 16-bit blocks (b + 1, b + 2 mod 4), big-endian. The third block was 2 more
 * bytes per entry (24 per page) for a check the page record makes anyway.
 */
export const ENTRY_BYTES = 8;
/** Page keys must fit the entry's first word beside the block's low bits. */
export const PAGE_KEY_LIMIT = 2 ** (32 - LOW_BITS);
/** The block store (block0) that also files passages, under their first block. */
export const PASSAGE_STORE = 0;

/** The bucket a block value is filed in. */
export function bucketKey(block: number): number {
  return block >>> LOW_BITS;
}

/** A bucket entry as numbers: the page, the filed block's low bits, and blocks b + 1 and b + 2 (mod 4). */
export interface BucketEntry {
  pageId: number;
  low: number;
  rest: [number, number];
}

/** The blocks an entry of block store `b` keeps besides its own. */
function keptBlocks(blocks: Blocks, b: number): [number, number] {
  return [blocks[(b + 1) % 4] as number, blocks[(b + 2) % 4] as number];
}

/** Block `b` of the fingerprint hi:lo, as fingerprintBlocks gives it, without the array. */
export function blockOf(hi: number, lo: number, b: number): number {
  const half = b < 2 ? hi : lo;
  return b % 2 === 0 ? half >>> 16 : half & 0xffff;
}

export function decodeBucket(bucket: Uint8Array): BucketEntry[] {
  const view = new DataView(bucket.buffer, bucket.byteOffset, bucket.byteLength);
  const out: BucketEntry[] = [];
  for (let at = 0; at + ENTRY_BYTES <= bucket.byteLength; at += ENTRY_BYTES) {
    const word = view.getUint32(at);
    out.push({ pageId: word >>> LOW_BITS, low: word & LOW_MASK, rest: [view.getUint16(at + 4), view.getUint16(at + 6)] });
  }
  return out;
}

/** The entry of `fp` in block store `blockIndex`, as written in a bucket. */
export function bucketEntry(fp: Fingerprint, blockIndex: number, pageId: number): BucketEntry {
  const blocks = fingerprintBlocks(fp);
  return { pageId, low: (blocks[blockIndex] as number) & LOW_MASK, rest: keptBlocks(blocks, blockIndex) };
}

/**
 * Where each of a page's fingerprints is filed, as [fingerprint, block store]:
 * the whole document (slot 0) in all four, each distinct passage in block0.
 */
export function filings(fingerprints: readonly Fingerprint[]): [Fingerprint, number][] {
  const [whole, ...passages] = distinct(fingerprints);
  if (whole === undefined) return [];
  const out: [Fingerprint, number][] = [0, 1, 2, 3].map((b) => [whole, b]);
  for (const passage of passages) out.push([passage, PASSAGE_STORE]);
  return out;
}

/** Distinct fingerprints: a page repeating one (a passage equal to the whole text) files it once. */
function distinct(fingerprints: readonly Fingerprint[]): Fingerprint[] {
  const seen = new Set<string>();
  return fingerprints.filter((fp) => {
    const id = `${fp.hi >>> 0}:${fp.lo >>> 0}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** What happens to one bucket: entries of `drop` pages go, `append` (packed entries) come. */
export interface BucketChange {
  drop?: Set<number>;
  append: Uint8Array;
}

/**
 * The change that files `append` again, idempotently: the bucket first loses
 * every entry of the pages `append` has entries for (filing a page writes all
 * of its entries in the bucket at once), so filing the same pages twice, e.g.
 * when an interrupted import is run again, leaves each entry once.
 */
export function refiling(change: BucketChange): BucketChange {
  const drop = new Set(change.drop);
  const view = new DataView(change.append.buffer, change.append.byteOffset, change.append.byteLength);
  for (let at = 0; at + ENTRY_BYTES <= change.append.byteLength; at += ENTRY_BYTES) drop.add(view.getUint32(at) >>> LOW_BITS);
  return { drop, append: change.append };
}

/** The bucket after dropping the entries of `drop` and appending `append`; undefined when it ends up empty. */
export function rewriteBucket(bucket: Uint8Array | undefined, change: BucketChange): Uint8Array | undefined {
  const { drop, append } = change;
  // Failing the transaction is better than spreading a damaged bucket.
  if (bucket !== undefined && (!(bucket instanceof Uint8Array) || bucket.byteLength % ENTRY_BYTES !== 0)) throw new TypeError('a bucket of the block index is damaged');
  if (bucket === undefined || bucket.byteLength === 0) return append.byteLength === 0 ? undefined : append.slice();
  if (drop === undefined) {
    const out = new Uint8Array(bucket.byteLength + append.byteLength);
    out.set(bucket);
    out.set(append, bucket.byteLength);
    return out;
  }
  const out = new Uint8Array(bucket.byteLength + append.byteLength);
  const view = new DataView(bucket.buffer, bucket.byteOffset, bucket.byteLength);
  let size = 0;
  for (let at = 0; at + ENTRY_BYTES <= bucket.byteLength; at += ENTRY_BYTES) {
    if (drop.has(view.getUint32(at) >>> LOW_BITS)) continue;
    out.set(bucket.subarray(at, at + ENTRY_BYTES), size);
    size += ENTRY_BYTES;
  }
  out.set(append, size);
  size += append.byteLength;
  return size === 0 ? undefined : out.slice(0, size);
}

/**
 * Keys of the pages in `bucket` (filed under block `b`) that may have a
 * fingerprint within `maxDistance` of `fp`: same low bits of the block, the
 * two kept blocks within the distance.
 */
export function bucketCandidates(bucket: Bucket, fp: Fingerprint, b: number, maxDistance: number, found: Set<number>): void {
  const { low, rest: [x, y] } = bucketEntry(fp, b, 0);
  const view = new DataView(bucket.buffer, bucket.byteOffset, bucket.byteLength);
  for (let at = 0; at + ENTRY_BYTES <= bucket.byteLength; at += ENTRY_BYTES) {
    const word = view.getUint32(at);
    if ((word & LOW_MASK) === low && entryDistance(view, at, x, y) <= maxDistance) found.add(word >>> LOW_BITS);
  }
}

/** Hamming distance between the two blocks of an entry (at `at`) and the query's same two blocks. */
function entryDistance(view: DataView, at: number, a: number, b: number): number {
  return popcount32((view.getUint16(at + 4) ^ a) >>> 0) + popcount32((view.getUint16(at + 6) ^ b) >>> 0);
}
