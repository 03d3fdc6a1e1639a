import { classOfCodeUnit, classifyCodePoint, countUnspacedAndWords, ScriptClass } from './scripts';
import type { TextLength } from './text-length';
import { LATIN_STOPWORDS } from './stopwords';
import type { Dictionary } from './segment/dictionary';
import { segmentHan, segmentHanWords, SegmentedRun, stopwordMarks, type StopwordMarks } from './segment/segmenter';
import { defaultChineseLexicon } from './segment/chinese-lexicon';
import { FINGERPRINT_SCHEME, SCRIPT_FOLD_SCHEME, type FingerprintScheme } from './scheme';
import { foldChineseScripts, mayFoldScripts } from './script-fold/fold-scripts';

/**
 * A document is tokenised as Japanese (Han and kana together, by character
 * bigrams) when kana make up at least this share of its CJK characters.
 * Japanese prose runs 30–70% kana, even kanji-dense news stays above 20%;
 * Chinese text quoting a Japanese name or brand stays in the low percents.
 */
export const JAPANESE_KANA_SHARE = 0.15;

export interface TokenizeDeps {
  /** Chinese word list; asked for only when Han text appears (default: defaultChineseLexicon's). */
  dictionary?: () => Dictionary;
  /** Chinese stopwords; asked for only when Han text appears (default: defaultChineseLexicon's). */
  chineseStopwords?: () => ReadonlySet<string>;
}

const defaultDictionary = (): Dictionary => defaultChineseLexicon().dictionary;
const defaultStopwords = (): ReadonlySet<string> => defaultChineseLexicon().stopwords;

/**
 * Case-folded text with full-width/half-width and compatibility forms unified
 * (NFKC) and, from scheme 2, Traditional and Simplified Chinese folded to one
 * form (not in Japanese text): the input to tokenisation. Unlike normalizeText it keeps whitespace
 * as it is: the tokeniser skips it anyway, and collapsing it costs more than
 * the rest of tokenisation on Latin text.
 */
export function foldText(text: string, scheme: FingerprintScheme = FINGERPRINT_SCHEME): string {
  const folded = text.normalize('NFKC').toLowerCase();
  // Japanese kanji are not Traditional Chinese: Japanese text keeps its characters.
  // Text with nothing to fold (most Latin pages) needs no Japanese check.
  return scheme >= SCRIPT_FOLD_SCHEME && mayFoldScripts(folded) && !isJapaneseText(folded) ? foldChineseScripts(folded) : folded;
}

const KANA_ANY = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const KANA_ALL = /[\p{Script=Hiragana}\p{Script=Katakana}\u30FC]/gu;
const HAN_ALL = /\p{Script=Han}/gu;
/**
 * Every Hiragana or Katakana code point lies in these code-unit ranges
 * (U+3041–U+33FF, half-width U+FF66–U+FF9F, and the high surrogates of the
 * kana supplements U+1AFF0–U+1B16F). A simple character class runs far faster
 * than the Unicode script property, so most pages, which have no kana,
 * are settled by it alone.
 */
const MAYBE_KANA = /[\u3041-\u33ff\uff66-\uff9f\ud82b\ud82c]/;

/** Whether the folded text is tokenised as Japanese (see JAPANESE_KANA_SHARE). */
export function isJapaneseText(text: string): boolean {
  // Most pages have no kana at all: one scan without allocation settles it.
  if (!MAYBE_KANA.test(text) || !KANA_ANY.test(text)) return false;
  const kana = text.match(KANA_ALL)?.length ?? 0;
  // Han characters are counted only until they outweigh the kana: a Chinese page quoting a Japanese name stops early.
  HAN_ALL.lastIndex = 0;
  let han = 0;
  while (HAN_ALL.exec(text) !== null) {
    han++;
    if (kana < JAPANESE_KANA_SHARE * (han + kana)) {
      HAN_ALL.lastIndex = 0;
      return false;
    }
  }
  return kana >= JAPANESE_KANA_SHARE * (han + kana);
}

/** The words of the Han run being read (scanTokens is not re-entered: one scratch serves every call). */
const segmented = new SegmentedRun();

/** Stopword marks by dictionary and stopword set: made once for each pair a caller uses. */
const marksCache = new WeakMap<Dictionary, WeakMap<ReadonlySet<string>, StopwordMarks>>();

function marksOf(dictionary: Dictionary, stopwords: ReadonlySet<string>): StopwordMarks {
  let byStopwords = marksCache.get(dictionary);
  if (!byStopwords) marksCache.set(dictionary, (byStopwords = new WeakMap()));
  let marks = byStopwords.get(stopwords);
  if (!marks) byStopwords.set(stopwords, (marks = stopwordMarks(dictionary, stopwords)));
  return marks;
}

