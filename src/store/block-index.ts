/**
 * The four block stores: every stored fingerprint is filed under each of its
 * four 16-bit blocks. Two fingerprints within Hamming distance 3 differ in at
 * most three blocks, so they share at least one (pigeonhole): looking up the
 * query's four blocks finds every such fingerprint.
 */
import type { IDBPTransaction } from 'idb';
import { fingerprintBlocks, fingerprintFromHex, type Fingerprint } from '../core/fingerprint64';
import { popcount32 } from '../core/hamming';
import { BLOCK_STORES, type BlockKey, type BlockRest, type HistorySchema } from './schema';

type BlockStores = (typeof BLOCK_STORES)[number];
type ReadTx = IDBPTransaction<HistorySchema, ('pages' | BlockStores)[], IDBTransactionMode>;
type WriteTx = IDBPTransaction<HistorySchema, ('pages' | BlockStores)[], 'readwrite'>;

const TWO_16 = 0x10000;
const TWO_32 = 0x100000000;

/** The three blocks other than `block`, most significant first, packed into 48 bits. */
export function blockRest(fp: Fingerprint, block: number): BlockRest {
  const blocks = fingerprintBlocks(fp);
  let rest = 0;
  blocks.forEach((value, i) => {
    if (i !== block) rest = rest * TWO_16 + value;
  });
  return rest;
}

/** Hamming distance between two 48-bit rests (the shared key block contributes 0). */
export function restDistance(a: BlockRest, b: BlockRest): number {
  const high = (Math.floor(a / TWO_32) ^ Math.floor(b / TWO_32)) >>> 0;
  const low = ((a % TWO_32) ^ (b % TWO_32)) >>> 0;
  return popcount32(high) + popcount32(low);
}

/** A page's fingerprints by slot: 0 is the whole document, n ≥ 1 is passages[n - 1]. */
export function pageFingerprints(page: { fingerprint: string; passages: readonly string[] }): Fingerprint[] {
  return [page.fingerprint, ...page.passages].map(fingerprintFromHex);
}

function blockKey(fp: Fingerprint, block: number, pageId: number, slot: number): BlockKey {
  return [fingerprintBlocks(fp)[block] as number, pageId, slot];
}

/**
 * The requests `issue` makes, in order. A request can fail before it exists
 * (a browser may throw QuotaExceededError from `add` itself): then the ones
 * already issued get a handler before the error goes on, since they will
 * fail too once the caller aborts the transaction, and nobody else awaits them.
 */
export function collectRequests(issue: (request: (pending: Promise<unknown>) => void) => void): Promise<unknown>[] {
  const requests: Promise<unknown>[] = [];
  try {
    issue((pending) => requests.push(pending));
  } catch (error) {
    for (const pending of requests) pending.catch(() => undefined);
    throw error;
  }
  return requests;
}

/**
 * Files the page's fingerprints. `add`, not `put`: an existing entry would
 * mean the index is out of step with the pages, and failing the transaction
 * is better than hiding that.
 */
export function addBlockEntries(tx: WriteTx, pageId: number, fingerprints: readonly Fingerprint[]): Promise<unknown>[] {
  return collectRequests((request) => BLOCK_STORES.forEach((name, block) => {
    const store = tx.objectStore(name);
    fingerprints.forEach((fp, slot) => request(store.add(blockRest(fp, block), blockKey(fp, block, pageId, slot))));
  }));
}

/** Keys are recomputed from the page's own fingerprints, so no reverse index by page is needed. */
export function deleteBlockEntries(tx: WriteTx, pageId: number, fingerprints: readonly Fingerprint[]): Promise<unknown>[] {
  return collectRequests((request) => BLOCK_STORES.forEach((name, block) => {
    const store = tx.objectStore(name);
    fingerprints.forEach((fp, slot) => request(store.delete(blockKey(fp, block, pageId, slot))));
  }));
}

export interface BlockHit {
  pageId: number;
  slot: number;
  distance: number;
}

/**
 * Pages with a fingerprint within `maxDistance` (≤ 3) of `fp`, best slot per
 * page. One key range per block store, [v, -∞] to [v, +∞]; keys and values of
 * that range come from getAllKeys and getAll on the same range, as IndexedDB
 * has no portable single call returning both.
 */
export async function lookupBlocks(tx: ReadTx, fp: Fingerprint, maxDistance: number): Promise<BlockHit[]> {
  const blocks = fingerprintBlocks(fp);
  const best = new Map<number, BlockHit>();
  await Promise.all(BLOCK_STORES.map(async (name, block) => {
    const value = blocks[block] as number;
    const range = IDBKeyRange.bound([value, -Infinity], [value, Infinity]);
    const store = tx.objectStore(name);
    const [keys, rests] = await Promise.all([store.getAllKeys(range), store.getAll(range)]);
    const queryRest = blockRest(fp, block);
    keys.forEach(([, pageId, slot], i) => {
      const distance = restDistance(queryRest, rests[i] as BlockRest);
      if (distance > maxDistance) return;
      const previous = best.get(pageId);
      if (previous === undefined || distance < previous.distance || (distance === previous.distance && slot < previous.slot)) {
        best.set(pageId, { pageId, slot, distance });
      }
    });
  }));
  return [...best.values()];
}
