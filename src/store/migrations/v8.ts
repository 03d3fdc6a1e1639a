/**
 * Version 7 → 8, inside the versionchange transaction: the pages move from a
 * record each (`pages`) into groups (`groups`), the pages whose keys share
 * their top 12 bits as one record of columns (docs/decisions/0068, 0070).
 * Page keys, the records' fields and the block stores do not change. Frozen
 * (v1.ts): both layouts are written out here.
 *
 * Version 7 page record: `{ u, t, e, v, d, o, c?, l?, s? }` (url, title,
 * excerpt, last visit, packed fields, scheme; canonical URL, language, site).
 * Version 8 group: `w` the members' `[v, key]` in key order, `u`, `t`, `e`,
 * `o` as arrays, `d` every member's packed fields one after another with
 * offsets `at` (n + 1), and `c`, `l`, `s` as arrays (null where a member has
 * none) only when some member has one. Indexes: `lastVisit` on `w` and
 * `scheme` on `o`, both multiEntry.
 *
 * The pages are read in key order, RANGE_PAGES at a time, so each group is
 * complete when the next one starts and is written once; at most one range
 * and one group are held. A record that is not a version-7 page aborts the
 * upgrade, which leaves version 7 as it was.
 */
import type { UpgradeDatabase, UpgradeTransaction } from './upgrade';

const V8_GROUP_SHIFT = 16;
/** Pages read at a time: ~1.3 MB of records at version 7's ~1.3 kB a page. */
const RANGE_PAGES = 1000;
const OPTIONAL = ['c', 'l', 's'] as const;

interface V7Page {
  u: string;
  t: string;
  e: string;
  v: number;
  d: Uint8Array;
  o: number;
  c?: string;
  l?: string;
  s?: string;
}

function checkPage(value: unknown, key: number): V7Page {
  const page = value as Partial<V7Page> | null;
  const ok = typeof page?.u === 'string' && typeof page.t === 'string' && typeof page.e === 'string' && typeof page.v === 'number'
    && page.d instanceof Uint8Array && typeof page.o === 'number'
    && OPTIONAL.every((field) => page[field] === undefined || typeof page[field] === 'string');
  if (!ok) throw new TypeError(`page ${key} of the version-7 history is damaged`);
  return page as V7Page;
}

function groupRecord(members: readonly [number, V7Page][]): Record<string, unknown> {
  const at = new Uint32Array(members.length + 1);
  members.forEach(([, page], i) => { at[i + 1] = (at[i] as number) + page.d.byteLength; });
  const d = new Uint8Array(at[members.length] as number);
  members.forEach(([, page], i) => d.set(page.d, at[i]));
  const record: Record<string, unknown> = {
    w: members.map(([key, page]) => [page.v, key]),
    u: members.map(([, page]) => page.u),
    t: members.map(([, page]) => page.t),
    e: members.map(([, page]) => page.e),
    o: members.map(([, page]) => page.o),
    d,
    at,
  };
  for (const field of OPTIONAL) {
    if (members.some(([, page]) => page[field] !== undefined)) record[field] = members.map(([, page]) => page[field] ?? null);
  }
  return record;
}

export async function upgradeToV8(db: UpgradeDatabase, tx: UpgradeTransaction): Promise<void> {
  const groups = db.createObjectStore('groups');
  groups.createIndex('lastVisit', 'w', { multiEntry: true });
  groups.createIndex('scheme', 'o', { multiEntry: true });
  const pages = tx.objectStore('pages');
  const writes: Promise<unknown>[] = [];
  let members: [number, V7Page][] = [];
  let group = -1;
  const writeGroup = (): void => {
    if (members.length > 0) writes.push(tx.objectStore('groups').put(groupRecord(members), group));
    members = [];
  };
  for (let after = -Infinity; ;) {
    const range = IDBKeyRange.lowerBound(after, true);
    const [keys, values] = await Promise.all([pages.getAllKeys(range, RANGE_PAGES), pages.getAll(range, RANGE_PAGES)]);
    keys.forEach((key, i) => {
      const pageKey = key as number;
      const of = pageKey >>> V8_GROUP_SHIFT;
      if (of !== group) {
        writeGroup();
        group = of;
      }
      members.push([pageKey, checkPage(values[i], pageKey)]);
    });
    // Awaited range by range, so at most one range of writes is pending.
    await Promise.all(writes.splice(0));
    const last = keys[keys.length - 1];
    if (last === undefined || keys.length < RANGE_PAGES) break;
    after = last as number;
  }
  writeGroup();
  await Promise.all(writes);
  db.deleteObjectStore('pages');
}
