/** Unicode script classes that decide how a run of text is tokenised. */
export const enum ScriptClass {
  /** Spaces, punctuation, symbols: separate tokens. */
  Other = 0,
  /** Letters, digits and marks of space-separated scripts (Latin, Cyrillic, Hangul, …). */
  Word = 1,
  Han = 2,
  Kana = 3,
  /** Thai, Lao, Khmer, Myanmar: written without spaces between words. */
  Thai = 4,
  /** Zero-width and formatting characters: ignored, they neither join nor split tokens. */
  Invisible = 5,
}

const HAN = /\p{Script=Han}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}\u30FC]/u;
const THAI = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const WORD = /[\p{L}\p{N}\p{M}]/u;
const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;

export function classifyCodePoint(char: string): ScriptClass {
  if (INVISIBLE.test(char)) return ScriptClass.Invisible;
  if (HAN.test(char)) return ScriptClass.Han;
  if (KANA.test(char)) return ScriptClass.Kana;
  if (THAI.test(char)) return ScriptClass.Thai;
  if (WORD.test(char)) return ScriptClass.Word;
  return ScriptClass.Other;
}

const UNKNOWN = 0xff;
// Classes of BMP code units, filled on first sight: a page touches a few
// hundred distinct characters, so the Unicode regexes run a few hundred times
// instead of once per character.
const bmpClasses = new Uint8Array(0x10000).fill(UNKNOWN);

/** Class of the BMP code unit `code` (not a surrogate). */
export function classOfCodeUnit(code: number): ScriptClass {
  let cls = bmpClasses[code] as number;
  if (cls === UNKNOWN) {
    cls = classifyCodePoint(String.fromCharCode(code));
    bmpClasses[code] = cls;
  }
  return cls as ScriptClass;
}

// ---------------------------------------------------------------------------
// Length counting (text-length.ts): the same counts as its regexes, in one pass.

const UNSPACED_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const COUNT_OTHER = 0;
const COUNT_LETTER = 1;
const COUNT_UNSPACED = 2;

function countClassOf(char: string): number {
  if (UNSPACED_CHAR.test(char)) return COUNT_UNSPACED;
  return LETTER_OR_DIGIT.test(char) ? COUNT_LETTER : COUNT_OTHER;
}

const bmpCountClasses = new Uint8Array(0x10000).fill(UNKNOWN);

const astralCountClasses = new Map<number, number>();

/** 1 for ASCII letters and digits (the only ASCII that \p{L} or \p{N} matches), else 0. */
const ASCII_LETTER_OR_DIGIT = new Uint8Array(0x80);
for (let c = 0; c < 0x80; c++) ASCII_LETTER_OR_DIGIT[c] = countClassOf(String.fromCharCode(c)) === COUNT_LETTER ? 1 : 0;

/**
 * Characters of unspaced scripts (Han, kana, Thai, Lao, Khmer, Myanmar) and
 * words (runs of letters and digits, an unspaced character ending a run) in
 * `text[start, end)` with its invisible characters removed (those of
 * normalizeText), counted by code point. Equal, for every string, to
 *   t = text.slice(start, end).replace(INVISIBLE, '')
 *   cjkChars = t.match(UNSPACED)?.length ?? 0
 *   words = t.replace(UNSPACED, ' ').match(/[\p{L}\p{N}]+/gu)?.length ?? 0
 * (UNSPACED as in text-length.ts), at several times their speed: a class
 * table filled on first sight of each character instead of a Unicode
 * property test per character, and no copy of the text. Invisible
 * characters are stepped over, which is what removing them does: a word
 * goes on across them, and a surrogate pair they separate is one
 * character.
 */
export function countUnspacedAndWords(text: string, start = 0, end = text.length): { cjkChars: number; words: number } {
  let cjkChars = 0;
  let words = 0;
  // 1 inside a word, else 0: numbers, so the ASCII step below needs no branch.
  let inWord = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      // Most of a Latin page: a word starts at a letter or digit after anything else.
      const letter = ASCII_LETTER_OR_DIGIT[code] as number;
      words += letter & (inWord ^ 1);
      inWord = letter;
      continue;
    }
    let cls: number;
    if (code >= 0xd800 && code <= 0xdbff) {
      let j = i + 1;
      while (j < end && classOfCodeUnit(text.charCodeAt(j)) === ScriptClass.Invisible) j++;
      if (j < end && (text.charCodeAt(j) & 0xfc00) === 0xdc00) {
        cls = astralCountClass(((code - 0xd800) << 10) + (text.charCodeAt(j) - 0xdc00) + 0x10000);
        i = j;
      } else {
        // A lone surrogate is a code point of its own and matches neither class.
        cls = COUNT_OTHER;
      }
    } else if (classOfCodeUnit(code) === ScriptClass.Invisible) {
      continue;
    } else {
      cls = bmpCountClasses[code] as number;
      if (cls === UNKNOWN) {
        cls = code >= 0xdc00 && code <= 0xdfff ? COUNT_OTHER : countClassOf(String.fromCharCode(code));
        bmpCountClasses[code] = cls;
      }
    }
    if (cls === COUNT_LETTER) {
      words += inWord ^ 1;
      inWord = 1;
    } else {
      if (cls === COUNT_UNSPACED) cjkChars++;
      inWord = 0;
    }
  }
  return { cjkChars, words };
}

function astralCountClass(point: number): number {
  let cls = astralCountClasses.get(point);
  if (cls === undefined) {
    cls = countClassOf(String.fromCodePoint(point));
    astralCountClasses.set(point, cls);
  }
  return cls;
}
