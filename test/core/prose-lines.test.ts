import { describe, expect, it } from 'vitest';
import { PARAGRAPH_MIN_FEATURES } from '../../src/core/passages';
import { proseLengthOf } from '../../src/core/prose-lines';

const LONG = PARAGRAPH_MIN_FEATURES;
const SHORT = PARAGRAPH_MIN_FEATURES - 1;

/** Lines of the given feature counts, each of length 10 × its index + 10 (so shares are easy to read). */
function lines(counts: number[]): { starts: number[]; length: (line: number) => number; features: number } {
  const starts: number[] = [];
  let at = 0;
  counts.forEach((n, i) => {
    if (i > 0) starts.push(at);
    at += n;
  });
  return { starts, length: (line) => 10 * line + 10, features: at };
}

describe('proseLengthOf', () => {
  it.each([
    ['one long line, one chunk: the line’s length', [LONG], [[0, LONG]], [10]],
    ['one short line: none', [SHORT], [[0, SHORT]], [0]],
    ['a short line then a long one, one chunk over both: the long line’s length only', [SHORT, LONG], [[0, SHORT + LONG]], [20]],
    ['a long line cut in two chunks: shared by features', [LONG * 2], [[0, LONG], [LONG, LONG * 2]], [5, 5]],
    ['a chunk across the end of one long line and the start of another', [LONG, LONG], [[LONG / 2, LONG + LONG / 2]], [5 + 10]],
    ['a header of short lines: nothing', [3, 5, 8, 2], [[0, 18]], [0]],
  ] as const)('%s', (_what, counts, ranges, expected) => {
    const { starts, length, features } = lines([...counts]);
    const proseLength = proseLengthOf(starts, length, features);
    ranges.forEach(([start, end], i) => expect(proseLength(start, end)).toBeCloseTo(expected[i]!, 9));
  });

  it('reads empty lines (a repeated start) as nothing and asks no length of short lines', () => {
    const asked: number[] = [];
    const proseLength = proseLengthOf([2, 2], (line) => (asked.push(line), 7), LONG + 2);
    expect(proseLength(0, LONG + 2)).toBeCloseTo(7, 9);
    expect(asked).toEqual([2]);
  });
});
