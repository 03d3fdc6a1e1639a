/**
 * The invariant every write of the history keeps: each page has exactly the
 * block entries its fingerprints call for in all four block stores, and no
 * block entry points at a missing page or a fingerprint the page no longer
 * has. A torn write (a page without its entries, entries without their page)
 * breaks it. Works on raw dumps, from fake-indexeddb or from the browser.
 */
import { fingerprintBlocks, fingerprintFromHex } from '../../src/core/fingerprint64';
import { blockRest } from '../../src/store/block-index';
import type { PageRecord } from '../../src/store';

const BLOCK_STORES = ['block0', 'block1', 'block2', 'block3'] as const;

/** Keys and values by store name, as test/store/helpers.ts and the e2e support dump them. */
export type HistoryDump = Record<string, { keys: unknown[]; values: unknown[] }>;

/** What is wrong with the dump, one line per problem; empty when the invariant holds. */
export function indexProblems(dump: HistoryDump): string[] {
  const problems: string[] = [];
  const pages = (dump.pages?.values ?? []) as PageRecord[];
  BLOCK_STORES.forEach((store, block) => {
    const expected = new Map<string, number>();
    for (const page of pages) {
      [page.fingerprint, ...page.passages].forEach((hex, slot) => {
        const fp = fingerprintFromHex(hex);
        expected.set(JSON.stringify([fingerprintBlocks(fp)[block], page.id, slot]), blockRest(fp, block));
      });
    }
    const { keys, values } = dump[store] ?? { keys: [], values: [] };
    const seen = new Set<string>();
    keys.forEach((key, i) => {
      const id = JSON.stringify(key);
      seen.add(id);
      if (!expected.has(id)) problems.push(`${store}: entry ${id} belongs to no stored page fingerprint`);
      else if (expected.get(id) !== values[i]) problems.push(`${store}: entry ${id} holds ${String(values[i])}, expected ${expected.get(id)}`);
    });
    for (const id of expected.keys()) if (!seen.has(id)) problems.push(`${store}: entry ${id} is missing`);
  });
  return problems;
}
