import { classOfCodeUnit, classifyCodePoint, ScriptClass } from './scripts';
import { LATIN_STOPWORDS } from './stopwords';
import type { Dictionary } from './segment/dictionary';
import { segmentHan } from './segment/segmenter';
import { segmentitDictionary, segmentitStopwords } from './segment/segmentit-dictionary';

/**
 * A document is tokenised as Japanese (Han and kana together, by character
 * bigrams) when kana make up at least this share of its CJK characters.
 * Japanese prose runs 30–70% kana, even kanji-dense news stays above 20%;
 * Chinese text quoting a Japanese name or brand stays in the low percents.
 */
export const JAPANESE_KANA_SHARE = 0.15;

export interface TokenizeDeps {
  /** Chinese word list; loaded on first use, only when Han text appears. */
  dictionary?: () => Dictionary;
  /** Chinese stopwords; loaded on first use, only when Han text appears. */
  chineseStopwords?: () => ReadonlySet<string>;
}

let defaultChineseStopwords: ReadonlySet<string> | undefined;
function loadChineseStopwords(): ReadonlySet<string> {
  defaultChineseStopwords ??= new Set(segmentitStopwords());
  return defaultChineseStopwords;
}

/**
 * Case-folded text with full-width/half-width and compatibility forms unified
 * (NFKC), the input to tokenisation. Unlike normalizeText it keeps whitespace
 * as it is: the tokeniser skips it anyway, and collapsing it costs more than
 * the rest of tokenisation on Latin text.
 */
function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

const KANA_ANY = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const KANA_ALL = /[\p{Script=Hiragana}\p{Script=Katakana}\u30FC]/gu;
const HAN_ALL = /\p{Script=Han}/gu;

function isJapanese(text: string): boolean {
  // Most pages have no kana at all: one scan without allocation settles it.
  if (!KANA_ANY.test(text)) return false;
  const kana = text.match(KANA_ALL)?.length ?? 0;
  const han = text.match(HAN_ALL)?.length ?? 0;
  return kana >= JAPANESE_KANA_SHARE * (han + kana);
}

/** Overlapping character bigrams: the fallback for scripts without word spaces (Japanese, Thai). */
function charBigrams(run: string, out: string[]): void {
  const chars = Array.from(run);
  if (chars.length === 1) {
    out.push(run);
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) out.push((chars[i] as string) + (chars[i + 1] as string));
}

/**
 * Normalises `text` and splits it into content tokens, stopwords removed:
 * - Latin, Cyrillic, Greek, Hangul and other space-separated scripts: words;
 * - Chinese (Han): dictionary words (segmentit's dictionary);
 * - Japanese (Han + kana), Thai and other unspaced scripts: character bigrams.
 */
export function tokenize(text: string, deps: TokenizeDeps = {}): string[] {
  const folded = fold(text);
  // In Japanese, Han and kana alternate within a sentence: one run, bigrams.
  const hanClass = isJapanese(folded) ? ScriptClass.Kana : ScriptClass.Han;
  const tokens: string[] = [];
  let dictionary: Dictionary | undefined;
  let zhStop: ReadonlySet<string> | undefined;

  const emit = (script: ScriptClass, run: string): void => {
    if (script === ScriptClass.Word) {
      if (!LATIN_STOPWORDS.has(run)) tokens.push(run);
    } else if (script === ScriptClass.Han) {
      dictionary ??= (deps.dictionary ?? segmentitDictionary)();
      zhStop ??= (deps.chineseStopwords ?? loadChineseStopwords)();
      for (const word of segmentHan(run, dictionary)) if (!zhStop.has(word)) tokens.push(word);
    } else if (script !== ScriptClass.Other) {
      charBigrams(run, tokens);
    }
  };

  // One pass over UTF-16 code units; a run ends where the script class
  // changes. Invisible characters are cut out of a run without ending it.
  const n = folded.length;
  let current: ScriptClass = ScriptClass.Other;
  let start = 0;
  let pending = '';
  for (let i = 0; i < n; ) {
    const code = folded.charCodeAt(i);
    let width = 1;
    let cls: ScriptClass;
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < n) {
      width = 2;
      cls = classifyCodePoint(folded.slice(i, i + 2));
    } else {
      cls = classOfCodeUnit(code);
    }
    if (cls === ScriptClass.Han) cls = hanClass;
    if (cls === ScriptClass.Invisible) {
      pending += folded.slice(start, i);
      start = i + width;
    } else if (cls !== current) {
      if (current !== ScriptClass.Other) emit(current, pending + folded.slice(start, i));
      pending = '';
      current = cls;
      start = i;
    }
    i += width;
  }
  if (current !== ScriptClass.Other) emit(current, pending + folded.slice(start, n));
  return tokens;
}
