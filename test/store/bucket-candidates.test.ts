import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { fingerprintFromHex, type Fingerprint } from '../../src/core/fingerprint64';
import { hammingDistance } from '../../src/core/hamming';
import { passageReach } from '../../src/core/passages';
import { sketchDistance } from '../../src/core/sketch-distance';
import type { PassageMeasure } from '../../src/core/scheme';
import { BlockEdits } from '../../src/store/blocks/block-edits';
import { ENTRY_BYTES, PASSAGE_STORE, bucketCandidates, bucketKey, type Bucket } from '../../src/store/codec/bucket';

const fp = fingerprintFromHex;
const PAGE = 7;
const QUERY = fp('0123456789abcdef');

/** The block0 bucket that filing `stored` as page PAGE's passage writes (one entry), optionally with its tag cleared as before database version 11. */
function bucketOf(stored: Fingerprint, untagged = false): Bucket {
  const edits = new BlockEdits();
  // A whole-document fingerprint in another block0 bucket, so the bucket holds the passage's entry alone.
  edits.add(PAGE, [{ hi: (((stored.hi >>> 16) ^ 1) << 16) >>> 0, lo: 0 }, stored]);
  const change = edits.changes(PASSAGE_STORE).find(([key]) => key === bucketKey(stored.hi >>> 16, PASSAGE_STORE));
  const bucket = (change as [number, { append: Uint8Array }])[1].append.slice();
  expect(bucket.byteLength).toBe(ENTRY_BYTES);
  if (untagged) bucket[0] = (bucket[0] as number) & 0x0f;
  return bucket;
}

function isCandidate(bucket: Bucket, query: Fingerprint, measure: PassageMeasure): boolean {
  const found = new Set<number>();
  bucketCandidates(bucket, query, PASSAGE_STORE, 3, found, measure);
  return found.has(PAGE);
}

describe('a block0 entry\'s tag (the seventh byte, folded to 1 … 15) keeps needless candidates out of a look-up', () => {
  // QUERY's seventh byte is 0xcd (tag 205 mod 15 + 1 = 11); 0x10 → 2; 0xdc → 11 as well (220 mod 15 = 10).
  test.each([
    ['a sketch three bytes away, two kept and the seventh: no candidate', '0123ffff89ab10ef', 'sketch', false, false],
    ['the same entry filed before version 11 (no tag): a candidate, as before', '0123ffff89ab10ef', 'sketch', true, true],
    ['a sketch two bytes away, one kept and the seventh: a candidate (a match)', '0123ff6789ab10ef', 'sketch', false, true],
    ['a sketch two bytes away, the seventh and eighth: a candidate (a match)', '0123456789ab1000', 'sketch', false, true],
    ['three bytes away, but the seventh byte has the same tag: a candidate (the page record settles it)', '0123ffff89abdcef', 'sketch', false, true],
    ['a SimHash 3 bits away in the kept blocks, the seventh byte differing: no candidate', '0123456689a810ef', 'simhash', false, false],
    ['a SimHash 1 bit away in the kept blocks and 1 in the seventh byte (tag 13): a candidate (a match)', '0123456789aacfef', 'simhash', false, true],
  ] as const)('%s', (_name, stored, measure, untagged, expected) => {
    expect(isCandidate(bucketOf(fp(stored), untagged), QUERY, measure)).toBe(expected);
  });

  test('no fingerprint within reach of the query is ever left out, tagged or not', () => {
    const byte = fc.integer({ min: 0, max: 255 });
    fc.assert(fc.property(fc.array(byte, { minLength: 6, maxLength: 6 }), fc.array(byte, { minLength: 6, maxLength: 6 }), fc.integer({ min: 0, max: 0xffff }), fc.constantFrom<PassageMeasure>('sketch', 'simhash'), fc.boolean(), (q, s, first, measure, untagged) => {
      // Both share their first block, as everything in one block0 bucket does.
      const at = (bytes: number[]): Fingerprint => ({ hi: ((first << 16) | (bytes[0] as number) << 8 | (bytes[1] as number)) >>> 0, lo: (((bytes[2] as number) << 24) | ((bytes[3] as number) << 16) | ((bytes[4] as number) << 8) | (bytes[5] as number)) >>> 0 });
      const query = at(q);
      // Half the time a near copy of the query: a few of its bytes or bits changed.
      const stored = s[0] as number < 128 ? at(q.map((v, i) => (i === (s[1] as number) % 6 ? (v ^ (s[2] as number)) : i === (s[3] as number) % 6 ? v ^ (1 << ((s[4] as number) % 8)) : v))) : at(s);
      const distance = measure === 'sketch' ? sketchDistance(stored, query) : hammingDistance(stored, query);
      if (distance <= passageReach(3, measure)) expect(isCandidate(bucketOf(stored, untagged), query, measure)).toBe(true);
    }), { numRuns: 5000, seed: 76 });
  });
});
