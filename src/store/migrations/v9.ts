/**
 * Version 8 → 9: a `runs` store, where an import of more than one round
 * keeps each round's bucket entries until it files them all at once
 * (blocks/runs.ts, docs/decisions/0071). It starts empty; nothing else
 * changes. Frozen (v1.ts).
 */
import type { UpgradeDatabase } from './upgrade';

export function upgradeToV9(db: UpgradeDatabase): void {
  db.createObjectStore('runs');
}
