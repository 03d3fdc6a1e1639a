/**
 * Plain text wrapped at a fixed width (RFCs, mailing-list posts, Project
 * Gutenberg books) breaks every paragraph into short lines. A page that sets
 * each such line in a paragraph of its own (a <p> a line), or keeps the
 * breaks inside its paragraphs, has no line long enough to hold a passage or
 * to count as prose (prose-lines.ts), so a part of it copied into another
 * page shares nothing with the text read before (decisions/0080).
 *
 * A wrapped line is recognisable by the rule every wrapping tool follows: a
 * line ends where the next word would not have fitted. So in a run of short
 * lines, a line whose length plus the next line's first word exceeds the
 * widest line near it was cut by the wrapping, and any other line ended its
 * paragraph — which gives back the writer's paragraphs, whatever blank lines
 * the page put between the lines.
 */
import { WRAPPED_LINE_MAX, isBlank, lineEnds } from './tokenize';

/** Narrowest width read as wrapping: tools wrap at 60–80 columns, and a column of table cells or menu items is narrower. */
export const HARD_WRAP_MIN_WIDTH = 40;
/**
 * Fewest full lines near a line for it to be read as wrapped: the widest of
 * any few lines is full by definition, so a heading over a caption proves
 * nothing; a wrapped paragraph fills most of its lines.
 */
export const HARD_WRAP_MIN_FULL_LINES = 3;
/**
 * Share of the lines near a line (those with a next line) that must be full,
 * as wrapping leaves most lines of a paragraph full; a list of links or
 * headlines is full only where a line happens to come near the longest.
 */
export const HARD_WRAP_MIN_FULL = 0.5;
/** Lines either side of a line that give the width it is measured against: a paragraph or two of wrapped text. */
export const HARD_WRAP_WINDOW = 4;

/** Chinese and Japanese end a paragraph at every line break (tokenize.ts), so their lines are not joined. */
const NOT_WRAPPED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Below the CJK radicals no character is Han or kana: most lines are never given to the regex. */
const FIRST_CJK = 0x2e80;

/** A line that opens a list item (a dash, bullet or number and a space): its mark alone is no word that would have fitted. */
const LIST_ITEM = /^[\t ]*(?:[-*•·–—+]|\d{1,3}[.)])\s/u;

/** A text's non-blank lines: where each begins and ends (blanks at its end left out), and the blank lines before it. */
interface Lines {
  text: string;
  starts: number[];
  ends: number[];
  blanksBefore: number[];
}

/** The wrapped runs found in a text (findHardWraps): read once, then as the tokeniser's line ends or as text. */
export class HardWraps {
  constructor(
    private readonly lines: Lines,
    /** For each non-blank line, whether and how it is joined to the next (JOINED…). */
    private readonly joinAfter: Uint8Array,
  ) {}

  /**
   * Which of the line ends the tokeniser reads in the text (tokenize.ts
   * lineEnds, all but the text's end: one for each line start it records)
   * wrapping made, 1 for those. The line starts left are the writer's lines,
   * without reading the text again.
   */
  wrappedLineEnds(): Uint8Array {
    const { lines, joinAfter } = this;
    const { ends } = lineEnds(lines.text);
    const flags = new Uint8Array(ends.length - 1);
    // The line each end follows: the last that starts before it.
    for (let k = 0, line = 0; k < flags.length; k++) {
      while (line + 1 < joinAfter.length && (lines.starts[line + 1] as number) <= (ends[k] as number)) line++;
      flags[k] = line + 1 < joinAfter.length && joinAfter[line] === JOINED ? 1 : 0;
    }
    return flags;
  }

  /**
   * The text with the line breaks of wrapped runs that fall inside a
   * paragraph replaced by a space (a list item keeps its line), and the
   * blank lines between them dropped. Whitespace only changes, so the text's
   * features are the same under both layouts.
   */
  joined(): string {
    const { lines, joinAfter } = this;
    let out = '';
    for (let i = 0; i < joinAfter.length; i++) {
      const line = lines.text.slice(lines.starts[i], lines.ends[i]);
      if (i === 0) out += line;
      else if (joinAfter[i - 1]) out += (joinAfter[i - 1] === JOINED_ON_ITS_LINE ? '\n' : ' ') + line.trimStart();
      else out += '\n'.repeat((lines.blanksBefore[i] as number) + 1) + line;
    }
    return out;
  }
}

/** `text` read in its writer's paragraphs (HardWraps.joined), or undefined when it has no wrapped run. */
export function joinHardWraps(text: string): string | undefined {
  return findHardWraps(text)?.joined();
}

/** How a line is joined to the next: not (0), on one line, or as a line of the same paragraph. */
const JOINED = 1;
const JOINED_ON_ITS_LINE = 2;

