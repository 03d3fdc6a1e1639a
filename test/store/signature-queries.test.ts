import { describe, expect, test } from 'vitest';
import { signatureQueries, type QueriedSignature } from '../../src/store';
import type { Fingerprint } from '../../src/core';

const fp = (lo: number) => ({ hi: 0, lo });

describe('signatureQueries', () => {
  test.each<[string, QueriedSignature<Fingerprint>[], Fingerprint[], boolean[], boolean[]]>([
    ['no signature', [], [], [], []],
    ['a one-chunk SimHash text: its whole fingerprint only', [{ fingerprint: fp(1), passages: [] }], [fp(1)], [false], [false]],
    [
      'two signatures (current rules and an older scheme): each whole fingerprint before its passages, sketches marked',
      [{ fingerprint: fp(1), passages: [fp(2), fp(3)], measure: 'sketch' }, { fingerprint: fp(4), passages: [fp(5)], measure: 'simhash' }],
      [fp(1), fp(2), fp(3), fp(4), fp(5)],
      [false, true, true, false, true],
      [false, true, true, false, false],
    ],
    [
      'the page being checked: its unsampled passages asked for after its sample, as passages of its measure',
      [{ fingerprint: fp(1), passages: [fp(2)], unsampled: [fp(3), fp(4)], measure: 'sketch' }],
      [fp(1), fp(2), fp(3), fp(4)],
      [false, true, true, true],
      [false, true, true, true],
    ],
    ['passages of no said measure are SimHashes', [{ fingerprint: fp(1), passages: [fp(2)] }], [fp(1), fp(2)], [false, true], [false, false]],
  ])('%s', (_name, signatures, fingerprints, passageQueries, sketchQueries) => {
    expect(signatureQueries(signatures)).toEqual({ fingerprints, passageQueries, sketchQueries });
  });
});
