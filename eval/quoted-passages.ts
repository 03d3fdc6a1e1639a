/**
 * Quoted passages: a few hundred characters to a few paragraphs of one
 * practice article put in the middle of another article. Measures how often
 * `judge` labels the page a quote of the article read before
 * (docs/decisions/0030-quote-verdict.md), and how often two different
 * original articles are labelled so.
 */
import { judge, signCheckedDocument, signDocument, type Verdict } from '../src/core';
import { docText, originalsOf, writersParagraphs, type Dataset } from './data';
import { halfOf, type Half } from './score';

/** Quote sizes in characters: Chinese packs about 2.5× the content per character. */
export const QUOTE_CHARS = { zh: [150, 300, 600], other: [300, 600, 1200, 2400] } as const;
/**
 * A "quote" of this share of the article's characters or more is a part of
 * it, which judge may call a partial copy (issue 15's partial copies are "a
 * third to half of an article"; decisions/0036): a ~600-character quote of a
 * 600-character Chinese article is the article. The target counts the quotes
 * under it.
 */
export const QUOTE_MAX_SHARE = 0.25;
/** The article a quote is put into: the one this many places later in the list (any fixed offset would do). */
const HOST_OFFSET = 7;

/**
 * Where a quote starts: at a paragraph's start (whole paragraphs, as `quoteOf`),
 * or at a sentence inside one (`sentencesOf`): how a writer quotes a few
 * sentences. A stored chunk ends at an anchor or a paragraph's end, so a quote
 * from mid-paragraph holds whole chunks only where it is long enough.
 */
export type QuoteCut = 'paragraphs' | 'sentences';
export const QUOTE_CUTS: readonly QuoteCut[] = ['paragraphs', 'sentences'];

export interface QuoteResult {
  group: 'zh' | 'other';
  chars: number;
  cut: QuoteCut;
  /** Pages judged a quote of the article. */
  labelled: Record<Half, number>;
  /** Pages judged a partial copy of it instead (a long quote of a short article). */
  partial: Record<Half, number>;
  quotes: Record<Half, number>;
  /** Of the quotes, those under QUOTE_MAX_SHARE of the article, and how many of them were labelled a quote. */
  short: Record<Half, { quotes: number; labelled: number }>;
}

export interface QuotedPassagesReport {
  results: QuoteResult[];
  /** Ordered pairs of different original articles judged a quote (or a copy). */
  falseHits: Record<'zh' | 'other', { hits: number; pairs: number }>;
}

const FLAGGED: ReadonlySet<Verdict> = new Set(['quote', 'partial', 'duplicate']);
/** Every line a paragraph: how a page that puts each line of a text in a `<p>` lays it out (the writer's own paragraphs: writersParagraphs). */
export const paragraphs = (text: string): string[] => text.split(/\n+/).filter((p) => p.trim().length > 0);

/** `inserted` between the two halves of `host`'s paragraphs (the writer's): a page with another article's text around it. */
export function inMiddleOf(host: string, inserted: string): string {
  const around = writersParagraphs(host);
  const middle = Math.floor(around.length / 2);
  return [...around.slice(0, middle), inserted, ...around.slice(middle)].join('\n\n');
}

/** Whole paragraphs (the writer's) from a third of the way in, about `chars` long, cut at a sentence end. */
export function quoteOf(text: string, chars: number): string {
  const ps = writersParagraphs(text);
  const from = ps.length > 3 ? Math.floor(ps.length / 3) : 0;
  const taken: string[] = [];
  for (let i = from, n = 0; i < ps.length && n < chars; i++) {
    taken.push(ps[i] as string);
    n += (ps[i] as string).length;
  }
  const quote = taken.join('\n\n');
  if (quote.length <= chars * 1.5) return quote;
  const cut = quote.slice(0, chars * 1.5);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('。'));
  return end > chars / 2 ? cut.slice(0, end + 1) : cut;
}

/** A sentence end: the full stop, question or exclamation mark, in either script. */
const SENTENCE_END = /[.!?](?=\s)|[。！？]/gu;
/** A sentence end with more of its paragraph after it (no line break next). */
const SENTENCE_END_INSIDE = /[.!?] +(?=\S)|[。！？](?=[^\n。！？])/gu;

/** The index after the first match of `re` from `from` on, or undefined. */
function after(re: RegExp, text: string, from: number): number | undefined {
  re.lastIndex = from;
  const m = re.exec(text);
  return m ? m.index + m[0].length : undefined;
}

/**
 * Sentences from the first sentence that starts inside a paragraph after a
 * third of the text, about `chars` long, ending at a sentence end: how a
 * writer quotes a few sentences. Undefined when no paragraph there holds two
 * sentences.
 */
export function sentencesOf(text: string, chars: number): string | undefined {
  const start = after(SENTENCE_END_INSIDE, text, Math.floor(text.length / 3));
  if (start === undefined) return undefined;
  return text.slice(start, after(SENTENCE_END, text, start + chars) ?? text.length).trim();
}

export function quotedPassages(ds: Dataset): QuotedPassagesReport {
  const results: QuoteResult[] = [];
  const falseHits = { zh: { hits: 0, pairs: 0 }, other: { hits: 0, pairs: 0 } };
  for (const group of ['zh', 'other'] as const) {
    const docs = originalsOf(ds, group);
    const texts = docs.map((d) => docText(ds, d.id));
    const signed = texts.map((t) => signDocument(t));
    for (const cut of QUOTE_CUTS) for (const chars of QUOTE_CHARS[group]) {
      const result: QuoteResult = {
        group, chars, cut, labelled: { fit: 0, held: 0 }, partial: { fit: 0, held: 0 }, quotes: { fit: 0, held: 0 },
        short: { fit: { quotes: 0, labelled: 0 }, held: { quotes: 0, labelled: 0 } },
      };
      docs.forEach((doc, i) => {
        const quote = cut === 'paragraphs' ? quoteOf(texts[i] as string, chars) : sentencesOf(texts[i] as string, chars);
        if (quote === undefined) return;
        const page = inMiddleOf(texts[(i + HOST_OFFSET) % texts.length] as string, quote);
        const half = halfOf(doc.base);
        const short = quote.length < QUOTE_MAX_SHARE * (texts[i] as string).length;
        result.quotes[half]++;
        if (short) result.short[half].quotes++;
        const { verdict } = judge(signed[i]!, signCheckedDocument(page));
        if (verdict === 'quote') {
          result.labelled[half]++;
          if (short) result.short[half].labelled++;
        } else if (verdict === 'partial') result.partial[half]++;
      });
      results.push(result);
    }
    docs.forEach((a, i) => docs.forEach((b, j) => {
      if (a.base === b.base) return;
      falseHits[group].pairs++;
      if (FLAGGED.has(judge(signed[i]!, signed[j]!).verdict)) falseHits[group].hits++;
    }));
  }
  return { results, falseHits };
}
