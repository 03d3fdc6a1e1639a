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
