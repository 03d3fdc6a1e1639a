import { describe, expect, test } from 'vitest';
import { hammingDistance, popcount32 } from '../../src/core/hamming';

describe('popcount32', () => {
  test.each([
    [0, 0],
    [1, 1],
    [0xffffffff, 32],
    [0x80000000, 1],
    [0x55555555, 16],
    [0x0f0f0f0f, 16],
    [0x12345678, 13],
  ])('popcount32(%i) = %i', (x, n) => {
    expect(popcount32(x)).toBe(n);
  });
});

describe('hammingDistance', () => {
  test.each([
    [{ hi: 0, lo: 0 }, { hi: 0, lo: 0 }, 0],
    [{ hi: 0, lo: 1 }, { hi: 0, lo: 0 }, 1],
    // Differences only in the high 32 bits are counted: a "64-bit" hash that
    // silently dropped them would report 0 here.
    [{ hi: 0x80000000, lo: 0 }, { hi: 0, lo: 0 }, 1],
    [{ hi: 0xffffffff, lo: 0 }, { hi: 0, lo: 0 }, 32],
    [{ hi: 0xffffffff, lo: 0xffffffff }, { hi: 0, lo: 0 }, 64],
    [{ hi: 0xdeadbeef, lo: 0x01234567 }, { hi: 0xdeadbeee, lo: 0x01234566 }, 2],
  ])('distance(%o, %o) = %i', (a, b, d) => {
    expect(hammingDistance(a, b)).toBe(d);
    expect(hammingDistance(b, a)).toBe(d);
  });
});
