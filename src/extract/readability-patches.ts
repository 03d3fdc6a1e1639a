/**
 * The only two changes Déjà Lu makes to Mozilla Readability, pinned at
 * READABILITY_VERSION (package.json has that exact version): each applied
 * to one Readability instance, the library itself unmodified, and each a
 * no-op when the instance lacks the members it relies on (PATCHED_MEMBERS).
 * test/extract/readability-patches.test.ts fails when an upgrade changes
 * any of those members, so the patches are re-checked, not silently kept.
 * The comma fix is offered upstream: docs/upstream/readability-commas.patch.
 */

/** The Readability release these patches were written and checked against. */
export const READABILITY_VERSION = '0.6.0';

/**
 * Readability's private members the patches read or replace, and
 * `_cleanConditionally`, the caller whose comma count the first one changes.
 */
export const PATCHED_MEMBERS = ['_getCharCount', '_getInnerText', '_postProcessContent', '_cleanConditionally'] as const;

/**
 * 1. Commas. An adjustment for text written with
 * full-width punctuation (Chinese, Japanese), applied to one Readability
 * instance: the library itself is not modified.
 *
 * Readability scores a paragraph partly by its commas and already counts
 * the full-width comma `，` (U+FF0C) there, with the Arabic and other commas
 * (`REGEXPS.commas`). But when it later cleans the article "conditionally",
 * the count that exempts a container from its shape checks (ten commas or
 * more mean prose: keep it) is `_getCharCount(node, ",")`, the ASCII comma
 * only. A Chinese post of a hundred clauses counts zero there, and a blog
 * post whose text sits beside its photos fails "too many images per
 * paragraph" and is removed, while an English post of the same shape stays.
 * Counting the same commas in both places gives CJK prose the exemption
 * English prose of the same length gets.
 */

/** The members of a Readability instance this adjustment relies on (not part of its public API). */
interface ReadabilityCommaInternals {
  _getCharCount?: unknown;
  _getInnerText?: unknown;
  REGEXPS?: { commas?: unknown };
}

/**
 * Makes `reader._getCharCount(node, ",")` count every comma Readability's
 * paragraph scoring counts. Returns false, changing nothing, when the
 * instance does not have the expected shape (another Readability version):
 * extraction then simply runs unadjusted.
 */
export function countAllCommas(reader: object): boolean {
  const internals = reader as ReadabilityCommaInternals;
  const getInnerText = internals._getInnerText;
  const commas = internals.REGEXPS?.commas;
  const original = internals._getCharCount;
  if (typeof getInnerText !== 'function' || typeof original !== 'function' || !(commas instanceof RegExp)) return false;
  internals._getCharCount = function (this: unknown, element: Element, separator?: string): number {
    if (separator !== undefined && separator !== ',') return original.call(this, element, separator) as number;
    return (getInnerText.call(this, element) as string).split(commas).length - 1;
  };
  return true;
}

/**
 * 2. Display tidying. Work Readability does for a reader view that the extension,
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
