/**
 * Work Mozilla Readability (0.6) does for a reader view that the extension,
 * which keeps only the article's text (article-text.ts), never reads; skipped
 * on one Readability instance, the library itself unmodified.
 *
 * Once the article is chosen, Readability tidies it for display
 * (`_postProcessContent`): every link, image and media address becomes an
 * absolute URL (one URL parse per attribute), class attributes are removed,
 * and wrappers are simplified (an empty `<div>` or `<section>` removed, one
 * holding a single `<div>` or `<section>` replaced by it). None of this
 * changes the text: addresses and classes are not text, a `javascript:`
 * link it would replace reads the same, and the simplified wrappers are
 * blocks around a single block or around nothing, which make the same
 * paragraphs. Measured in Chromium on the real pages of the bench: 14% of
 * extraction time on the slowest page, with identical text on every page.
 */

/** The member of a Readability instance this relies on (not part of its public API). */
interface PostProcessingInternals {
  _postProcessContent?: unknown;
}

/**
 * Makes `reader` hand back the article as it chose it, untidied. Returns
 * false, changing nothing, when the instance does not have the expected
 * shape (another Readability version): it then tidies as usual.
 */
export function skipDisplayTidying(reader: object): boolean {
  const internals = reader as PostProcessingInternals;
  if (typeof internals._postProcessContent !== 'function') return false;
  internals._postProcessContent = () => {};
  return true;
}
