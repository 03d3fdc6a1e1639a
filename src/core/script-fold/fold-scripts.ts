/**
 * Folds Traditional and Simplified Chinese (and Taiwan/Hong Kong variants and
 * vocabulary) to one form, so a repost converted between scripts keeps its
 * features. Fingerprint path only: what users see is never folded.
 * Tables: fold-data.ts, generated from OpenCC (docs/decisions/0001-chinese-script-folding.md).
 */
import { FOLD_CHARS_FROM, FOLD_CHARS_TO, FOLD_PHRASES_FROM, FOLD_PHRASES_TO } from './fold-data';

/** In the BMP table: the character folds to something outside the BMP, look in `astral`. */
const ASTRAL_TARGET = 0xffff;
/** No table entry starts below CJK Extension A: text below it folds to itself. */
const FIRST_FOLDABLE = 0x3400;

interface FoldTables {
  /** Target code unit per BMP code unit; 0 when the character folds to itself. */
  bmp: Uint16Array;
  /** Targets of astral characters, and of BMP characters whose target is astral. */
  astral: Map<number, string>;
  phrases: Map<string, string>;
  /** Per first code unit of a phrase: the phrase lengths (code units) starting with it, longest first. */
  phraseLengths: Map<number, number[]>;
  /** 1 for the code units that start a phrase: one load per character instead of a Map lookup. */
  phraseStarts: Uint8Array;
  /**
   * A bit per pairSlot, set for the first two code units of every phrase:
   * most phrase starts are followed by no phrase's second unit, and then
   * cost no slice and no Map lookup (a set bit may be another pair's, and
   * the lookup decides).
   */
  phrasePairs: Uint8Array;
}

/** Bits of pairSlot: 2¹⁸ bits for ~650 pairs, so another pair rarely shares one. */
const PAIR_SLOT_BITS = 18;

/** The bit of phrasePairs that the code units `first`, `second` map to. */
const pairSlot = (first: number, second: number): number => Math.imul((first << 16) | second, 0x9e3779b1) >>> (32 - PAIR_SLOT_BITS);

let tables: FoldTables | undefined;

function buildTables(): FoldTables {
  const bmp = new Uint16Array(0x10000);
  const astral = new Map<number, string>();
  const from = Array.from(FOLD_CHARS_FROM);
  const to = Array.from(FOLD_CHARS_TO);
  if (from.length !== to.length) throw new Error('fold-data.ts: character tables differ in length');
  from.forEach((source, i) => {
    const target = to[i] as string;
    const code = source.codePointAt(0) as number;
    if (code < 0x10000 && target.length === 1) bmp[code] = target.charCodeAt(0);
    else {
      if (code < 0x10000) bmp[code] = ASTRAL_TARGET;
      astral.set(code, target);
    }
  });
  const phraseFrom = FOLD_PHRASES_FROM.split('|');
  const phraseTo = FOLD_PHRASES_TO.split('|');
  if (phraseFrom.length !== phraseTo.length) throw new Error('fold-data.ts: phrase tables differ in length');
  const phrases = new Map<string, string>();
  const phraseLengths = new Map<number, number[]>();
  phraseFrom.forEach((phrase, i) => {
    phrases.set(phrase, phraseTo[i] as string);
    const first = phrase.charCodeAt(0);
    const lengths = phraseLengths.get(first) ?? [];
    if (!lengths.includes(phrase.length)) lengths.push(phrase.length);
    phraseLengths.set(first, lengths.sort((a, b) => b - a));
  });
  const phraseStarts = new Uint8Array(0x10000);
  for (const first of phraseLengths.keys()) phraseStarts[first] = 1;
  const phrasePairs = new Uint8Array(1 << (PAIR_SLOT_BITS - 3));
  for (const phrase of phraseFrom) {
    // A one-unit phrase would be a character of the character table, and have no pair.
    if (phrase.length < 2) throw new Error('fold-data.ts: a phrase of one code unit');
    const slot = pairSlot(phrase.charCodeAt(0), phrase.charCodeAt(1));
    phrasePairs[slot >>> 3]! |= 1 << (slot & 7);
  }
  return { bmp, astral, phrases, phraseLengths, phraseStarts, phrasePairs };
}

/**
 * Characters folded through the BMP table into a code-unit buffer, decoded
 * once: Traditional text changes every third character or so, and string
 * concatenation per change costs more than the rest of the fold.
 */
function foldCharacters(text: string, { bmp, astral }: FoldTables): string {
  // A surrogate without its other half, which only the slower decoding keeps.
  let lone = false;
  let i = 0;
  for (; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < FIRST_FOLDABLE) continue;
    // An astral character (an emoji, say) folds to itself unless the table names it.
    if (isHighSurrogate(unit) && isLowSurrogate(text.charCodeAt(i + 1))) {
      if (astral.has(text.codePointAt(i) as number)) break;
      i++;
    } else if (bmp[unit] !== 0) break;
    else if (isSurrogate(unit)) lone = true;
  }
  if (i === text.length) return text;
  let out = new Uint16Array(text.length + 16);
  // Everything before the first change is copied as it is.
  for (let k = 0; k < i; k++) out[k] = text.charCodeAt(k);
  let length = i;
  const push = (units: string): void => {
    for (let k = 0; k < units.length; k++) out[length++] = units.charCodeAt(k);
  };
  for (; i < text.length; i++) {
    // Room for the longest replacement (two code units) before each step.
    if (length + 2 > out.length) {
      const grown = new Uint16Array(out.length * 2);
      grown.set(out);
      out = grown;
    }
    const unit = text.charCodeAt(i);
    if (isHighSurrogate(unit) && isLowSurrogate(text.charCodeAt(i + 1))) {
      push(astral.get(text.codePointAt(i) as number) ?? text.slice(i, i + 2));
      i++;
      continue;
    }
    const target = unit < FIRST_FOLDABLE ? 0 : (bmp[unit] as number);
    if (target === 0) {
      out[length++] = unit;
      if (isSurrogate(unit)) lone = true;
    } else if (target === ASTRAL_TARGET) push(astral.get(unit) as string);
    else out[length++] = target;
  }
  return lone ? fromCodeUnits(out, length) : UTF16.decode(out.subarray(0, length));
}

