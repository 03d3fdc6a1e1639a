/**
 * Version 9 → 10: an `imports` store, where a file imported in full leaves
 * a receipt (its size and digest), so importing the same file again is
 * answered without reading it through (import-receipts.ts, docs/decisions/0073).
 * It starts empty; nothing else changes. Frozen (v1.ts).
 */
import type { UpgradeDatabase } from './upgrade';

export function upgradeToV10(db: UpgradeDatabase): void {
  db.createObjectStore('imports');
}