/** The wrapped runs of `text`, or undefined when it has none. */
export function findHardWraps(text: string): HardWraps | undefined {
  const lines = linesOf(text);
  if (lines === undefined) return undefined;
  const count = lines.starts.length;
  const joinAfter = new Uint8Array(count);
  let joined = false;
  for (let start = 0; start < count; ) {
    let end = start;
    while (end < count && wrappable(lines, end) && (end === start || (lines.blanksBefore[end] as number) <= 1)) end++;
    if (end - start > HARD_WRAP_MIN_FULL_LINES && markRun(lines, start, end, joinAfter)) joined = true;
    start = Math.max(end, start + 1);
  }
  return joined ? new HardWraps(lines, joinAfter) : undefined;
}

/** The text's lines, or undefined when no more than HARD_WRAP_MIN_FULL_LINES short lines follow each other (most texts: lines are paragraphs). */
function linesOf(text: string): Lines | undefined {
  const lines: Lines = { text, starts: [], ends: [], blanksBefore: [] };
  let run = 0;
  let longestRun = 0;
  let blanks = 0;
  for (let from = 0; from <= text.length; ) {
    let to = text.indexOf('\n', from);
    if (to < 0) to = text.length;
    let end = to;
    while (end > from && isBlank(text.charCodeAt(end - 1))) end--;
    if (end === from) blanks++;
    else {
      lines.starts.push(from);
      lines.ends.push(end);
      lines.blanksBefore.push(lines.starts.length === 1 ? 0 : blanks);
      run = end - from <= WRAPPED_LINE_MAX ? (blanks > 1 ? 1 : run + 1) : 0;
      longestRun = Math.max(longestRun, run);
      blanks = 0;
    }
    from = to + 1;
  }
  return longestRun > HARD_WRAP_MIN_FULL_LINES ? lines : undefined;
}

const lengthOf = (lines: Lines, i: number): number => (lines.ends[i] as number) - (lines.starts[i] as number);

function wrappable(lines: Lines, i: number): boolean {
  if (lengthOf(lines, i) > WRAPPED_LINE_MAX) return false;
  const { text } = lines;
  for (let j = lines.starts[i] as number, end = lines.ends[i] as number; j < end; j++) {
    if (text.charCodeAt(j) >= FIRST_CJK) return !NOT_WRAPPED.test(text.slice(lines.starts[i], end));
  }
  return true;
}

/** What would have had to fit on the line before line `i`: its first word, with the mark of a list item before it. */
function firstWordLength(lines: Lines, i: number): number {
  const { text } = lines;
  const end = lines.ends[i] as number;
  let at = lines.starts[i] as number;
  while (at < end && isBlank(text.charCodeAt(at))) at++;
  const first = wordEnd(text, at, end);
  if (!LIST_ITEM.test(text.slice(lines.starts[i], Math.min(end, first + 1)))) return first - at;
  let second = first;
  while (second < end && isBlank(text.charCodeAt(second))) second++;
  return first - at + 1 + (wordEnd(text, second, end) - second);
}

function wordEnd(text: string, from: number, end: number): number {
  let j = from;
  while (j < end && !isBlank(text.charCodeAt(j))) j++;
  return j;
}

/**
 * Marks, in `joinAfter`, the lines of the run [start, end) that wrapping cut:
 * full against the widest line near them (HARD_WRAP_WINDOW lines either
 * side, since a run can hold lines of the page's own beside a wrapped text),
 * where at least HARD_WRAP_MIN_FULL_LINES and HARD_WRAP_MIN_FULL of the lines
 * near them are full too. Returns whether it marked any.
 */
function markRun(lines: Lines, start: number, end: number, joinAfter: Uint8Array): boolean {
  const full = new Uint8Array(end - start);
  for (let i = start; i + 1 < end; i++) {
    const from = Math.max(start, i - HARD_WRAP_WINDOW);
    const to = Math.min(end - 1, i + HARD_WRAP_WINDOW);
    let width = 0;
    for (let j = from; j <= to; j++) width = Math.max(width, lengthOf(lines, j));
    full[i - start] = width >= HARD_WRAP_MIN_WIDTH && lengthOf(lines, i) + 1 + firstWordLength(lines, i + 1) > width ? 1 : 0;
  }
  let marked = false;
  for (let i = start; i + 1 < end; i++) {
    if (!full[i - start]) continue;
    const from = Math.max(start, i - HARD_WRAP_WINDOW);
    // The run's last line has no next line to be full against.
    const last = Math.min(end - 2, i + HARD_WRAP_WINDOW);
    let fullNear = 0;
    for (let j = from; j <= last; j++) fullNear += full[j - start] as number;
    if (fullNear >= HARD_WRAP_MIN_FULL_LINES && fullNear >= HARD_WRAP_MIN_FULL * (last - from + 1)) {
      // A list item joins its paragraph on a line of its own: a list of links made one long line would read as prose.
      joinAfter[i] = LIST_ITEM.test(lines.text.slice(lines.starts[i + 1], lines.ends[i + 1])) ? JOINED_ON_ITS_LINE : JOINED;
      marked = true;
    }
  }
  return marked;
}
