/**
 * Version 1 → 2, inside the versionchange transaction. v1 filed each
 * fingerprint as its own record under [block, pageId, slot]; v2 keys the same
 * stores by the block alone (buckets) and packs each page's hex fingerprints
 * into one field. The block stores are emptied here: the version-3 upgrade,
 * which always follows in the same transaction, rebuilds them from the pages
 * (v3.ts). Versions 2 and 3 set imports aside in a `staging` store until the
 * file was read to its end. Frozen (v1.ts).
 */
import { BLOCK_STORE_NAMES, type UpgradeDatabase, type UpgradeTransaction } from './upgrade';

/** A page as version 1 stored it: fingerprints as 16 hex digits each. */
interface V1Page {
  fingerprint: unknown;
  passages: unknown;
  [field: string]: unknown;
}

/** A page as version 2 stores it: as in version 1, the fingerprints packed 8 bytes each, big-endian, whole document first. */
export type V2Page = Omit<V1Page, 'fingerprint' | 'passages'> & { fingerprints: Uint8Array };

const HEX_FINGERPRINT = /^[0-9a-fA-F]{16}$/;

/** The fingerprints packed; throws on one that is not 16 hex digits, which aborts the upgrade. */
function packHex(fingerprint: unknown, passages: unknown): Uint8Array {
  if (!Array.isArray(passages)) throw new TypeError('a version-1 page has no passages array');
  const hexes: unknown[] = [fingerprint, ...passages];
  const bytes = new Uint8Array(hexes.length * 8);
  hexes.forEach((hex, i) => {
    if (typeof hex !== 'string' || !HEX_FINGERPRINT.test(hex)) throw new Error(`not a 64-bit fingerprint (16 hex digits): ${JSON.stringify(hex)}`);
    for (let k = 0; k < 8; k++) bytes[i * 8 + k] = parseInt(hex.slice(2 * k, 2 * k + 2), 16);
  });
  return bytes;
}

async function packPages(tx: UpgradeTransaction): Promise<void> {
  const updates: Promise<unknown>[] = [];
  let cursor = await tx.objectStore('pages').openCursor();
  while (cursor !== null) {
    const { fingerprint, passages, ...rest } = cursor.value as V1Page;
    const page: V2Page = { ...rest, fingerprints: packHex(fingerprint, passages) };
    updates.push(cursor.update(page));
    cursor = await cursor.continue();
  }
  await Promise.all([...updates, ...BLOCK_STORE_NAMES.map((name) => tx.objectStore(name).clear())]);
}

/** Adds the staging store at once; the returned promise settles when a version-1 history's pages are packed. */
export function upgradeToV2(db: UpgradeDatabase, tx: UpgradeTransaction, oldVersion: number): Promise<void> {
  db.createObjectStore('staging');
  return oldVersion >= 1 ? packPages(tx) : Promise.resolve();
}
