/**
 * Version 12 → 13: the groups' multiEntry `author` index over a new `a`
 * column, the keys of the members whose source is 'author' (the user's own
 * articles), present only in groups that hold one, so that listing them
 * reads those groups, not every group (docs/decisions/0102). Each group is
 * read here, GROUPS_PER_READ at a time, and written back only when it holds
 * an article of the user's; nothing else changes. A member's source is the
 * byte after its flags in its packed fields (`d` from `at[i]`): a count byte
 * (bit 0x80: chunk heads follow, with a count byte of their own), 8 bytes
 * per fingerprint, the flags, then the source (3 is 'author'); a member too
 * short for that counts as none. A group record that is not a version-12
 * group aborts the upgrade, which leaves version 12 as it was. Frozen (v1.ts).
 */
import type { UpgradeTransaction } from './upgrade';

/** Groups read at a time: ~5 MB at a million pages (~300 kB a group). */
const GROUPS_PER_READ = 16;
const AUTHOR = 3;
const HEADS_FOLLOW = 0x80;
const FINGERPRINT_BYTES = 8;

interface V12Group {
  w: [number, number][];
  d: Uint8Array;
  at: Uint32Array;
  a?: number[];
}

/** The keys of the group's members whose source is 'author'; throws on a record that is not a version-12 group. */
function authorsOf(value: unknown, group: unknown): number[] {
  const record = value as Partial<V12Group> | undefined;
  const { w, d, at } = record ?? {};
  if (!Array.isArray(w) || !(d instanceof Uint8Array) || !(at instanceof Uint32Array) || at.length !== w.length + 1) {
    throw new Error(`group ${String(group)} is not a version-12 group`);
  }
  return w.flatMap(([, key], i) => {
    const start = at[i] as number;
    const count = (d[start] ?? 0) & ~HEADS_FOLLOW;
    let flags = start + 1 + count * FINGERPRINT_BYTES;
    if (((d[start] ?? 0) & HEADS_FOLLOW) !== 0) flags += 1 + (d[flags] ?? 0) * FINGERPRINT_BYTES;
    // A member too short to hold its source is damaged: no article, as encodeGroup reads it, and the upgrade goes on.
    return flags + 1 < (at[i + 1] as number) && d[flags + 1] === AUTHOR ? [key] : [];
  });
}

export async function upgradeToV13(tx: UpgradeTransaction): Promise<void> {
  const groups = tx.objectStore('groups');
  groups.createIndex('author', 'a', { multiEntry: true });
  for (let after = -Infinity; ;) {
    const range = IDBKeyRange.lowerBound(after, true);
    const [keys, values] = await Promise.all([groups.getAllKeys(range, GROUPS_PER_READ), groups.getAll(range, GROUPS_PER_READ)]);
    await Promise.all(keys.flatMap((key, i) => {
      const authors = authorsOf(values[i], key);
      return authors.length > 0 ? [groups.put({ ...(values[i] as V12Group), a: authors }, key)] : [];
    }));
    const last = keys[keys.length - 1];
    if (last === undefined || keys.length < GROUPS_PER_READ) break;
    after = last as number;
  }
}
