/**
 * Version 11 → 12: a `groupSizes` store, the number of pages of each group
 * under the group's key, so that counting the pages reads 4,096 small
 * records instead of the lastVisit index, whose count checks every entry
 * against its group (~15 s at 300,000 pages; docs/decisions/0096). Filled
 * here from each group's `w` column (one `[lastVisit, key]` per member),
 * GROUPS_PER_READ groups at a time; nothing else changes. A group record
 * without its `w` column aborts the upgrade, which leaves version 11 as it
 * was. Frozen (v1.ts).
 */
import type { UpgradeDatabase, UpgradeTransaction } from './upgrade';

/** Groups read at a time: ~5 MB at a million pages (~300 kB a group). */
const GROUPS_PER_READ = 16;

export async function upgradeToV12(db: UpgradeDatabase, tx: UpgradeTransaction): Promise<void> {
  db.createObjectStore('groupSizes');
  const groups = tx.objectStore('groups');
  const sizes = tx.objectStore('groupSizes');
  for (let after = -Infinity; ;) {
    const range = IDBKeyRange.lowerBound(after, true);
    const [keys, values] = await Promise.all([groups.getAllKeys(range, GROUPS_PER_READ), groups.getAll(range, GROUPS_PER_READ)]);
    await Promise.all(keys.map((key, i) => {
      const members = (values[i] as { w?: unknown } | undefined)?.w;
      if (!Array.isArray(members)) throw new Error(`group ${String(key)} is not a version-11 group`);
      return sizes.put(members.length, key);
    }));
    const last = keys[keys.length - 1];
    if (last === undefined || keys.length < GROUPS_PER_READ) break;
    after = last as number;
  }
}
