/**
 * Page keys: a page is stored under a key made from its URL, so finding the
 * page of a URL reads the pages store itself and needs no index on URLs (an
 * index repeats every URL as a UTF-16 key: the largest cost per page after the
 * block index, bench/RESULTS.md). Key = URL hash (24 bits) × 16 + slot; URLs
 * sharing a hash take the next free slot, and a look-up reads the hash's 16
 * keys at once. Keys stay below 2^28, the room an entry of block1–3 gives a
 * page beside the block's 4 low bits (bucket.ts PAGE_KEY_LIMIT; block0's
 * entries keep none). The math only: reading the slots is page-table.ts.
 */
import { popcount32 } from '../../core/hamming';

export const SLOT_BITS = 4;
export const SLOTS_PER_HASH = 1 << SLOT_BITS;
/** With SLOT_BITS, keys stay below 2^28: an entry of block1–3 has 28 bits for one. */
export const URL_HASH_BITS = 24;

/**
 * FNV-1a over the URL's UTF-16 units, folded to 24 bits; 0 is moved to 1 so
 * no page key is 0. Collisions only cost a slot: 17 URLs on one 24-bit hash
 * (≈ 10^-20 for a million pages) is refused with an error.
 */
export function urlHash(url: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < url.length; i++) h = Math.imul(h ^ url.charCodeAt(i), 0x01000193);
  const folded = ((h >>> URL_HASH_BITS) ^ h) & (2 ** URL_HASH_BITS - 1);
  return folded === 0 ? 1 : folded;
}

export class PageKeyError extends Error {
  constructor(url: string) {
    super(`${SLOTS_PER_HASH} stored URLs already share the hash of ${url}`);
    this.name = 'PageKeyError';
  }
}

/** The lowest slot of `url`'s hash not in `taken`. */
export function freeKey(url: string, taken: readonly number[]): number {
  const base = urlHash(url) * SLOTS_PER_HASH;
  for (let key = base; key < base + SLOTS_PER_HASH; key++) if (!taken.includes(key)) return key;
  throw new PageKeyError(url);
}

/**
 * Which URL hashes have a page, one bit each (2 MB; page-table.ts reads
 * them from the store's keys): for bulk writes, where
 * reading a hash's slots for every page would cost a request per page. A
 * clear bit means the URL is new and slot 0 is free, so most pages of an
 * import into a history of up to a million pages (6% of hashes taken) need
 * no read at all.
 */
export class TakenHashes {
  private readonly bits = new Uint32Array(2 ** URL_HASH_BITS / 32);

  /**
   * The key of slot 0 for a URL whose hash no page has yet, marking the hash
   * taken; undefined when it is taken already (the URL may be stored, or share
   * its hash: read its slots, PageTable `findByUrl` / `newKey`).
   */
  claim(url: string): number | undefined {
    const hash = urlHash(url);
    if (this.has(hash)) return undefined;
    this.mark(hash);
    return hash * SLOTS_PER_HASH;
  }

  /** Hashes marked from `from` to `to`, both included: how many stored pages a key range over them may hold, without reading it. */
  countIn(from: number, to: number): number {
    let n = 0;
    for (let hash = from; hash <= to; ) {
      const word = this.bits[hash >>> 5] as number;
      if ((hash & 31) === 0 && hash + 31 <= to) {
        n += popcount32(word);
        hash += 32;
        continue;
      }
      if ((word & (1 << (hash & 31))) !== 0) n++;
      hash++;
    }
    return n;
  }

  has(hash: number): boolean {
    return ((this.bits[hash >>> 5] as number) & (1 << (hash & 31))) !== 0;
  }

  mark(hash: number): void {
    this.bits[hash >>> 5] = (this.bits[hash >>> 5] as number) | (1 << (hash & 31));
  }
}