// Script classes as plain numbers for the hot loop (ScriptClass values).
const OTHER: number = ScriptClass.Other;
const WORD: number = ScriptClass.Word;
const HAN: number = ScriptClass.Han;
const KANA: number = ScriptClass.Kana;
const INVISIBLE: number = ScriptClass.Invisible;

/** 1 for the ASCII code units of the Word class (letters and digits), from the same classifier. */
const ASCII_WORD = new Uint8Array(0x80);
for (let c = 0; c < 0x80; c++) {
  const cls = classOfCodeUnit(c);
  ASCII_WORD[c] = cls === ScriptClass.Word ? 1 : 0;
  // The fast path below relies on ASCII being only Word or Other.
  if (cls !== ScriptClass.Word && cls !== ScriptClass.Other) throw new Error(`unexpected class of U+${c.toString(16)}`);
}

/**
 * `measureText(text)` (text-length.ts) from `foldText(text)`: the same counts
 * without normalising the text a second time or running measureText's
 * Unicode-property regexes. The whitespace collapsing of normalizeText
 * changes no count; the invisible characters it removes are stepped over
 * by countUnspacedAndWords.
 */
export function measureFolded(folded: string): TextLength {
  return countUnspacedAndWords(folded);
}

/** Receives the tokens of a text, in order. */
export interface TokenSink {
  /**
   * A run of letters and digits of a space-separated script, `text[start, end)`,
   * LATIN_STOPWORDS not yet removed: a range, so that a sink can read the
   * word where it lies instead of copying it out.
   */
  word(text: string, start: number, end: number): void;
  /** Any other content token: a Chinese word (stopwords removed) or a character bigram. */
  other(token: string): void;
  /**
   * Optional: a Chinese word that is no stopword, `run[start, end)`, read
   * where it lies; without it `other` gets the word as a string. The same
   * words either way.
   */
  hanWord?(run: string, start: number, end: number): void;
  /**
   * Optional: reads the ASCII stretch from `from` itself instead of the
   * fast path below, with the same outcome: each ASCII word that ends on
   * ASCII (or at the end of the text) handled as `word` would and counted;
   * the stretch ends at the first non-ASCII code unit or at `end` (a
   * paragraph's end, where no word runs on), and a word running into a
   * non-ASCII code unit is left to the caller (`openWord`). The WebAssembly engine
   * (wasm/ascii-feature-engine.ts) reads stretches in bytes.
   */
  asciiWords?(from: number, out: AsciiStretch, end: number): void;
  /**
   * Optional: told where each paragraph after the first begins (a blank
   * line ends the one before: paragraphEnds), after the tokens of the one
   * before, with the text's CJK characters and words before it (as
   * measureFolded counts them). A sink without it gets the same tokens in
   * one pass.
   */
  paragraph?(cjkChars: number, words: number): void;
  /**
   * Optional, with `paragraph`: the same where each line after the first of
   * a paragraph begins (a single line break inside it: lineEnds). The tokens
   * are the same: a line break ends every token.
   */
  line?(cjkChars: number, words: number): void;
}

/** What TokenSink.asciiWords reports. */
export interface AsciiStretch {
  /** The first code unit after the stretch: not ASCII, or the end of the text. */
  end: number;
  /** Start of the word that runs into `end` (not handled), or -1. */
  openWord: number;
  /** Words that ended within the stretch. */
  words: number;
}

/** Collects tokens as strings, Latin stopwords dropped: `tokenize()`'s output. */
class TokenList implements TokenSink {
  readonly tokens: string[] = [];
  word(text: string, start: number, end: number): void {
    const word = text.slice(start, end);
    if (!LATIN_STOPWORDS.has(word)) this.tokens.push(word);
  }
  other(token: string): void {
    this.tokens.push(token);
  }
}

/** ASCII_WORD over every code unit (0 beyond ASCII): one load per character in the fast path's inner loop. */
const ASCII_WORD_UNIT = new Uint8Array(0x10000);
ASCII_WORD_UNIT.set(ASCII_WORD);

/** Overlapping character bigrams: the fallback for scripts without word spaces (Japanese, Thai). */
function charBigrams(run: string, sink: TokenSink): void {
  const chars = Array.from(run);
  if (chars.length === 1) {
    sink.other(run);
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) sink.other((chars[i] as string) + (chars[i + 1] as string));
}

