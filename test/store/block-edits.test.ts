import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { fingerprintBlocks, fingerprintFromHex, fingerprintToHex, type Fingerprint } from '../../src/core/fingerprint64';
import { BlockEdits } from '../../src/store/blocks/block-edits';
import { bucketEntry, bucketKey, decodeBucket, filings } from '../../src/store/codec/bucket';
import { fingerprintHexAt, packFingerprints, passagesHex } from '../../src/store/codec/fingerprints';
import { BLOCK_STORES } from '../../src/store/schema';

const fp = fingerprintFromHex;
const WHOLE = fp('0123456789abcdef');
const P1 = fp('fedcba9876543210');
const P2 = fp('00ff00ff00ff00ff');

/** What each block store should receive for one page, from `filings` and `bucketEntry` (the specification), in bucket order. */
function expectedEntries(pageId: number, fingerprints: Fingerprint[], b: number) {
  return filings(fingerprints)
    .filter(([, store]) => store === b)
    .map(([f]) => ({ key: bucketKey(fingerprintBlocks(f)[b] as number, b), entry: bucketEntry(f, b, pageId) }))
    .sort((x, y) => x.key - y.key);
}

function loggedEntries(edits: BlockEdits, b: number) {
  return edits.changes(b).flatMap(([key, change]) => decodeBucket(change.append, b).map((entry) => ({ key, entry })));
}

describe('BlockEdits files a page as `filings` says, from its packed fingerprints', () => {
  test.each([
    ['a page without passages', [WHOLE]],
    ['whole document and two passages', [WHOLE, P1, P2]],
    ['a passage equal to the whole document is filed once, as the whole', [WHOLE, WHOLE, P1]],
    ['a passage repeated is filed once', [WHOLE, P1, P1, P2, P1]],
    ['fingerprints whose blocks reach the top of every bucket', [fp('ffffffffffffffff'), fp('0000000000000000'), fp('fff0000ffff0000f')]],
  ])('%s', (_, fingerprints) => {
    const pageId = 123_457;
    const edits = new BlockEdits();
    edits.addPacked(pageId, packFingerprints(fingerprints));
    for (let b = 0; b < BLOCK_STORES.length; b++) expect(loggedEntries(edits, b), `block${b}`).toEqual(expectedEntries(pageId, fingerprints, b));
    // `add` (unpacked fingerprints) logs the same.
    const unpacked = new BlockEdits();
    unpacked.add(pageId, fingerprints);
    for (let b = 0; b < BLOCK_STORES.length; b++) expect(loggedEntries(unpacked, b)).toEqual(loggedEntries(edits, b));
  });

  test.each([
    ['chunk heads after the passages', [WHOLE, P1], [P2]],
    ['a head equal to a passage, or to the whole document, is filed once', [WHOLE, P1], [P1, WHOLE, P2]],
    ['heads without passages', [WHOLE], [P1, P1]],
  ])('%s: as the page record holds them, two views filed as one list', (_, fingerprints, heads) => {
    const edits = new BlockEdits();
    edits.addPacked(77, packFingerprints(fingerprints), packFingerprints(heads));
    for (let b = 0; b < BLOCK_STORES.length; b++) expect(loggedEntries(edits, b), `block${b}`).toEqual(expectedEntries(77, [...fingerprints, ...heads], b));
  });

  test('a long page (a sample of passages and as many heads, some repeated) is filed as `filings` says, page after page', () => {
    const hex = fc.stringMatching(/^[0-9a-f]{16}$/).map(fp);
    fc.assert(fc.property(fc.array(fc.array(hex, { minLength: 1, maxLength: 260 }), { minLength: 1, maxLength: 4 }), (pages) => {
      const edits = new BlockEdits();
      // Repeats across slots: every third fingerprint is an earlier one again.
      const withRepeats = pages.map((fps) => fps.map((f, i) => (i % 3 === 2 ? (fps[i >> 1] as Fingerprint) : f)));
      withRepeats.forEach((fps, p) => edits.addPacked(p + 1, packFingerprints(fps)));
      for (let b = 0; b < BLOCK_STORES.length; b++) {
        // Within a bucket, page by page and slot by slot: what a stable sort by key of each page's filings gives.
        expect(loggedEntries(edits, b)).toEqual(withRepeats.flatMap((fps, p) => expectedEntries(p + 1, fps, b)).sort((x, y) => x.key - y.key));
      }
    }), { numRuns: 60, seed: 11 });
  });

  test.each([0, 1, 5, 10_000])('sized for %s entries, it logs what it is given, growing when short', (capacity) => {
    const sized = new BlockEdits(0, capacity);
    const grown = new BlockEdits(0);
    for (let page = 1; page <= 40; page++) {
      const fps = [fp(`${page.toString(16).padStart(8, '0')}89abcdef`), P1, P2];
      sized.addPacked(page, packFingerprints(fps));
      grown.addPacked(page, packFingerprints(fps));
    }
    expect(loggedEntries(sized, 0)).toEqual(loggedEntries(grown, 0));
  });

  test('limited to one store, it logs only that store\'s entries', () => {
    const edits = new BlockEdits(2);
    edits.addPacked(9, packFingerprints([WHOLE, P1]));
    expect(loggedEntries(edits, 2)).toEqual(expectedEntries(9, [WHOLE, P1], 2));
    expect(loggedEntries(edits, 0)).toEqual([]);
  });

  test.each([0, -1, 1.5, 2 ** 28])('refuses page id %s, which does not fit an entry', (pageId) => {
    expect(() => new BlockEdits().addPacked(pageId, packFingerprints([WHOLE]))).toThrow(RangeError);
  });
});

describe('BlockEdits.replace: a page\'s entries move only when its fingerprints change', () => {
  test.each([
    ['the same fingerprints: nothing logged, no bucket touched', [WHOLE, P1], [WHOLE, P1], false],
    ['a passage changed: the old entries go and the new come', [WHOLE, P1], [WHOLE, P2], true],
    ['a passage added', [WHOLE], [WHOLE, P1], true],
    ['the same passages in another order', [WHOLE, P1, P2], [WHOLE, P2, P1], true],
  ])('%s', (_, before, after, moved) => {
    const edits = new BlockEdits();
    edits.replace(77, before, after);
    expect(edits.pages()).toEqual(new Set(moved ? [77] : []));
    for (let b = 0; b < BLOCK_STORES.length; b++) expect(loggedEntries(edits, b), `block${b}`).toEqual(moved ? expectedEntries(77, after, b) : []);
  });
});

describe('fingerprintHexAt and passagesHex', () => {
  // Up to the 255 a record's count byte allows: past 65, the digits' buffer grows.
  test('reads packed fingerprints as fingerprintToHex writes each one, for any bytes', () => {
    fc.assert(fc.property(fc.array(fc.record({ hi: fc.nat(0xffffffff), lo: fc.nat(0xffffffff) }), { minLength: 1, maxLength: 255 }), (fingerprints) => {
      const [whole, ...passages] = fingerprints.map(fingerprintToHex);
      const packed = packFingerprints(fingerprints);
      expect({ fingerprint: fingerprintHexAt(packed, 0), passages: passagesHex(packed) }).toEqual({ fingerprint: whole, passages });
    }));
    const empty = new Uint8Array(0);
    expect({ fingerprint: fingerprintHexAt(empty, 0), passages: passagesHex(empty) }).toEqual({ fingerprint: '', passages: [] });
  });
});
