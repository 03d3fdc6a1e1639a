/**
 * One adjustment to Mozilla Readability (0.6) for text written with
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
