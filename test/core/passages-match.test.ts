import { describe, expect, test } from 'vitest';
import { fingerprintFromHex } from '../../src/core/fingerprint64';
import { passagesMatch } from '../../src/core/passages';

describe('passagesMatch: within the distance and filed under the same first block', () => {
  test.each([
    ['identical', '0123456789abcdef', '0123456789abcdef', 0, true],
    ['3 bits apart outside the first block', '0123456789abcdef', '0123456789abcde8', 3, true],
    ['3 bits apart, one of them in the first block', '0123456789abcdef', '0122456789abcdec', 3, false],
    ['1 bit apart in the first block only', '0123456789abcdef', '0023456789abcdef', 3, false],
    ['4 bits apart outside the first block', '0123456789abcdef', '0123456789abcde0', 3, false],
    ['1 bit apart at distance 0', '0123456789abcdef', '0123456789abcdee', 0, false],
  ])('%s', (_, a, b, maxDistance, expected) => {
    expect(passagesMatch(fingerprintFromHex(a), fingerprintFromHex(b), maxDistance)).toBe(expected);
    expect(passagesMatch(fingerprintFromHex(b), fingerprintFromHex(a), maxDistance)).toBe(expected);
  });
});
