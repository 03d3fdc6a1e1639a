/**
 * The invariant every write of the history keeps: each page's fingerprints
 * have exactly one entry in each bucket they are filed in (codec/bucket.ts
 * `filings`: the whole document under all four blocks, passages and chunk heads under the
 * first), and no bucket entry points at a missing page or a fingerprint the
 * page no longer has; no bucket is empty; a block0 entry's tag is its
 * fingerprint's, or 0 (filed before database version 11). A torn write (a
 * page without its entries, entries without their page) breaks it. From
 * version 12, `groupSizes` holds each group's page count, and nothing for a
 * group that does not exist; from version 13, a group's `a` column holds the
 * keys of exactly its members that are the user's own articles, and is
 * absent when none is. Works on raw dumps, from fake-indexeddb or from the
 * browser.
 */
import { fingerprintBlocks } from '../../src/core/fingerprint64';
import { bucketEntry, bucketKey, decodeBucket, filings } from '../../src/store/codec/bucket';
import { unpackFingerprints } from '../../src/store/codec/fingerprints';
import { checkGroup, memberCount, membersOf } from '../../src/store/codec/page-group';
import { storedFiledFingerprints, storedSource, type StoredPage } from '../../src/store/codec/stored-page';

const BLOCK_STORES = ['block0', 'block1', 'block2', 'block3'] as const;

/** Keys and values by store name, as test/store/helpers.ts and the e2e support dump them. */
export type HistoryDump = Record<string, { keys: unknown[]; values: unknown[] }>;

/**
 * The dump's pages by key, as a store of a record a page would hold them:
 * the members of its `groups` (codec/page-group.ts, version 8 on), or its
 * `pages` store (a dump of an older version).
 */
export function pagesOfDump(dump: HistoryDump): { keys: number[]; values: StoredPage[] } {
  const groups = dump.groups;
  if (groups === undefined) return { keys: (dump.pages?.keys ?? []) as number[], values: (dump.pages?.values ?? []) as StoredPage[] };
  const members = groups.keys.flatMap((key, i) => membersOf(checkGroup(groups.values[i], key as number)));
  return { keys: members.map(([key]) => key), values: members.map(([, page]) => page) };
}

function count(map: Map<string, number>, id: string): void {
  map.set(id, (map.get(id) ?? 0) + 1);
}

/**
 * What is wrong with the dump, one line per problem; empty when the invariant
 * holds. `leftovers` allows entries of keys no page holds: what an import
 * stopped between filing a round's entries and writing its pages may leave
 * (src/store/import-round.ts), which a lookup skips and a rerun replaces.
 */
export function indexProblems(dump: HistoryDump, options: { leftovers?: boolean } = {}): string[] {
  const problems: string[] = [...sizeProblems(dump), ...authorProblems(dump)];
  const { keys: pageKeys, values: pages } = pagesOfDump(dump);
  BLOCK_STORES.forEach((store, block) => {
    const expected = new Map<string, number>();
    /**
     * The tags each expected entry has (entries are told apart without it: an untagged one is the same entry).
     * Two fingerprints of one page can share all but their last bytes, and so an entry: a chunk's head and its passage.
     */
    const tags = new Map<string, number[]>();
    pages.forEach((page, i) => {
      const key = pageKeys[i] as number;
      for (const [fp, filed] of filings(unpackFingerprints(storedFiledFingerprints(page, key)))) {
        if (filed !== block) continue;
        const { tag, ...entry } = bucketEntry(fp, block, key);
        const id = JSON.stringify([bucketKey(fingerprintBlocks(fp)[block] as number, block), entry]);
        count(expected, id);
        tags.set(id, [...(tags.get(id) ?? []), tag]);
      }
    });
    const { keys, values } = dump[store] ?? { keys: [], values: [] };
    const actual = new Map<string, number>();
    keys.forEach((key, i) => {
      const entries = decodeBucket(values[i] as Uint8Array, block);
      if (entries.length === 0) problems.push(`${store}: bucket ${String(key)} is empty`);
      for (const { tag, ...entry } of entries) {
        const id = JSON.stringify([key, entry]);
        count(actual, id);
        if (tag !== 0 && tags.has(id) && !tags.get(id)?.includes(tag)) problems.push(`${store}: entry ${id} has tag ${tag}, its fingerprint ${String(tags.get(id))}`);
      }
    });
    const stored = new Set(pageKeys);
    for (const [id, n] of actual) {
      if (options.leftovers === true && !expected.has(id) && !stored.has((JSON.parse(id) as [number, { pageId: number }])[1].pageId)) continue;
      if (expected.get(id) !== n) problems.push(`${store}: entry ${id} ×${n} belongs to no stored page fingerprint (expected ×${expected.get(id) ?? 0})`);
    }
    for (const [id] of expected) if (!actual.has(id)) problems.push(`${store}: entry ${id} is missing`);
  });
  return problems;
}

/** What is wrong with the dump's `groupSizes` (version 12 on): a count that is not its group's members. */
function sizeProblems(dump: HistoryDump): string[] {
  const sizes = dump.groupSizes;
  if (sizes === undefined) return [];
  const expected = new Map((dump.groups?.keys ?? []).map((key, i) => [key as number, memberCount(checkGroup(dump.groups?.values[i], key as number))]));
  const actual = new Map(sizes.keys.map((key, i) => [key as number, sizes.values[i]]));
  const problems: string[] = [];
  for (const [group, n] of expected) if (actual.get(group) !== n) problems.push(`groupSizes: group ${group} holds ${n} pages, its count says ${String(actual.get(group))}`);
  for (const [group, n] of actual) if (!expected.has(group)) problems.push(`groupSizes: group ${group} does not exist, its count says ${String(n)}`);
  return problems;
}

/** What is wrong with the groups' `a` columns (version 13 on): keys that are not exactly the members whose source is 'author'. */
function authorProblems(dump: HistoryDump): string[] {
  const groups = dump.groups;
  if (groups === undefined) return [];
  return groups.keys.flatMap((key, i) => {
    const group = checkGroup(groups.values[i], key as number);
    const authors = membersOf(group).filter(([member, page]) => storedSource(page, member) === 'author').map(([member]) => member);
    const column = group.a;
    const same = column === undefined ? authors.length === 0 : column.length > 0 && JSON.stringify(column) === JSON.stringify(authors);
    return same ? [] : [`groups: group ${String(key)} lists its own articles as ${JSON.stringify(column)}, its members say ${JSON.stringify(authors)}`];
  });
}
