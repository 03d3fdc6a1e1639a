/**
 * Version 4 → 5, inside the versionchange transaction: the pages store gets
 * the sparse `scheme` index (field `o`), and every page with
 * CJK text, all signed in fingerprint scheme 1 until now, is marked as such,
 * so new pages are also signed in scheme 1 to match it. Nothing else about a
 * page changes. Frozen (v1.ts): reads version 4's record layout itself.
 */
import type { UpgradeTransaction } from './upgrade';

/** What version 4 stored in a page record that this upgrade reads and writes. */
interface V4StoredPage {
  /** count n, n fingerprints of 8 bytes, flags, source, then varints visitCount, textLength, cjkChars, … */
  d: Uint8Array;
  o?: number;
}

/** Every page of version 4 was signed in scheme 1. */
const V4_SCHEME = 1;

/** cjkChars of a version-4 record, or undefined when the record is not one (left as it is). */
function cjkCharsOf(d: unknown): number | undefined {
  if (!(d instanceof Uint8Array) || d.byteLength < 1) return undefined;
  let at = 1 + (d[0] as number) * 8 + 2;
  const varint = (): number | undefined => {
    let value = 0;
    let scale = 1;
    while (at < d.byteLength && scale <= 2 ** 49) {
      const byte = d[at++] as number;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
    return undefined;
  };
  varint(); // visitCount
  varint(); // textLength
  return varint();
}

export async function upgradeToV5(tx: UpgradeTransaction): Promise<void> {
  const pages = tx.objectStore('pages');
  pages.createIndex('scheme', 'o');
  const writes: Promise<unknown>[] = [];
  let cursor = await pages.openCursor();
  while (cursor !== null) {
    const record = cursor.value as V4StoredPage;
    const cjkChars = cjkCharsOf(record.d);
    if (cjkChars !== undefined && cjkChars > 0) writes.push(cursor.update({ ...record, o: V4_SCHEME }));
    cursor = await cursor.continue();
  }
  await Promise.all(writes);
}
