import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { fingerprintBlocks, fingerprintFromHex, fingerprintToHex, type Fingerprint } from '../../src/core/fingerprint64';
import { hammingDistance } from '../../src/core/hamming';
import { PARAGRAPH_SCHEME, SKETCH_SCHEME } from '../../src/core/scheme';
import { serializeExport, type ExportRecord, type History, type Match } from '../../src/store';
import { flipBit, flipRandomBits, freshHistory, manualClock, pageInput, rawClear, rawPut, randomFingerprint, seededRandom, T0 } from './helpers';

function record(i: number, fingerprints: Fingerprint[], lastVisit: number): ExportRecord {
  const [main, ...passages] = fingerprints.map(fingerprintToHex);
  return {
    url: `https://example.com/${i}`, title: `Page ${i}`, site: 'example.com', excerpt: '', textLength: 1000, cjkChars: 0, words: 200, scheme: 2,
    fingerprint: main as string, passages, firstVisit: new Date(lastVisit).toISOString(), lastVisit: new Date(lastVisit).toISOString(), visitCount: 1, source: 'visit',
  };
}

/**
 * Best (distance, slot) per page over every stored fingerprint, the slow
 * obvious way: the whole document (slot 0) within maxDistance, a passage
 * within maxDistance and with the query's first block (it is filed under that one).
 */
function bruteForce(stored: Fingerprint[][], ids: number[], query: Fingerprint, maxDistance: number): [number, number, number][] {
  const found: [number, number, number][] = [];
  stored.forEach((fingerprints, i) => {
    let best: [number, number, number] | undefined;
    fingerprints.forEach((fp, slot) => {
      const distance = hammingDistance(fp, query);
      const filedWithQuery = slot === 0 || fingerprintBlocks(fp)[0] === fingerprintBlocks(query)[0];
      if (filedWithQuery && distance <= maxDistance && (best === undefined || distance < best[2])) best = [ids[i] as number, slot, distance];
    });
    if (best !== undefined) found.push(best);
  });
  return found.sort((a, b) => a[0] - b[0]);
}

function summary(matches: Match[]): [number, number, number][] {
  return matches.map((m): [number, number, number] => [m.page.id, m.slot, m.distance]).sort((a, b) => a[0] - b[0]);
}

function isRanked(matches: Match[]): boolean {
  return matches.every((m, i) => {
    const previous = matches[i - 1];
    return previous === undefined || previous.distance < m.distance
      || (previous.distance === m.distance && (previous.page.lastVisit > m.page.lastVisit || (previous.page.lastVisit === m.page.lastVisit && previous.page.id > m.page.id)));
  });
}

describe('query equals a brute-force scan over 10,000 stored fingerprints', () => {
  const random = seededRandom(20240501);
  const stored: Fingerprint[][] = [];
  let ids: number[] = [];
  let history: History;

  beforeAll(async () => {
    // Clusters of near-identical fingerprints, so many candidates share blocks
    // at distances just above and below the threshold; some pages have passages.
    let total = 0;
    while (total < 10_000) {
      const base = randomFingerprint(random);
      const size = 1 + Math.floor(random() * 6);
      for (let k = 0; k < size && total < 10_000; k++) {
        const fingerprints = [flipRandomBits(base, Math.floor(random() * 7), random)];
        if (random() < 0.2) fingerprints.push(flipRandomBits(base, Math.floor(random() * 7), random), randomFingerprint(random));
        stored.push(fingerprints);
        total += fingerprints.length;
      }
    }
    ({ history } = await freshHistory(() => T0 + 1000));
    const records = stored.map((fps, i) => record(i, fps, T0 - (i % 97) * 1000));
    const report = await history.importJson(serializeExport(records, new Date(T0)));
    expect(report).toMatchObject({ imported: stored.length, rejected: [] });
    const { pages } = await history.list({ order: 'oldest' });
    const idByUrl = new Map(pages.map((p) => [p.url, p.id]));
    ids = stored.map((_, i) => idByUrl.get(`https://example.com/${i}`) as number);
  }, 120_000);

  test.each([0, 1, 2, 3])('at maxDistance %i, for queries 0–4 bits away from stored fingerprints', async (maxDistance) => {
    for (let q = 0; q < 150; q++) {
      const page = stored[Math.floor(random() * stored.length)] as Fingerprint[];
      const near = page[Math.floor(random() * page.length)] as Fingerprint;
      const query = flipRandomBits(near, Math.floor(random() * 5), random);
      const matches = await history.query(query, maxDistance);
      expect(summary(matches)).toEqual(bruteForce(stored, ids, query, maxDistance));
      expect(isRanked(matches)).toBe(true);
    }
  });

  test('queryMany answers each fingerprint like query, in order', async () => {
    const queries = Array.from({ length: 40 }, () => flipRandomBits((stored[Math.floor(random() * stored.length)] as Fingerprint[])[0] as Fingerprint, 2, random));
    const many = await history.queryMany(queries, 3);
    expect(many.map(summary)).toEqual(queries.map((query) => bruteForce(stored, ids, query, 3)));
  });

  test('queryMany answers a passage query with the pages holding a fingerprint that shares its first block (what judge counts)', async () => {
    const queries = Array.from({ length: 40 }, (_, i) => {
      const fps = stored[i % stored.length] as Fingerprint[];
      return flipRandomBits(fps[i % fps.length] as Fingerprint, 2, random);
    });
    const full = await history.queryMany(queries, 3);
    const asPassages = await history.queryMany(queries, 3, { passageQueries: queries.map(() => true) });
    const sharesFirstBlock = (query: Fingerprint, id: number): boolean => (stored[ids.indexOf(id)] as Fingerprint[])
      .some((fp) => fingerprintBlocks(fp)[0] === fingerprintBlocks(query)[0] && hammingDistance(fp, query) <= 3);
    expect(asPassages.map(summary)).toEqual(full.map((matches, q) => summary(matches.filter((m) => sharesFirstBlock(queries[q] as Fingerprint, m.page.id)))));
    expect(asPassages.flat().length).toBeGreaterThan(0);
  });
});

