/** Unicode script classes that decide how a run of text is tokenised. */
export type ScriptClass = 'han' | 'kana' | 'hangul' | 'thai' | 'word' | 'other';

const HAN = /\p{Script=Han}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}\u30FC]/u;
const HANGUL = /\p{Script=Hangul}/u;
const THAI = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const WORD = /[\p{L}\p{N}\p{M}]/u;

export function scriptOf(char: string): ScriptClass {
  const code = char.codePointAt(0) ?? 0;
  // Fast path for ASCII, the bulk of Latin-script text.
  if (code < 0x80) {
    return (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a)
      ? 'word'
      : 'other';
  }
  if (HAN.test(char)) return 'han';
  if (KANA.test(char)) return 'kana';
  if (HANGUL.test(char)) return 'hangul';
  if (THAI.test(char)) return 'thai';
  if (WORD.test(char)) return 'word';
  return 'other';
}

/** True when the character belongs to a script written without spaces between words. */
export function isCjkLike(script: ScriptClass): boolean {
  return script === 'han' || script === 'kana' || script === 'thai';
}
