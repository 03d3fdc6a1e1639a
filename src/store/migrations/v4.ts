/**
 * Version 3 → 4: imports run in one transaction that reads the file, so
 * nothing is set aside any more, and what an interrupted import left in the
 * staging store goes with it. Frozen (v1.ts).
 */
import type { UpgradeDatabase } from './upgrade';

export function upgradeToV4(db: UpgradeDatabase): void {
  db.deleteObjectStore('staging');
}
