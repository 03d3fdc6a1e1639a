/**
 * A group of pages as one record, column by column (decisions/0068): the
 * pages whose keys share their top bits, each column an array over the
 * members in key order, and every member's packed fields (StoredPage.d) in
 * one byte array with offsets. Why columns: IndexedDB clones a record's
 * every object and byte array on each read, so a group of ~250 page
 * objects, each with its own byte array, cost a look-up at a million pages
 * twice its time budget (decisions/0068, the v8-groups follow-up); a few
 * arrays and one byte array do not. A member is built (`memberAt`) only
 * when it is asked for, its bytes a view into the group's. Pure: no IndexedDB.
 */
import type { FingerprintScheme } from '../../core/scheme';
import { storedSource, type StoredPage } from './stored-page';

/**
 * Page keys are below 2^28 (page-key.ts); a group holds the keys that share
 * their top 12 bits: 4,096 groups, ~250 pages (~300 KB) each at a million
 * pages, the size that wrote fastest (decisions/0067, 0068).
 */
export const GROUP_SHIFT = 16;

export interface PageGroup {
  /**
   * `[lastVisit, key]` of each member, in key order: the entries of the
   * multiEntry `lastVisit` index. A pair, not the bare time, so two members
   * read in the same millisecond keep an entry each.
   */
  w: [number, number][];
  /** url, title, excerpt of each member (StoredPage u, t, e). */
  u: string[];
  t: string[];
  e: string[];
  /** Each member's fingerprint scheme: the multiEntry `scheme` index. */
  o: FingerprintScheme[];
  /** The members' packed fields one after another: member i's are d[at[i]] … d[at[i + 1] − 1]. */
  d: Uint8Array;
  at: Uint32Array;
  /**
   * The keys of the members whose source is 'author' (the user's own
   * articles), in key order, present only when some member is one: the
   * multiEntry `author` index, so listing them reads those groups alone,
   * not every group (database version 13, decisions/0102).
   */
  a?: number[];
  /** The optional strings (StoredPage c, l, s), each column present only when some member has one; null where a member has none. */
  c?: (string | null)[];
  l?: (string | null)[];
  s?: (string | null)[];
}

const OPTIONAL = ['c', 'l', 's'] as const;

export function groupOf(key: number): number {
  return key >>> GROUP_SHIFT;
}

/** The range of page keys group `group` may hold. */
export function groupKeyRange(group: number): [number, number] {
  return [group << GROUP_SHIFT, ((group + 1) << GROUP_SHIFT) - 1];
}

/** A group of `members`, which must be in ascending key order and share a group. */
export function encodeGroup(members: readonly (readonly [number, StoredPage])[]): PageGroup {
  const at = new Uint32Array(members.length + 1);
  members.forEach(([, page], i) => { at[i + 1] = (at[i] as number) + page.d.byteLength; });
  const d = new Uint8Array(at[members.length] as number);
  members.forEach(([, page], i) => d.set(page.d, at[i]));
  const group: PageGroup = {
    w: members.map(([key, page]) => [page.v, key]),
    u: members.map(([, page]) => page.u),
    t: members.map(([, page]) => page.t),
    e: members.map(([, page]) => page.e),
    // Every page has its scheme since version 6 (migrations/v6.ts).
    o: members.map(([, page]) => page.o as FingerprintScheme),
    d,
    at,
  };
  for (const field of OPTIONAL) {
    if (members.some(([, page]) => page[field] !== undefined)) group[field] = members.map(([, page]) => page[field] ?? null);
  }
  const authors = members.filter(([key, page]) => isOwnArticle(page, key)).map(([key]) => key);
  if (authors.length > 0) group.a = authors;
  return group;
}

/** Whether the member is one of the user's own articles; a damaged one is not, and still does not stop its group being written. */
function isOwnArticle(page: StoredPage, key: number): boolean {
  try {
    return storedSource(page, key) === 'author';
  } catch {
    return false;
  }
}

export function memberCount(group: PageGroup): number {
  return group.w.length;
}

export function memberKey(group: PageGroup, i: number): number {
  return (group.w[i] as [number, number])[1];
}

/** The member index of `key`, or −1: a binary search over the keys. */
export function memberIndex(group: PageGroup, key: number): number {
  let low = 0;
  let high = group.w.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = memberKey(group, mid);
    if (at === key) return mid;
    if (at < key) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/** Member `i` as a stored page; its bytes are a view into the group's. */
export function memberAt(group: PageGroup, i: number): StoredPage {
  const page: StoredPage = {
    u: group.u[i] as string,
    t: group.t[i] as string,
    e: group.e[i] as string,
    v: (group.w[i] as [number, number])[0],
    d: group.d.subarray(group.at[i], group.at[i + 1]),
    o: group.o[i] as FingerprintScheme,
  };
  for (const field of OPTIONAL) {
    const value = group[field]?.[i];
    if (value !== undefined && value !== null) page[field] = value;
  }
  return page;
}

/** Every member with its key, in key order. */
export function membersOf(group: PageGroup): [number, StoredPage][] {
  return group.w.map(([, key], i) => [key, memberAt(group, i)]);
}

export class DamagedGroupError extends Error {
  constructor(group: number) {
    super(`the stored group of pages ${group} is damaged`);
    this.name = 'DamagedGroupError';
  }
}

const isStrings = (value: unknown, n: number, nullable = false): boolean =>
  Array.isArray(value) && value.length === n && value.every((item) => typeof item === 'string' || (nullable && item === null));

/**
 * `value` as a group, or DamagedGroupError (naming `group`) when it is not
 * one this code wrote: columns of one length, members in ascending key order
 * within the group, offsets rising to the byte array's end. A member's own
 * bytes are checked when it is decoded (stored-page.ts).
 */
export function checkGroup(value: unknown, group: number): PageGroup {
  const record = value as Partial<PageGroup> | null | undefined;
  const w = record?.w;
  const n = Array.isArray(w) ? w.length : -1;
  const [low, high] = groupKeyRange(group);
  let previous = low - 1;
  const wellFormed = n >= 0
    && w?.every((pair) => {
      const ok = Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'number' && Number.isInteger(pair[1]) && pair[1] > previous && pair[1] <= high;
      if (ok) previous = pair[1];
      return ok;
    })
    && isStrings(record?.u, n) && isStrings(record?.t, n) && isStrings(record?.e, n)
    && Array.isArray(record?.o) && record.o.length === n
    && record?.d instanceof Uint8Array && record.at instanceof Uint32Array && record.at.length === n + 1
    && record.at[0] === 0 && record.at[n] === record.d.byteLength && record.at.every((offset, i) => i === 0 || offset >= ((record.at as Uint32Array)[i - 1] as number))
    && OPTIONAL.every((field) => record[field] === undefined || isStrings(record[field], n, true))
    && (record.a === undefined || (Array.isArray(record.a) && record.a.every((key) => Number.isInteger(key) && key >= low && key <= high)));
  if (!wellFormed) throw new DamagedGroupError(group);
  return record as PageGroup;
}
