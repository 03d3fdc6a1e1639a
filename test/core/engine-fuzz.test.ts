import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  fingerprintFromHex, fingerprintToHex, hammingDistance, judge, normalizeUrl, signDocument, type DocumentSignature, type Fingerprint,
} from '../../src/core';
import { CURRENT_SAMPLE_SIZE } from '../../src/core/scheme';

/**
 * Property-based tests of the engine on random and malformed input. Each
 * property is bounded twice, by runs and by time, so CI spends seconds here;
 * a failure prints the seed and path fast-check needs to replay it
 * (`fc.assert(..., { seed, path })`).
 */
const BUDGET = { numRuns: 150, interruptAfterTimeLimit: 4_000 } as const;

/** Text as pages and files deliver it: any UTF-16 (lone surrogates included), lots of CJK, odd spacing and controls. */
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 400, size: 'large' }),
  fc.string({ unit: fc.integer({ min: 0x4e00, max: 0x9fff }).map((code) => String.fromCharCode(code)), maxLength: 1_500, size: 'large' }),
  fc.array(fc.oneof(fc.constantFrom('the', 'a', 'repost', '中文', 'ไทย', 'かな', '\u202E', '\u0000', '\n\n', ' ', '\t', '😀', '<p>', '&amp;'), fc.lorem({ maxCount: 3 })), { maxLength: 300, size: 'large' }).map((parts) => parts.join(' ')),
);

const uint32 = fc.integer({ min: 0, max: 0xffffffff });
const fingerprint: fc.Arbitrary<Fingerprint> = fc.record({ hi: uint32, lo: uint32 });

function isFingerprint(fp: Fingerprint): boolean {
  return [fp.hi, fp.lo].every((half) => Number.isInteger(half) && half >= 0 && half <= 0xffffffff);
}

describe('engine fuzzing', () => {
  test('signDocument never throws and returns a well-formed, deterministic signature', () => {
    fc.assert(fc.property(text, (input) => {
      const signature = signDocument(input);
      expect(isFingerprint(signature.fingerprint)).toBe(true);
      expect(signature.passages.length).toBeLessThanOrEqual(CURRENT_SAMPLE_SIZE);
      expect(signature.passages.every(isFingerprint)).toBe(true);
      for (const count of [signature.length.cjkChars, signature.length.words]) {
        expect(Number.isInteger(count) && count >= 0 && count <= input.length).toBe(true);
      }
      expect(signDocument(input)).toEqual(signature);
    }), BUDGET);
  });

  test('a text long enough to judge is a duplicate of itself, at distance 0', () => {
    const article = fc.array(fc.lorem({ maxCount: 1 }), { minLength: 120, maxLength: 600 }).map((words) => words.join(' '));
    fc.assert(fc.property(article, (input) => {
      const signature = signDocument(input);
      // Every passage has itself as a partner; a one-chunk text is its own single passage.
      expect(judge(signature, signature)).toEqual({ verdict: 'duplicate', distance: 0, sharedPassages: Math.max(1, signature.passages.length) });
    }), { ...BUDGET, numRuns: 40 });
  });

  test('judge never throws on arbitrary signatures and reports the whole-document distance', () => {
    const signature: fc.Arbitrary<DocumentSignature> = fc.record({
      fingerprint,
      passages: fc.array(fingerprint, { maxLength: CURRENT_SAMPLE_SIZE }),
      length: fc.record({ cjkChars: fc.nat(100_000), words: fc.nat(100_000) }),
    });
    fc.assert(fc.property(signature, signature, fc.integer({ min: 0, max: 3 }), (a, b, maxDistance) => {
      const { verdict, distance } = judge(a, b, { maxDistance });
      expect(['duplicate', 'partial', 'quote', 'different', 'too_short']).toContain(verdict);
      expect(distance).toBe(hammingDistance(a.fingerprint, b.fingerprint));
    }), BUDGET);
  });

  test('Hamming distance is a metric on 64-bit fingerprints; hex round-trips', () => {
    fc.assert(fc.property(fingerprint, fingerprint, fingerprint, (a, b, c) => {
      expect(hammingDistance(a, a)).toBe(0);
      expect(hammingDistance(a, b)).toBe(hammingDistance(b, a));
      expect(hammingDistance(a, b)).toBeLessThanOrEqual(64);
      expect(hammingDistance(a, c)).toBeLessThanOrEqual(hammingDistance(a, b) + hammingDistance(b, c));
      expect(fingerprintFromHex(fingerprintToHex(a))).toEqual(a);
    }), BUDGET);
  });

  test('normalizeUrl accepts only page URLs, drops fragments and credentials, and is idempotent', () => {
    const input = fc.oneof(
      fc.webUrl({ withQueryParameters: true, withFragments: true, validSchemes: ['http', 'https'] }),
      fc.webUrl({ withQueryParameters: true }).map((url) => url.replace(/\?|$/, '?utm_source=x&b=2&a=1&')),
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.constantFrom('javascript:alert(1)', 'data:text/html,<script>', 'chrome://settings', 'ftp://a/b', 'http://user:pw@host/x#frag', 'file:///C:/x'),
    );
    fc.assert(fc.property(input, (raw) => {
      const url = normalizeUrl(raw);
      if (url === undefined) return;
      const parsed = new URL(url);
      expect(['http:', 'https:', 'file:']).toContain(parsed.protocol);
      expect(parsed.hash).toBe('');
      expect(parsed.username + parsed.password).toBe('');
      expect(parsed.searchParams.has('utm_source')).toBe(false);
      expect(normalizeUrl(url)).toBe(url);
    }), { ...BUDGET, numRuns: 300 });
  });
});