/**
 * Normalises `text` and splits it into content tokens, stopwords removed:
 * - Latin, Cyrillic, Greek, Hangul and other space-separated scripts: words;
 * - Chinese (Han): dictionary words (segmentit's dictionary);
 * - Japanese (Han + kana), Thai and other unspaced scripts: character bigrams.
 */
export function tokenize(text: string, deps: TokenizeDeps = {}): string[] {
  return tokenizeFolded(foldText(text), deps);
}

/**
 * `tokenize()` of text already folded by `foldText()`. `japanese` as for
 * scanTokens: a caller that already knows the text is Japanese passes true
 * and spares the detection.
 */
export function tokenizeFolded(folded: string, deps: TokenizeDeps = {}, japanese?: boolean): string[] {
  const list = new TokenList();
  if (scanTokens(folded, japanese, deps, list)) return list.tokens;
  return tokenizeFolded(folded, deps, true);
}

/**
 * The tokens of `foldText()`'s output, handed to `sink` in order (Latin
 * stopwords are the sink's to drop, see TokenSink). `japanese`: whether the
 * text is tokenised as Japanese, `isJapaneseText(folded)`, or undefined to
 * have it decided at the first Han or kana character: a text without any,
 * most of them, then never pays for the check (a regex scan of the whole
 * text, ~6% of the time on Latin text). Returns undefined when that check
 * finds the text Japanese, before any CJK token has reached the sink; the
 * caller starts again with `japanese` true.
 *
 * Returns `measureFolded(folded)`, counted on the way: each ASCII word of
 * the fast path below is one word of the count, and the stretches between
 * are measured as they are. Counts add up across a cut at an ASCII
 * character whose predecessor is no letter or digit. The fast path resumes
 * only outside a run, after a character of class Other (no letter, digit or
 * unspaced-script character) or an ASCII non-word, so that holds at every
 * cut, except where the last character before it other than invisible ones
 * is half of a surrogate pair: removing invisible characters can join two
 * halves the tokeniser saw apart (U+D835 U+200B U+DC01 is the letter 𝐁 to
 * measureText), so the stretch then runs on to the next cut. A Latin
 * page is mostly fast path: its length costs next to nothing instead of a
 * second pass over the text.
 */
