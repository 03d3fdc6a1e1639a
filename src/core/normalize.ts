/**
 * Text normalisation applied before tokenisation, so that copies that differ
 * only in presentation produce the same tokens.
 */

// Zero-width and invisible formatting characters that reposting tools and CMSs
// insert (ZWSP, ZWNJ, ZWJ, word joiner, BOM, soft hyphen, bidi marks/overrides).
const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
const WHITESPACE_RUN = /\s+/g;

/**
 * NFKC folds full-width and half-width forms together (ＡＢＣ → ABC, ｶ → カ);
 * lower-casing after NFKC gives a locale-independent case fold.
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .toLowerCase()
    .replace(WHITESPACE_RUN, ' ')
    .trim();
}
