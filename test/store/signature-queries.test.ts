import { describe, expect, test } from 'vitest';
import { signatureQueries } from '../../src/store';

const fp = (lo: number) => ({ hi: 0, lo });

describe('signatureQueries', () => {
  test.each([
    ['no signature', [], [], []],
    ['a one-chunk text: its whole fingerprint only', [{ fingerprint: fp(1), passages: [] }], [fp(1)], [false]],
    [
      'two signatures (current rules and an older scheme): each whole fingerprint before its passages',
      [{ fingerprint: fp(1), passages: [fp(2), fp(3)] }, { fingerprint: fp(4), passages: [fp(5)] }],
      [fp(1), fp(2), fp(3), fp(4), fp(5)],
      [false, true, true, false, true],
    ],
  ])('%s', (_name, signatures, fingerprints, passageQueries) => {
    expect(signatureQueries(signatures)).toEqual({ fingerprints, passageQueries });
  });
});
