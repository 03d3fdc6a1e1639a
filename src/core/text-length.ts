import { normalizeText } from './normalize';

/**
 * Below this much text a SimHash is unreliable: a handful of features decide
 * every bit, so unrelated short texts collide and small edits flip many bits
 * (reference 004). Defaults: 100 characters of Chinese/Japanese/Thai, or 80
 * words in space-separated scripts; mixed text counts pro rata. 100
 * characters give about twice the features of 80 words, as single characters
 * say less than words (docs/decisions/0015-minimum-length.md).
 */
export const DEFAULT_MIN_CJK_CHARS = 100;
export const DEFAULT_MIN_WORDS = 80;

export interface MinLength {
  cjkChars: number;
  words: number;
}

export const DEFAULT_MIN_LENGTH: MinLength = { cjkChars: DEFAULT_MIN_CJK_CHARS, words: DEFAULT_MIN_WORDS };

export interface TextLength {
  /** Han, kana and Thai-family characters (scripts written without spaces). */
  cjkChars: number;
  /** Words in space-separated scripts. */
  words: number;
}

const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/gu;
const WORD = /[\p{L}\p{N}]+/gu;

export function measureText(text: string): TextLength {
  const normalized = normalizeText(text);
  const cjkChars = normalized.match(UNSPACED)?.length ?? 0;
  const spaced = normalized.replace(UNSPACED, ' ');
  const words = spaced.match(WORD)?.length ?? 0;
  return { cjkChars, words };
}

/** True when the text is long enough to judge: words and CJK characters count pro rata. */
export function isLongEnough(length: TextLength, min: MinLength = DEFAULT_MIN_LENGTH): boolean {
  return length.words / min.words + length.cjkChars / min.cjkChars >= 1;
}

/** Low surrogates: the second code unit of each surrogate pair (a code-unit regex, no `u` flag). */
const LOW_SURROGATES = /[\udc00-\udfff]/g;

/**
 * Unicode code points, as a person counts characters (a surrogate pair is
 * one): the code units less the low surrogates, found by a regex scan,
 * which runs several times faster than a loop over the code units (the CLI
 * counts every file it fingerprints).
 */
export function countCodePoints(text: string): number {
  return text.length - (text.match(LOW_SURROGATES)?.length ?? 0);
}