/**
 * Decodes well-formed code units many times faster than String.fromCharCode
 * (a Chinese page's fold 5×, 10× before the engine has warmed up). The
 * leading byte-order mark stays: the text is read as it is.
 */
const UTF16 = new TextDecoder('utf-16le', { ignoreBOM: true });

/** Code units per String.fromCharCode call: well under any engine's argument limit. */
const DECODE_CHUNK = 8192;

/** The string of `units[0, length)`, lone surrogates kept as they are (a TextDecoder would replace them). */
function fromCodeUnits(units: Uint16Array, length: number): string {
  let text = '';
  // apply, not a spread: spreading a typed array walks its iterator, several times slower.
  for (let at = 0; at < length; at += DECODE_CHUNK) text += String.fromCharCode.apply(null, units.subarray(at, Math.min(at + DECODE_CHUNK, length)) as unknown as number[]);
  return text;
}

const isHighSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;
const isSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdfff;

/**
 * Leftmost-longest replacement of Taiwan words by their class's word (both
 * already character-folded). `emitted`, when given, hears each stretch of
 * the result in order: `text[from, to)` became `length` code units.
 */
function foldPhrases(text: string, { phrases, phraseLengths, phraseStarts, phrasePairs }: FoldTables, emitted?: (from: number, to: number, length: number) => void): string {
  let out = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (phraseStarts[unit] === 0) continue;
    const slot = pairSlot(unit, text.charCodeAt(i + 1));
    if (((phrasePairs[slot >>> 3] as number) & (1 << (slot & 7))) === 0) continue;
    for (const length of phraseLengths.get(unit) as number[]) {
      const target = phrases.get(text.slice(i, i + length));
      if (target === undefined) continue;
      out += text.slice(start, i) + target;
      if (emitted) {
        for (let k = start; k < i; k++) emitted(k, k + 1, 1);
        emitted(i, i + length, target.length);
      }
      start = i + length;
      i = start - 1;
      break;
    }
  }
  if (emitted) for (let k = start; k < text.length; k++) emitted(k, k + 1, 1);
  return start === 0 ? text : out + text.slice(start);
}

/**
 * `text` (already NFKC-normalised and lower-cased) with Chinese characters
 * folded to one script and Taiwan vocabulary to the mainland word. Text with
 * no CJK character comes back as the same string; folding twice changes
 * nothing more than folding once.
 */
export function foldChineseScripts(text: string): string {
  if (!mayFoldScripts(text)) return text;
  tables ??= buildTables();
  return foldPhrases(foldCharacters(text, tables), tables);
}

/**
 * foldChineseScripts(text) and, for each code unit of it, the index in
 * `text` of the character it came from (within a folded phrase, the
 * phrase's character at the same place, or its last): to map what the
 * fingerprint path reads back to the text shown (passage-ranges.ts).
 */
export function foldChineseScriptsMapped(text: string): { folded: string; origin: Int32Array } {
  const fold = tables ??= buildTables();
  const pieces: string[] = [];
  const charOrigin: number[] = [];
  for (let i = 0; i < text.length;) {
    const width = isHighSurrogate(text.charCodeAt(i)) && isLowSurrogate(text.charCodeAt(i + 1)) ? 2 : 1;
    const piece = foldCharacters(text.slice(i, i + width), fold);
    for (let k = 0; k < piece.length; k++) charOrigin.push(i);
    pieces.push(piece);
    i += width;
  }
  const characters = pieces.join('');
  const origin: number[] = [];
  const folded = foldPhrases(characters, fold, (from, to, length) => {
    for (let k = 0; k < length; k++) origin.push(charOrigin[from + Math.min(k, to - from - 1)] as number);
  });
  return { folded, origin: Int32Array.from(origin) };
}

/**
 * The code units the tables' characters and phrases are made of, at or
 * above U+3400 (every phrase has one; an astral character is found by its
 * high surrogate): CJK Extension A and the unified ideographs, the
 * compatibility ideographs, and the high surrogates of Extensions B–H
 * (test/core/script-fold.test.ts checks every entry). Byte-order marks,
 * emoji and other symbols in Latin pages are not in it.
 */
export const FOLDABLE_UNIT = /[\u3400-\u9fff\uf900-\ufaff\ud840-\ud884]/;

/**
 * Whether foldChineseScripts may change `text`: false settles most Latin
 * pages with one scan, and the text then comes back as it is.
 */
export function mayFoldScripts(text: string): boolean {
  return FOLDABLE_UNIT.test(text);
}
