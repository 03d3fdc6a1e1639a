/**
 * Version 1: pages under auto-increment ids, indexed by URL, last visit and
 * site, and the four block stores. Frozen like every step here: it imports
 * only idb types and other migration files, so a later change to the live
 * store cannot change what an upgrade does.
 */
import { BLOCK_STORE_NAMES, type UpgradeDatabase } from './upgrade';

export function createV1(db: UpgradeDatabase): void {
  const pages = db.createObjectStore('pages', { keyPath: 'id', autoIncrement: true });
  pages.createIndex('url', 'url', { unique: true });
  pages.createIndex('lastVisit', 'lastVisit');
  pages.createIndex('site', 'site');
  // Out-of-line keys: the key fields are not repeated inside each stored value.
  for (const name of BLOCK_STORE_NAMES) db.createObjectStore(name);
}
