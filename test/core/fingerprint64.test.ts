import { describe, expect, test } from 'vitest';
import {
  fingerprintBlocks,
  fingerprintFromHex,
  fingerprintToHex,
  fingerprintsEqual,
  isFingerprintHex,
} from '../../src/core/fingerprint64';

describe('64-bit fingerprint forms', () => {
  test.each([
    [{ hi: 0, lo: 0 }, '0000000000000000', [0, 0, 0, 0]],
    [{ hi: 0xffffffff, lo: 0xffffffff }, 'ffffffffffffffff', [0xffff, 0xffff, 0xffff, 0xffff]],
    [{ hi: 0x12345678, lo: 0x9abcdef0 }, '123456789abcdef0', [0x1234, 0x5678, 0x9abc, 0xdef0]],
    [{ hi: 0x00000001, lo: 0x80000000 }, '0000000180000000', [0, 1, 0x8000, 0]],
  ])('%o ⇄ %s, blocks %o', (fp, hex, blocks) => {
    expect(fingerprintToHex(fp)).toBe(hex);
    expect(fingerprintFromHex(hex)).toEqual(fp);
    expect(fingerprintBlocks(fp)).toEqual(blocks);
  });

  test('upper-case hex parses; values stay unsigned', () => {
    expect(fingerprintFromHex('FFFFFFFF00000000')).toEqual({ hi: 0xffffffff, lo: 0 });
  });

  test('only the lower-case form is canonical (an export file\'s); both parse', () => {
    expect(isFingerprintHex('123456789abcdef0')).toBe(true);
    expect(isFingerprintHex('123456789ABCDEF0')).toBe(false);
    expect(fingerprintFromHex('123456789ABCDEF0')).toEqual(fingerprintFromHex('123456789abcdef0'));
  });

  test.each([
    '', '123', '123456789abcdef', '123456789abcdef01', 'g23456789abcdef0', ' 123456789abcdef0', '0x3456789abcdef0',
    // Characters next to the digit and letter ranges, a digit beyond ASCII, and a bad digit in each half.
    '123456789abcde/0', '123456789abcde:0', '123456789abcde`0', '123456789abcde@0', '123456789abcdeG0', '１23456789abcdef0', '1234567z9abcdef0',
  ])(
    'rejects %j',
    (hex) => {
      expect(isFingerprintHex(hex)).toBe(false);
      expect(() => fingerprintFromHex(hex)).toThrow(/16 hex digits/);
    },
  );

  test('fingerprints differing only in the high half are different', () => {
    const a = { hi: 1, lo: 42 };
    const b = { hi: 2, lo: 42 };
    expect(fingerprintsEqual(a, b)).toBe(false);
    expect(fingerprintToHex(a)).not.toBe(fingerprintToHex(b));
    expect(fingerprintsEqual(a, { hi: 1, lo: 42 })).toBe(true);
  });
});
