/**
 * Version 5 → 6, inside the versionchange transaction: every page gets the
 * `scheme` index key `o`, which version 5 set only on pages with CJK text.
 * Fingerprint scheme 3 caps term weights, so Latin-script pages read before
 * it are signed differently from new ones too, and a new page must also be
 * signed in their scheme to match them (docs/decisions/0006-term-dominance.md).
 * Nothing else about a page changes. Frozen (v1.ts): reads version 5's record layout itself.
 */
import type { UpgradeTransaction } from './upgrade';

/** What version 5 stored in a page record that this upgrade reads and writes. */
interface V5StoredPage {
  /** count n, n fingerprints of 8 bytes, then flags (bits 1–4: scheme − 1), … */
  d: Uint8Array;
  o?: number;
}

const V5_SCHEME_SHIFT = 1;
const V5_SCHEME_MASK = 0x0f;

/** The scheme a version-5 record was signed in, or undefined when the record is not one (left as it is). */
function schemeOf(d: unknown): number | undefined {
  if (!(d instanceof Uint8Array) || d.byteLength < 1) return undefined;
  const flagsAt = 1 + (d[0] as number) * 8;
  if (flagsAt >= d.byteLength) return undefined;
  return (((d[flagsAt] as number) >> V5_SCHEME_SHIFT) & V5_SCHEME_MASK) + 1;
}

export async function upgradeToV6(tx: UpgradeTransaction): Promise<void> {
  const pages = tx.objectStore('pages');
  // The first failed write, not a promise per page: a history may hold a million pages.
  let failure: { error: unknown } | undefined;
  let last: Promise<unknown> = Promise.resolve();
  let cursor = await pages.openCursor();
  while (cursor !== null) {
    const record = cursor.value as V5StoredPage;
    const scheme = record.o === undefined ? schemeOf(record.d) : undefined;
    if (scheme !== undefined) last = cursor.update({ ...record, o: scheme }).catch((error: unknown) => void (failure ??= { error }));
    cursor = await cursor.continue();
  }
  await last;
  if (failure) throw failure.error;
}