describe('the block index', () => {
  const base = fingerprintFromHex('0123456789abcdef');

  test.each([4, 5, 8, 16])('a fingerprint %i bits away that shares three blocks is not a match', async (distance) => {
    const { history } = await freshHistory();
    // All flipped bits in the lowest block: blocks 0–2 are shared with the query.
    const far = flipRandomBits(base, distance, seededRandom(distance), Array.from({ length: 16 }, (_, i) => i));
    expect(fingerprintBlocks(far).slice(0, 3)).toEqual(fingerprintBlocks(base).slice(0, 3));
    await history.recordVisit(pageInput({ fingerprint: fingerprintToHex(far) }));
    expect(await history.query(base, 3)).toEqual([]);
  });

  test('pigeonhole: every fingerprint within 3 bits shares a block and is found', async () => {
    const { history } = await freshHistory();
    const stored = fingerprintFromHex('9e3779b97f4a7c15');
    await history.recordVisit(pageInput({ fingerprint: fingerprintToHex(stored) }));
    await fc.assert(fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 0, max: 63 }), { maxLength: 3 }), async (bits) => {
      const query = bits.reduce(flipBit, stored);
      const shared = fingerprintBlocks(query).filter((value, i) => value === fingerprintBlocks(stored)[i]).length;
      expect(shared).toBeGreaterThanOrEqual(1);
      const matches = await history.query(query, 3);
      expect(matches.map((m) => m.distance)).toEqual([bits.length]);
    }), { numRuns: 300, seed: 7 });
  });

  test('query reads the block stores, not the pages: a page without bucket entries is invisible, one bucket entry alone makes it found', async () => {
    const { history, factory, name } = await freshHistory();
    const page = await history.recordVisit(pageInput({ fingerprint: fingerprintToHex(base) }));
    await rawClear(factory, name, ['block0', 'block1', 'block2', 'block3']);
    expect(await history.query(base, 3)).toEqual([]);

    // One hand-written bucket in block2 alone: key the block's top 12 bits, entry the page key × 16 + the
    // block's low 4 bits (4 bytes) and blocks 3 and 0 (2 bytes each).
    const [b0, , b2, b3] = fingerprintBlocks(base) as [number, number, number, number];
    const word = page.id * 16 + (b2 & 0xf);
    const entry = new Uint8Array([word >>> 24, (word >>> 16) & 0xff, (word >>> 8) & 0xff, word & 0xff, b3 >>> 8, b3 & 0xff, b0 >>> 8, b0 & 0xff]);
    await rawPut(factory, name, 'block2', entry, b2 >>> 4);
    expect(await history.query(flipBit(base, 63), 3)).toEqual([{ page, slot: 0, distance: 1 }]);
  });

  test('a passage match reports its slot, and a page counts once with its best distance', async () => {
    const { history } = await freshHistory();
    const passage = fingerprintFromHex('aaaaaaaaaaaaaaaa');
    const page = await history.recordVisit(pageInput({ fingerprint: fingerprintToHex(flipBit(passage, 0)), passages: ['5555555555555555', fingerprintToHex(passage)], scheme: PARAGRAPH_SCHEME }));
    expect(await history.query(passage, 3)).toEqual([{ page, slot: 2, distance: 0 }]);
  });

  // Scheme 6's passages are sketches: bytes of minimum hashes, near when few bytes differ.
  test.each([
    ['two bytes after the first block differ: found at distance 2', 'aaaa11bbccddeeff', 'aaaa11bbccdd0000', [{ slot: 1, distance: 2 }]],
    ['two bytes, each one bit apart: found at distance 2 (bytes, not bits)', 'aaaa11bbccddeeff', 'aaaa10bbccddefff', [{ slot: 1, distance: 2 }]],
    ['three bytes differ, one bit each: not found (SKETCH_BYTES_APART at k = 3 is two)', 'aaaa11bbccddeeff', 'aaaa10bbccdcefff', []],
    ['the first block differs by one bit: not found (it is what the passage is filed under)', 'aaaa11bbccddeeff', 'aaab11bbccddeeff', []],
    ['one byte differs, at k = 2: found', 'aaaa11bbccddeeff', 'aaaa11bbccdd00ff', [{ slot: 1, distance: 1 }], 2],
    ['two bytes differ, at k = 2: not found', 'aaaa11bbccddeeff', 'aaaa11bbccdd0000', [], 2],
  ])('a sketch query: %s', async (_name, stored, queried, expected, k = 3) => {
    const { history } = await freshHistory();
    const page = await history.recordVisit(pageInput({ fingerprint: '0123456789abcdef', passages: [stored, '5555555555555555'], scheme: SKETCH_SCHEME }));
    const [matches] = await history.queryMany([fingerprintFromHex(queried)], k, { passageQueries: [true], sketchQueries: [true] });
    expect(matches).toEqual(expected.map((m) => ({ page, ...m })));
  });

  test('a page\'s chunk heads are filed after its passages: a sketch query finds one (slot after the passages), and they go when the page does', async () => {
    const { history } = await freshHistory();
    const head = 'bbbb11bbccddeeff';
    const page = await history.recordVisit(pageInput({ fingerprint: '0123456789abcdef', passages: ['aaaa11bbccddeeff', '5555555555555555'], heads: [head], scheme: SKETCH_SCHEME }));
    expect(page.heads).toEqual([head]);
    const [matches] = await history.queryMany([fingerprintFromHex('bbbb11bbccdd0000')], 3, { passageQueries: [true], sketchQueries: [true] });
    expect(matches).toEqual([{ page, slot: 3, distance: 2 }]);
    await history.delete(page.id);
    expect((await history.queryMany([fingerprintFromHex(head)], 3, { passageQueries: [true], sketchQueries: [true] }))[0]).toEqual([]);
  });

  test('sketches and SimHashes never match each other, whatever their bits', async () => {
    const { history } = await freshHistory();
    const value = 'aaaa11bbccddeeff';
    await history.recordVisit(pageInput({ url: 'https://example.com/sketched', fingerprint: '0123456789abcdef', passages: [value, '5555555555555555'], scheme: SKETCH_SCHEME }));
    await history.recordVisit(pageInput({ url: 'https://example.com/simhashed', fingerprint: '0123456789abcdef', passages: [value, '5555555555555555'], scheme: PARAGRAPH_SCHEME }));
    const asWhole = await history.query(fingerprintFromHex(value), 3);
    const [asSimHash, asSketch] = await history.queryMany([fingerprintFromHex(value), fingerprintFromHex(value)], 3, { passageQueries: [true, true], sketchQueries: [false, true] });
    expect(asWhole.map((m) => m.page.url)).toEqual(['https://example.com/simhashed']);
    expect(asSimHash!.map((m) => m.page.url)).toEqual(['https://example.com/simhashed']);
    expect(asSketch!.map((m) => m.page.url)).toEqual(['https://example.com/sketched']);
  });
});