export function scanTokens(folded: string, japanese: boolean | undefined, deps: TokenizeDeps, sink: TokenSink): TextLength | undefined {
  // In Japanese, Han and kana alternate within a sentence: one run, bigrams.
  const hanClass = japanese ? KANA : HAN;
  let dictionary: Dictionary | undefined;
  let zhStop: ReadonlySet<string> | undefined;
  let marks: StopwordMarks | undefined;

  const emit = (script: number, run: string): void => {
    if (script === WORD) {
      sink.word(run, 0, run.length);
    } else if (script === HAN) {
      dictionary ??= (deps.dictionary ?? defaultDictionary)();
      zhStop ??= (deps.chineseStopwords ?? defaultStopwords)();
      if (sink.hanWord) {
        marks ??= marksOf(dictionary, zhStop);
        segmentHanWords(run, dictionary, marks, segmented);
        for (let k = segmented.count - 1, start = 0; k >= 0; k--) {
          const mark = segmented.ends[k] as number;
          const end = mark >> 1;
          if ((mark & 1) === 0) sink.hanWord(run, start, end);
          start = end;
        }
      } else {
        for (const word of segmentHan(run, dictionary)) if (!zhStop.has(word)) sink.other(word);
      }
    } else if (script !== OTHER) {
      charBigrams(run, sink);
    }
  };

  // One pass over UTF-16 code units; a run ends where the script class
  // changes. Invisible characters are cut out of a run without ending it.
  // (No closure captures the loop's variables: V8 would keep them in memory.)
  const { ends, inside } = sink.paragraph ? lineEnds(folded) : { ends: [folded.length], inside: undefined };
  let current = OTHER;
  let start = 0;
  let pending = '';
  const length: TextLength = { cjkChars: 0, words: 0 };
  // Words of the fast path, and the start of the stretch it has not counted (or -1).
  let words = 0;
  let uncounted = -1;
  const stretch: AsciiStretch = { end: 0, openWord: -1, words: 0 };
  // Line by line, paragraphs and the lines inside them: each ends at a line break, which ends any run and any word.
  for (let paragraph = 0, i = 0; paragraph < ends.length; paragraph++) {
    // Each line's counts are complete at its end (below), as a line break ends every word.
    if (paragraph > 0) {
      if (inside?.has(ends[paragraph - 1] as number)) sink.line?.(length.cjkChars, length.words + words);
      else sink.paragraph?.(length.cjkChars, length.words + words);
    }
    const n = ends[paragraph] as number;
    for (; i < n; ) {
      let code = folded.charCodeAt(i);
      if (code < 0x80 && current === OTHER) {
        // Fast path, outside any run, until the next non-ASCII character: ASCII
        // punctuation and spaces change nothing; an ASCII word that ends on
        // ASCII (or at the end) is a whole run, handed over at once. One that
        // continues into other characters is left to the general loop below
        // as an open Word run.
        do {
          if (uncounted >= 0 && endsOutsideSurrogates(folded, uncounted, i)) {
            addCounts(length, folded, uncounted, i);
            uncounted = -1;
          }
          if (sink.asciiWords && uncounted < 0) {
            // The sink reads the rest of the stretch; every word of it counts (uncounted < 0 throughout).
            sink.asciiWords(i, stretch, n);
            words += stretch.words;
            i = stretch.end;
            if (stretch.openWord >= 0) {
              current = WORD;
              start = stretch.openWord;
              pending = '';
              uncounted = stretch.openWord;
            }
            break;
          }
          if (ASCII_WORD[code] === 0) {
            i++;
            continue;
          }
          let j = i + 1;
          let next = 0;
          while (j < n && ASCII_WORD_UNIT[(next = folded.charCodeAt(j))] === 1) j++;
          if (j < n && next >= 0x80) {
            current = WORD;
            start = i;
            pending = '';
            if (uncounted < 0) uncounted = i;
            i = j;
            break;
          }
          if (uncounted < 0) words++;
          sink.word(folded, i, j);
          i = j;
        } while (i < n && (code = folded.charCodeAt(i)) < 0x80);
        continue;
      }
      if (uncounted < 0) uncounted = i;
      let width = 1;
      let cls: number;
      if (code >= 0xd800 && code <= 0xdbff && i + 1 < n) {
        width = 2;
        cls = classOfPair(folded, i);
      } else {
        cls = classOfCodeUnit(code);
      }
      if (japanese === undefined && (cls === HAN || cls === KANA)) {
        if (isJapaneseText(folded)) return undefined;
        japanese = false;
      }
      if (cls === HAN) cls = hanClass;
      if (cls === INVISIBLE) {
        // Outside a run the pending text would be dropped at the next change anyway.
        if (current !== OTHER) pending += folded.slice(start, i);
        start = i + width;
      } else if (cls !== current) {
        if (current !== OTHER) emit(current, pending + folded.slice(start, i));
        pending = '';
        current = cls;
        start = i;
      }
      i += width;
    }
    if (current !== OTHER) emit(current, pending + folded.slice(start, n));
    current = OTHER;
    pending = '';
    if (uncounted >= 0) addCounts(length, folded, uncounted, n);
    uncounted = -1;
  }
  length.words += words;
  return length;
}

const LINE_FEED = 0x0a;

/** Whether a code unit is a space, a tab or a carriage return (or another C0 blank: \v, \f). */
export function isBlank(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d && code !== LINE_FEED);
}

/** The first position from `from` on that is not a blank (isBlank), or the text's end. */
function afterBlanks(folded: string, from: number): number {
  let i = from;
  while (i < folded.length && isBlank(folded.charCodeAt(i))) i++;
  return i;
}

/**
 * Where each paragraph of `folded` ends: the first line break of each run of
 * blank lines, and the text's end. A blank line (two line breaks with
 * nothing but spaces, tabs or carriage returns between; NFKC has made other
 * spaces plain ones) ends a paragraph in extracted text (extract's
 * PARAGRAPH_SEPARATOR) and in plain-text articles; a single line break is a
 * `<br>` or a wrapped line. In Chinese and Japanese text (linesAreParagraphs)
 * and in text with no blank line whose lines are not wrapped at a width
 * (linesAreUnwrappedParagraphs) every line break ends one.
 */
export function paragraphEnds(folded: string): number[] {
  // Settled at the first single line break: most texts have none, and need not be read for it.
  let everyLine: boolean | undefined;
  const ends: number[] = [];
  const n = folded.length;
  for (let at = folded.indexOf('\n'); at >= 0; at = folded.indexOf('\n', at + 1)) {
    let i = afterBlanks(folded, at + 1);
    if (folded.charCodeAt(i) !== LINE_FEED && (i === n || !(everyLine ??= linesAreParagraphs(folded) || linesAreUnwrappedParagraphs(folded)))) continue;
    ends.push(at);
    // The blank lines that follow belong to the same break.
    while (i < n && (isBlank(folded.charCodeAt(i)) || folded.charCodeAt(i) === LINE_FEED)) i++;
    at = i - 1;
  }
  ends.push(n);
  return ends;
}

