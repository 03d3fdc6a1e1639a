/**
 * Version 6 → 7, inside the versionchange transaction: block0, which files
 * every passage beside the whole fingerprints, is keyed by the first block's
 * top 16 bits instead of 12 (docs/decisions/0034-block0-buckets.md); the
 * pages and block1–3 do not change. Frozen (v1.ts): both layouts are written
 * out here.
 *
 * Version 6: key = the block's top 12 bits, entries of 8 bytes: (page key ×
 * 16 + the block's low 4 bits) as uint32, then blocks 1 and 2 as uint16,
 * big-endian. Version 7: key = the whole block, entries (page key × 2^(16 −
 * V7_KEY_BITS) + the block's bits below the key) then the same blocks 1 and 2.
 *
 * Old bucket k splits into the new keys k × 2^(V7_KEY_BITS − 12) and up, all
 * ≥ k, so the old buckets are read from the top down, a range at a time, and
 * each is deleted before its new buckets are written: a new bucket only ever
 * lands on a key whose old bucket was read already, and at most one range of
 * buckets is held (~3.5 MB at a million pages).
 */
import type { UpgradeTransaction } from './upgrade';

const V6_KEY_BITS = 12;
const V6_LOW_BITS = 16 - V6_KEY_BITS;
const V7_KEY_BITS = 16;
const V7_LOW_BITS = 16 - V7_KEY_BITS;
const ENTRY_BYTES = 8;
/** Old keys read at a time: 64 of version 6's ~54 kB block0 buckets at a million pages. */
const RANGE_KEYS = 64;

/** Version 7's buckets made of one version-6 bucket under `key`; throws (aborting the upgrade) on one that is not packed entries. */
function split(key: number, bucket: unknown): Map<number, Uint8Array> {
  if (!(bucket instanceof Uint8Array) || bucket.byteLength % ENTRY_BYTES !== 0) throw new TypeError(`block0 bucket ${key} of the version-6 history is damaged`);
  const view = new DataView(bucket.buffer, bucket.byteOffset, bucket.byteLength);
  const sizes = new Map<number, number>();
  const blockAt = (at: number): number => key * 2 ** V6_LOW_BITS + (view.getUint32(at) % 2 ** V6_LOW_BITS);
  for (let at = 0; at < bucket.byteLength; at += ENTRY_BYTES) {
    const next = Math.floor(blockAt(at) / 2 ** V7_LOW_BITS);
    sizes.set(next, (sizes.get(next) ?? 0) + ENTRY_BYTES);
  }
  const out = new Map<number, { bytes: Uint8Array; at: number }>([...sizes].map(([next, size]) => [next, { bytes: new Uint8Array(size), at: 0 }]));
  for (let at = 0; at < bucket.byteLength; at += ENTRY_BYTES) {
    const block = blockAt(at);
    const pageKey = Math.floor(view.getUint32(at) / 2 ** V6_LOW_BITS);
    const target = out.get(Math.floor(block / 2 ** V7_LOW_BITS)) as { bytes: Uint8Array; at: number };
    const word = pageKey * 2 ** V7_LOW_BITS + (block % 2 ** V7_LOW_BITS);
    new DataView(target.bytes.buffer).setUint32(target.at, word);
    target.bytes.set(bucket.subarray(at + 4, at + ENTRY_BYTES), target.at + 4);
    target.at += ENTRY_BYTES;
  }
  return new Map([...out].map(([next, { bytes }]) => [next, bytes]));
}

export async function upgradeToV7(tx: UpgradeTransaction): Promise<void> {
  const store = tx.objectStore('block0');
  for (let low = 2 ** V6_KEY_BITS - RANGE_KEYS; low >= 0; low -= RANGE_KEYS) {
    const range = IDBKeyRange.bound(low, low + RANGE_KEYS - 1);
    const [keys, buckets] = await Promise.all([store.getAllKeys(range), store.getAll(range)]);
    const writes: Promise<unknown>[] = [];
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as number;
      const parts = split(key, buckets[i]);
      writes.push(store.delete(key));
      for (const [next, bytes] of parts) writes.push(store.put(bytes, next));
    }
    // Awaited range by range, so at most one range of buckets is held.
    await Promise.all(writes);
  }
}
