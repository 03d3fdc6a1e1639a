import { PARAGRAPH_MIN_FEATURES } from './passages';

/**
 * How much prose a stretch of the feature stream holds: the length of its
 * features on lines of at least PARAGRAPH_MIN_FEATURES, lines long enough to
 * be passages of their own. A site's header, share bar, navigation and link
 * lists are runs of shorter lines, which a paragraph layout can still join
 * into passages that match every page of the site; what two texts share in
 * them says nothing of an article copied
 * (decisions/0059-part-by-the-text-it-holds.md).
 *
 * `lineStarts`: the positions where lines after the first begin
 * (HashedFeatures.lines, recorded as the stream is read; the stream is the
 * same under every paragraph layout); `lineLength(line)`: that line's
 * length (verdict.ts lengthUnits), shared evenly by its features, asked of
 * long lines only; `features`: the stream's length; `minFeatures` (≥ 1): the
 * shortest line that counts (1: every line, the text's whole length).
 * Returns the prose length of positions [start, end).
 */
export function proseLengthOf(lineStarts: ArrayLike<number>, lineLength: (line: number) => number, features: number, minFeatures = PARAGRAPH_MIN_FEATURES): (start: number, end: number) => number {
  const proseBefore = new Float64Array(features + 1);
  let lineStart = 0;
  for (let line = 0; line <= lineStarts.length; line++) {
    const lineEnd = line < lineStarts.length ? Math.min(lineStarts[line] as number, features) : features;
    const count = lineEnd - lineStart;
    const each = count >= minFeatures ? lineLength(line) / count : 0;
    for (let i = lineStart; i < lineEnd; i++) proseBefore[i + 1] = (proseBefore[i] as number) + each;
    lineStart = Math.max(lineStart, lineEnd);
  }
  return (start, end) => (proseBefore[end] as number) - (proseBefore[start] as number);
}
