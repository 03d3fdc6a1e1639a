import { PARAGRAPH_MIN_FEATURES } from './passages';

/**
 * How much prose each chunk holds: the length of its features on lines of
 * at least PARAGRAPH_MIN_FEATURES, lines long enough to be passages of their
 * own. A site's header, share bar, navigation and link lists are runs of
 * shorter lines, which a paragraph layout can still join into passages that
 * match every page of the site; what two texts share in them says nothing
 * of an article copied (decisions/0059-part-by-the-text-it-holds.md).
 *
 * `ranges`: the chunks, [start, end) positions of the feature stream;
 * `lineStarts`: the positions where lines after the first begin (the stream
 * read with every line a paragraph, HashedFeatures.paragraphs);
 * `lineLength(line)`: that line's length (verdict.ts lengthUnits), shared
 * evenly by its features; `features`: the stream's length.
 */
export function proseLengths(ranges: ReadonlyArray<readonly [number, number]>, lineStarts: ArrayLike<number>, lineLength: (line: number) => number, features: number): number[] {
  const proseBefore = new Float64Array(features + 1);
  let lineStart = 0;
  for (let line = 0; line <= lineStarts.length; line++) {
    const lineEnd = line < lineStarts.length ? Math.min(lineStarts[line] as number, features) : features;
    const count = lineEnd - lineStart;
    const each = count >= PARAGRAPH_MIN_FEATURES ? lineLength(line) / count : 0;
    for (let i = lineStart; i < lineEnd; i++) proseBefore[i + 1] = (proseBefore[i] as number) + each;
    lineStart = Math.max(lineStart, lineEnd);
  }
  return ranges.map(([start, end]) => (proseBefore[end] as number) - (proseBefore[start] as number));
}
