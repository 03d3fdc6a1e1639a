/**
 * Weighted features of a token sequence: the vector that SimHash projects.
 *
 * Unigram tokens weighted by tf². Unigrams make the vector independent of
 * paragraph order and touch only a few features per edited word. Squaring the
 * term frequency lets an article's recurring vocabulary dominate the vector:
 * edits, typos and added boilerplate mostly touch words seen once, so the
 * sign of each SimHash bit survives them. On the practice set, moving from
 * 1 + ln tf to tf² raised typo recall from 0.50 to 0.90 and wrap recall from
 * 0.19 to 0.91 with no false positive among 376,655 different-article pairs.
 * See docs/detection.md.
 */
export function weightedFeatures(tokens: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  const weights = new Map<string, number>();
  for (const [token, tf] of counts) weights.set(token, tf * tf);
  return weights;
}
