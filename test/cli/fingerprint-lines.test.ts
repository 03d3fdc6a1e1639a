import { describe, expect, test } from 'vitest';
import { parseFingerprintLine } from '../../src/cli/dedup/fingerprint-lines';

const HEX = '84bdd48b2b93f8c0';
const PASSAGES = ['0000000000000001', '0000000000000002'];

function line(fields: Record<string, unknown>): string {
  return JSON.stringify({ simhash: HEX, ...fields });
}

describe('a dedup input line', () => {
  test.each([
    // Six passages of a scheme-3 line are a sample of six, not every chunk (a line once read as 64).
    ['scheme 3 with passages', line({ passages: PASSAGES, words: 300, cjkChars: 0, scheme: 3 }), 6],
    ['scheme 4 with passages', line({ passages: PASSAGES, words: 300, cjkChars: 0, scheme: 4 }), 64],
    ['scheme 1, whole fingerprint only', line({ scheme: 1 }), 6],
    ['no scheme: the current rules', line({ passages: PASSAGES, words: 300, cjkChars: 0 }), undefined],
  ])('%s keeps the sample size its scheme kept', (_name, input, sampleSize) => {
    const parsed = parseFingerprintLine(input);
    expect(parsed.kind).toBe('entry');
    if (parsed.kind === 'entry') expect(parsed.entry.sampleSize).toBe(sampleSize);
  });

  test.each([
    ['a scheme from a newer version', line({ scheme: 9 }), /"scheme" is not one this version knows \(1, 2, 3, 4, 5, 6, 7\)/],
    ['a scheme that is not a number', line({ scheme: '4' }), /"scheme"/],
    ['passages without lengths', line({ passages: PASSAGES }), /needs "words" and "cjkChars"/],
    ['a short simhash', JSON.stringify({ simhash: 'abc' }), /16 hex digits/],
    ['not JSON', '{', /not JSON/],
  ])('%s is refused with its reason', (_name, input, reason) => {
    const parsed = parseFingerprintLine(input);
    expect(parsed.kind).toBe('invalid');
    if (parsed.kind === 'invalid') expect(parsed.reason).toMatch(reason);
  });

  test('a fingerprint error line is skipped, not refused', () => {
    expect(parseFingerprintLine(JSON.stringify({ file: 'a.txt', error: 'no text' }))).toEqual({ kind: 'skipped' });
  });
});