/**
 * Where each line of `folded` ends: paragraphEnds, and the single line
 * breaks inside its paragraphs (`inside`), past the blank lines that open
 * one. Every line read as a paragraph of its own (prose-lines.ts).
 */
export function lineEnds(folded: string, paragraphs: readonly number[] = paragraphEnds(folded)): { ends: number[]; inside: Set<number> } {
  const ends: number[] = [];
  const inside = new Set<number>();
  let from = 0;
  for (const end of paragraphs) {
    while (from < end && (folded.charCodeAt(from) === LINE_FEED || isBlank(folded.charCodeAt(from)))) from++;
    for (let at = folded.indexOf('\n', from); at >= 0 && at < end; at = folded.indexOf('\n', at + 1)) {
      ends.push(at);
      inside.add(at);
    }
    ends.push(end);
    from = end;
  }
  return { ends, inside };
}

/** Some Han or kana character (the code-unit ranges of CJK ideographs and kana): the test that settles most pages at once. */
const MAYBE_HAN_OR_KANA = /[\u3041-\u33ff\u3400-\u9fff\uf900-\ufaff]/;

/**
 * Whether every line of `folded` is a paragraph of its own: when its Han and
 * kana characters outnumber the letters and digits of other scripts.
 * Chinese and Japanese pages break their lines with `<br>` and are not
 * wrapped at a width, so a copy that puts each line in a `<p>` keeps them
 * apart; Latin-script plain text is often wrapped mid-sentence
 * (decisions/0035: on the fit half, every line break a paragraph break
 * lost 5 English reposts, and gained Chinese quotes only).
 */
export function linesAreParagraphs(folded: string): boolean {
  if (!MAYBE_HAN_OR_KANA.test(folded)) return false;
  let unspaced = 0;
  let spaced = 0;
  for (let i = 0; i < folded.length; i++) {
    const cls = classOfCodeUnit(folded.charCodeAt(i));
    if (cls === HAN || cls === KANA) unspaced++;
    else if (cls === WORD) spaced++;
  }
  return unspaced > spaced;
}

/**
 * Hard-wrapped plain text (mail, RFCs, README files) keeps its lines at or
 * under a width of 72–80 characters; a line longer than this is no wrap.
 */
export const WRAPPED_LINE_MAX = 100;

/**
 * Whether every line of `folded` is a paragraph of its own because the text
 * has no blank line to separate paragraphs and its lines are not wrapped at a
 * width: a copy that lost its blank lines (pasted into a form, a feed's text)
 * sets each paragraph on one line, and would otherwise be one paragraph whose
 * chunks share nothing with the original's (decisions/0035).
 */
export function linesAreUnwrappedParagraphs(folded: string): boolean {
  let unwrapped = false;
  for (let start = 0; ; ) {
    const end = folded.indexOf('\n', start);
    if ((end < 0 ? folded.length : end) - start > WRAPPED_LINE_MAX) unwrapped = true;
    if (end < 0) return unwrapped;
    // A blank line, as paragraphEnds reads one: the text separates its paragraphs itself.
    start = end + 1;
    if (folded.charCodeAt(afterBlanks(folded, start)) === LINE_FEED) return false;
  }
}

/** Adds the length counts of `text[start, end)` to `length`. */
function addCounts(length: TextLength, text: string, start: number, end: number): void {
  const counts = countUnspacedAndWords(text, start, end);
  length.cjkChars += counts.cjkChars;
  length.words += counts.words;
}

/** Whether the last code unit of `s[from, end)` that is not invisible is no surrogate (or there is none). */
function endsOutsideSurrogates(s: string, from: number, end: number): boolean {
  for (let k = end - 1; k >= from; k--) {
    const code = s.charCodeAt(k);
    if (classOfCodeUnit(code) !== ScriptClass.Invisible) return code < 0xd800 || code > 0xdfff;
  }
  return true;
}

const pairClasses = new Map<number, number>();
/** Class of the two code units at `i` (a surrogate pair), as classifyCodePoint gives it, cached. */
function classOfPair(s: string, i: number): number {
  const key = (s.charCodeAt(i) << 16) | s.charCodeAt(i + 1);
  let cls = pairClasses.get(key);
  if (cls === undefined) {
    cls = classifyCodePoint(s.slice(i, i + 2));
    if (pairClasses.size < 4096) pairClasses.set(key, cls);
  }
  return cls;
}
