import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, test } from 'vitest';
import { fingerprintFromHex, fingerprintToHex, type Fingerprint } from '../../src/core/fingerprint64';
import { hammingDistance } from '../../src/core/hamming';
import { openHistory, type Page as PageRecord } from '../../src/store';
import { indexProblems } from '../support/history-invariants';
import { buildV6Database } from './fixtures/v6-database';
import { dumpDatabase, expectUpgradeRefused, flipRandomBits, randomFingerprint, rawPut, seededRandom, T0 } from './helpers';

/**
 * Version 7 keys block0 (every passage beside the whole fingerprints) by the
 * whole first block instead of its top 12 bits (src/store/migrations/v7.ts).
 * The upgrade re-buckets block0 in place and touches nothing else: every page
 * stays, and every look-up finds what it found in version 6.
 */

/** Pages with 0–64 passages, some near the page's own fingerprint, some sharing a first block with another page; the first blocks at both ends of the key space too. */
function v6History(count: number): PageRecord[] {
  const random = seededRandom(7);
  const pages: PageRecord[] = [];
  const pool: Fingerprint[] = [fingerprintFromHex('0000000000000000'), fingerprintFromHex('ffffffffffffffff'), fingerprintFromHex('fff0123456789abc'), fingerprintFromHex('000f0123456789ab')];
  for (let i = 0; i < count; i++) {
    const base = i < pool.length ? (pool[i] as Fingerprint) : randomFingerprint(random);
    const passages = Array.from({ length: Math.floor(random() * 65) }, () => {
      const draw = random();
      if (draw < 0.2) return flipRandomBits(base, 3, random);
      // Same first block as a fingerprint of an earlier page, the rest near it or not.
      if (draw < 0.4 && pool.length > 0) {
        const other = pool[Math.floor(random() * pool.length)] as Fingerprint;
        return draw < 0.3 ? flipRandomBits(other, 2, random, Array.from({ length: 48 }, (_, bit) => bit)) : { hi: ((other.hi & 0xffff0000) | (randomFingerprint(random).hi & 0xffff)) >>> 0, lo: randomFingerprint(random).lo };
      }
      return randomFingerprint(random);
    });
    pool.push(base, ...passages.slice(0, 2));
    const [fingerprint, ...rest] = [base, ...passages].map(fingerprintToHex);
    pages.push({
      id: 0, url: `https://example.com/${i}`, title: `Page ${i}`, site: 'example.com', excerpt: '', textLength: 1000, cjkChars: 0, words: 200, scheme: 1,
      fingerprint: fingerprint as string, passages: rest, firstVisit: T0 + i, lastVisit: T0 + i, visitCount: 1, source: 'visit',
    });
  }
  return pages;
}

const firstBlock = (fp: Fingerprint): number => fp.hi >>> 16;

/** Hamming distance on blocks 1 and 2, the two a block0 entry keeps. */
const keptDistance = (a: Fingerprint, b: Fingerprint): number => hammingDistance({ hi: (a.hi & 0xffff) >>> 0, lo: (a.lo & 0xffff0000) >>> 0 }, { hi: (b.hi & 0xffff) >>> 0, lo: (b.lo & 0xffff0000) >>> 0 });

/**
 * What version 6 found for `query` (the block index's contract): every page
 * whose whole fingerprint, or a passage sharing the query's first block, is
 * within 3, at the best of those distances. A passage query reads block0
 * alone: a page is a candidate when a fingerprint it files there has the
 * query's first block and blocks 1–2 within 3 (the entry's 48-bit check).
 */
function expectedMatches(pages: readonly PageRecord[], query: Fingerprint, passageQuery: boolean): [string, number][] {
  return pages.flatMap((page): [string, number][] => {
    const slots = [page.fingerprint, ...page.passages].map((hex) => fingerprintFromHex(hex));
    const best = Math.min(...slots.filter((fp, slot) => slot === 0 || firstBlock(fp) === firstBlock(query)).map((fp) => hammingDistance(fp, query)));
    const candidate = !passageQuery || slots.some((fp) => firstBlock(fp) === firstBlock(query) && keptDistance(fp, query) <= 3);
    return candidate && best <= 3 ? [[page.url, best]] : [];
  }).sort();
}

const entriesIn = (store: { values: unknown[] } | undefined): number => (store?.values ?? []).reduce<number>((n, bucket) => n + (bucket as Uint8Array).byteLength / 8, 0);

describe('upgrading a version-6 history to 7', () => {
  const pages = v6History(160);

  test('no page is lost, only block0 changes, and every look-up of every fingerprint finds what version 6 found', async () => {
    const factory = new IDBFactory();
    await buildV6Database(factory, 'v6', pages as never);
    const before = await dumpDatabase(factory, 'v6');
    const history = await openHistory({ indexedDB: factory, name: 'v6' });
    expect(await history.count()).toBe(pages.length);
    history.close();
    const after = await dumpDatabase(factory, 'v6');
    expect(after.pages?.keys).toHaveLength(pages.length);
    for (const store of ['pages', 'block1', 'block2', 'block3']) expect(after[store], store).toEqual(before[store]);
    // block0: as many entries as before, in buckets of the whole first block (up to 65,536 keys, not 4,096).
    expect(entriesIn(after.block0)).toBe(entriesIn(before.block0));
    expect(Math.max(...(after.block0?.keys as number[]))).toBeGreaterThan(4095);
    expect(indexProblems(after)).toEqual([]);

    const reopened = await openHistory({ indexedDB: factory, name: 'v6' });
    for (const page of pages) {
      const fingerprints = [page.fingerprint, ...page.passages].map((hex) => fingerprintFromHex(hex));
      const asWhole = await reopened.queryMany(fingerprints, 3);
      const asPassages = await reopened.queryMany(fingerprints, 3, { passageQueries: fingerprints.map((_, i) => i > 0) });
      fingerprints.forEach((fp, i) => {
        expect((asWhole[i] ?? []).map((m): [string, number] => [m.page.url, m.distance]).sort()).toEqual(expectedMatches(pages, fp, false));
        expect((asPassages[i] ?? []).map((m): [string, number] => [m.page.url, m.distance]).sort()).toEqual(expectedMatches(pages, fp, i > 0));
      });
    }
    reopened.close();
  }, 120_000);

  test('a damaged block0 bucket stops the upgrade: the history stays at version 6, untouched', async () => {
    const factory = new IDBFactory();
    await buildV6Database(factory, 'damaged', pages.slice(0, 20) as never);
    await rawPut(factory, 'damaged', 'block0', new Uint8Array(5), 4095);
    await expectUpgradeRefused(factory, 'damaged', 6);
  });
});
