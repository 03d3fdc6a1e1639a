/**
 * Short answers built by cutting and pasting from a source (issue 15): an
 * answer made of a few runs of consecutive sentences of one practice
 * article, lightly edited (typos in about 2 % of words or characters), and,
 * in the "half copied" kind, as many sentences of another article of its
 * language group around them. Measures how often `judge` names the source
 * (the answer read after it): as a copy (`partial` or `duplicate`), or at
 * least as a quote. Our own generator, not the practice set's edits.
 */
import { judge, signCheckedDocument, signDocument, type Verdict } from '../src/core';
import { seededRandom } from '../bench/lib/seeded-random';
import { docText, originalsOf, type Dataset } from './data';
import { halfOf, type Half } from './score';

/** Answer sizes, in sentences copied; a sentence is ~20 English words or ~35 Chinese characters. */
export const ANSWER_SENTENCES = [8, 16] as const;
/** Copied runs an answer is cut from: a few places of the source, as a person quoting would pick. */
const RUNS = 3;
/** Share of words (characters in Chinese) an edit touches: light editing. */
const EDIT_RATE = 0.02;
/** The article whose sentences stand for the answer's own words: this many places later in the list. */
const FILLER_OFFSET = 11;

export type AnswerKind = 'copied' | 'half copied';

export interface AnswerResult {
  group: 'zh' | 'other';
  kind: AnswerKind;
  sentences: number;
  answers: Record<Half, number>;
  copy: Record<Half, number>;
  quote: Record<Half, number>;
  tooShort: Record<Half, number>;
}

const sentencesOf = (text: string): string[] => text.split(/(?<=[.!?。！？])\s*/u).map((s) => s.trim()).filter((s) => s.length > 0);

/** `count` sentences in RUNS runs of consecutive ones, from places spread over the text, in order. */
function cutRuns(sentences: string[], count: number, next: () => number): string[] {
  const per = Math.ceil(count / RUNS);
  const out: string[] = [];
  for (let r = 0; r < RUNS && out.length < count; r++) {
    const span = Math.floor(sentences.length / RUNS);
    const start = r * span + Math.floor(next() * Math.max(1, span - per));
    out.push(...sentences.slice(start, start + Math.min(per, count - out.length)));
  }
  return out;
}

/** Light edits: a word (a character in Chinese) dropped, doubled or its neighbours swapped, at EDIT_RATE. */
function edit(sentence: string, chinese: boolean, next: () => number): string {
  const units = chinese ? Array.from(sentence) : sentence.split(' ');
  const out: string[] = [];
  for (let i = 0; i < units.length; i++) {
    const unit = units[i] as string;
    if (next() >= EDIT_RATE) {
      out.push(unit);
      continue;
    }
    const choice = next();
    if (choice < 1 / 3) continue;
    if (choice < 2 / 3) out.push(unit, unit);
    else if (i + 1 < units.length) out.push(units[++i] as string, unit);
    else out.push(unit);
  }
  return out.join(chinese ? '' : ' ');
}

/**
 * The answer cut from `texts[i]` (`sentences` sentences in RUNS runs, lightly
 * edited, and in the "half copied" kind as many of another text's around
 * them), or undefined when the text has too few sentences.
 */
export function answerFrom(texts: readonly string[], i: number, kind: AnswerKind, sentences: number, group: 'zh' | 'other'): string | undefined {
  const source = sentencesOf(texts[i] as string);
  if (source.length < sentences * 2) return undefined;
  const next = seededRandom(i * 7919 + sentences);
  const copied = cutRuns(source, sentences, next).map((s) => edit(s, group === 'zh', next));
  const own = kind === 'half copied' ? cutRuns(sentencesOf(texts[(i + FILLER_OFFSET) % texts.length] as string), sentences, next) : [];
  // The answer's own words open it and come between the copied runs.
  const answer: string[] = [];
  const step = Math.ceil(copied.length / RUNS);
  for (let r = 0; r < RUNS; r++) answer.push(...own.slice(r * step, (r + 1) * step), ...copied.slice(r * step, (r + 1) * step));
  return answer.join(group === 'zh' ? '' : ' ');
}

const COPY: ReadonlySet<Verdict> = new Set(['duplicate', 'partial']);

export function shortAnswers(ds: Dataset): AnswerResult[] {
  const results: AnswerResult[] = [];
  for (const group of ['zh', 'other'] as const) {
    const docs = originalsOf(ds, group);
    const texts = docs.map((d) => docText(ds, d.id));
    const signed = texts.map((t) => signDocument(t));
    for (const kind of ['copied', 'half copied'] as const) {
      for (const sentences of ANSWER_SENTENCES) {
        const zero = (): Record<Half, number> => ({ fit: 0, held: 0 });
        const result: AnswerResult = { group, kind, sentences, answers: zero(), copy: zero(), quote: zero(), tooShort: zero() };
        docs.forEach((doc, i) => {
          const answer = answerFrom(texts, i, kind, sentences, group);
          if (answer === undefined) return;
          const half = halfOf(doc.base);
          result.answers[half]++;
          const { verdict } = judge(signed[i]!, signCheckedDocument(answer));
          if (COPY.has(verdict)) result.copy[half]++;
          else if (verdict === 'quote') result.quote[half]++;
          else if (verdict === 'too_short') result.tooShort[half]++;
        });
        results.push(result);
      }
    }
  }
  return results;
}
