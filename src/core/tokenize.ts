import { normalizeText } from './normalize';
import { scriptOf, type ScriptClass } from './scripts';
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

interface Run {
  script: ScriptClass;
  text: string;
}

/** Splits normalised text into maximal runs of one script class. */
function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  let current: ScriptClass | undefined;
  let start = 0;
  let i = 0;
  for (const char of text) {
    let script = scriptOf(char);
    // Korean separates words with spaces: Hangul runs are words.
    if (script === 'hangul') script = 'word';
    if (script !== current) {
      if (current !== undefined && current !== 'other') runs.push({ script: current, text: text.slice(start, i) });
      current = script;
      start = i;
    }
    i += char.length;
  }
  if (current !== undefined && current !== 'other') runs.push({ script: current, text: text.slice(start, i) });
  return runs;
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

/** Joins adjacent Han and kana runs: a Japanese sentence alternates between them. */
function mergeJapanese(runs: Run[]): Run[] {
  const merged: Run[] = [];
  for (const run of runs) {
    const last = merged[merged.length - 1];
    const cjk = run.script === 'han' || run.script === 'kana';
    if (cjk && last && (last.script === 'han' || last.script === 'kana')) {
      merged[merged.length - 1] = { script: 'kana', text: last.text + run.text };
    } else {
      merged.push(cjk ? { script: 'kana', text: run.text } : run);
    }
  }
  return merged;
}

function isJapanese(runs: readonly Run[]): boolean {
  let han = 0;
  let kana = 0;
  for (const run of runs) {
    if (run.script === 'han') han += run.text.length;
    else if (run.script === 'kana') kana += run.text.length;
  }
  return kana > 0 && kana >= JAPANESE_KANA_SHARE * (han + kana);
}

/**
 * Normalises `text` and splits it into content tokens, stopwords removed:
 * - Latin, Cyrillic, Greek, Hangul and other space-separated scripts: words;
 * - Chinese (Han): dictionary words (segmentit's dictionary);
 * - Japanese (Han + kana), Thai and other unspaced scripts: character bigrams.
 */
export function tokenize(text: string, deps: TokenizeDeps = {}): string[] {
  const normalized = normalizeText(text);
  let runs = runsOf(normalized);
  const japanese = isJapanese(runs);
  if (japanese) runs = mergeJapanese(runs);
  const tokens: string[] = [];
  let dictionary: Dictionary | undefined;
  let zhStop: ReadonlySet<string> | undefined;
  for (const run of runs) {
    switch (run.script) {
      case 'word':
        if (!LATIN_STOPWORDS.has(run.text)) tokens.push(run.text);
        break;
      case 'han': {
        dictionary ??= (deps.dictionary ?? segmentitDictionary)();
        zhStop ??= (deps.chineseStopwords ?? loadChineseStopwords)();
        for (const word of segmentHan(run.text, dictionary)) if (!zhStop.has(word)) tokens.push(word);
        break;
      }
      default:
        charBigrams(run.text, tokens);
    }
  }
  return tokens;
}