describe('query options and arguments', () => {
  async function nearPages() {
    const clock = manualClock();
    const setup = await freshHistory(clock.now);
    const base = fingerprintFromHex('00ff00ff00ff00ff');
    const pages = [];
    for (const [i, bits] of [[0], [0, 1], [], [5, 6, 7]].entries()) {
      pages.push(await setup.history.recordVisit(pageInput({ url: `https://example.com/${i}`, fingerprint: fingerprintToHex(bits.reduce(flipBit, base)) })));
      clock.advance(1000);
    }
    return { history: setup.history, base, pages };
  }

  test('ranks by distance, then most recent visit', async () => {
    const { history, base } = await nearPages();
    const matches = await history.query(base);
    expect(matches.map((m) => [m.page.url, m.distance])).toEqual([
      ['https://example.com/2', 0], ['https://example.com/0', 1], ['https://example.com/1', 2], ['https://example.com/3', 3],
    ]);
  });

  test('excludeUrl (normalised) and limit', async () => {
    const { history, base } = await nearPages();
    const matches = await history.query(fingerprintToHex(base), 3, { excludeUrl: 'https://example.com/2#comments', limit: 2 });
    expect(matches.map((m) => m.page.url)).toEqual(['https://example.com/0', 'https://example.com/1']);
  });

  test.each([-1, 4, 1.5, Number.NaN])('maxDistance %s is a RangeError', async (maxDistance) => {
    const { history, base } = await nearPages();
    await expect(history.query(base, maxDistance)).rejects.toThrow(RangeError);
    await expect(history.queryMany([base], maxDistance)).rejects.toThrow(RangeError);
  });

  test('a malformed hex fingerprint is an error', async () => {
    const { history } = await nearPages();
    await expect(history.query('not hex')).rejects.toThrow(/16 hex/);
  });
});
