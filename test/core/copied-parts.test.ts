import { describe, expect, test } from 'vitest';
import { copiedSpans, type EarlierCopy } from '../../src/core/copied-parts';
import type { Fingerprint } from '../../src/core/fingerprint64';
import type { PassageRange } from '../../src/core/passage-ranges';

/** A fingerprint whose first 16-bit block is `block` and whose other bits are `rest`. */
const fp = (block: number, rest = 0): Fingerprint => ({ hi: ((block << 16) | (rest & 0xffff)) >>> 0, lo: 0 });
/** A chunk of the current text at [start, end). */
const chunk = (fingerprint: Fingerprint, start: number, end: number): PassageRange => ({ fingerprint, start, end });

const CHUNKS = [chunk(fp(1), 0, 10), { ...chunk(fp(2), 12, 20), head: fp(7) }, chunk(fp(3), 22, 30), chunk(fp(4), 31, 40)];
/** The text's length: a short closing line after the last chunk. */
const TEXT_LENGTH = 52;

describe('copiedSpans: the parts of this page copied from the earlier one', () => {
  test.each<[string, EarlierCopy, number, Array<[number, number]>]>([
    ['a duplicate: the whole text, short paragraphs before the first chunk and after the last too', { verdict: 'duplicate', passages: [] }, 3, [[0, TEXT_LENGTH]]],
    ['a partial copy: the chunks whose passage the earlier page keeps', { verdict: 'partial', passages: [fp(1), fp(3)] }, 3, [[0, 10], [22, 30]]],
    ['neighbouring copied chunks are one part', { verdict: 'partial', passages: [fp(2), fp(3)] }, 3, [[12, 30]]],
    ['a passage within the distance matches', { verdict: 'partial', passages: [fp(4, 0b111)] }, 3, [[31, 40]]],
    ['one bit past the distance does not', { verdict: 'partial', passages: [fp(4, 0b1111)] }, 3, []],
    ['a passage that differs in its first block does not, however close (the index files it there)', { verdict: 'partial', passages: [fp(4 ^ 1)] }, 3, []],
    ['no passage kept: nothing to show', { verdict: 'partial', passages: [] }, 3, []],
    ['a quote of where a chunk begins: the chunk whose head matches one the earlier page keeps (decisions/0082)', { verdict: 'quote', passages: [fp(9)], heads: [fp(7, 0b1)] }, 3, [[12, 20]]],
    ['heads meet chunks\' heads only: a chunk too short to have one is not found by one', { verdict: 'quote', passages: [], heads: [fp(4)] }, 3, []],
  ])('%s', (_name, earlier, maxDistance, expected) => {
    expect(copiedSpans(CHUNKS, earlier, maxDistance, TEXT_LENGTH).map(({ start, end }) => [start, end])).toEqual(expected);
  });

  test('an empty range (a chunk none of whose features was found in the text) is left out', () => {
    expect(copiedSpans([chunk(fp(1), 5, 5), chunk(fp(2), 8, 12)], { verdict: 'partial', passages: [fp(1)] }, 3, 12)).toEqual([]);
  });
});
