/**
 * Parts under the length rule (decisions/0085): a third or a half of a short
 * article, copied alone, judged against the article read before, in both
 * orders. The practice articles are long, so a short article here is the
 * first whole paragraphs of one, up to SHORT_ARTICLE_SIZES times the rule;
 * only the parts that fall under the rule count, since the others are the
 * embedded-parts and trunc40 cases. The negatives are windows under the rule
 * (SHORT_WINDOW_SHARE of it) of every original, judged against every other
 * original and short article, either read first: any copy or partial
 * verdict there is a false flag.
 */
import { isLongEnough, judge, signCheckedDocument, signDocument, type Verdict } from '../src/core';
import { DEFAULT_MIN_CJK_CHARS, DEFAULT_MIN_WORDS } from '../src/core/text-length';
import { docText, originalsOf, type Dataset } from './data';
import { paragraphs } from './quoted-passages';
import { PART_SHARES, partOf } from './embedded-parts';
import { halfOf, strongest, type Half } from './score';
import { textWindows } from './short-windows';

/** A short article: whole paragraphs from the start until this many times the rule. */
const SHORT_ARTICLE_SIZES = [1.6, 2.4] as const;
/** The page's own sentence put before a part: this many words (or twice as many Chinese characters) of another original. */
const OWN_SENTENCE_WORDS = 20;
/** Negative windows: this share of the rule (in Han characters or words), every WINDOW_STRIDE-th window of an original. */
const SHORT_WINDOW_SHARE = 0.6;
const WINDOW_STRIDE = 3;

/** The part alone, or after a sentence of the page's own (a paragraph that makes a passage of its own). */
export type ShortPartLayout = 'alone' | 'after a sentence of its own';
const LAYOUTS: readonly ShortPartLayout[] = ['alone', 'after a sentence of its own'];

export interface ShortPartResult {
  group: 'zh' | 'other';
  share: number;
  layout: ShortPartLayout;
  /** Verdicts of the part checked after the article, and of the article checked after the part. */
  verdicts: Record<Half, Partial<Record<Verdict, number>>>;
  reversed: Record<Half, Partial<Record<Verdict, number>>>;
  parts: Record<Half, number>;
}

export interface ShortWindowNegatives {
  group: 'zh' | 'other';
  windows: number;
  pairs: number;
  flagged: number;
  quote: number;
}

const rule = (zh: boolean): number => (zh ? DEFAULT_MIN_CJK_CHARS : DEFAULT_MIN_WORDS);
const units = (text: string, zh: boolean): string[] => (zh ? [...text].filter((c) => /\p{Script=Han}/u.test(c)) : text.split(/\s+/).filter((w) => w.length > 0));

/** The article's first whole paragraphs, up to `size` times the rule; undefined when it is shorter. */
function shortArticle(text: string, zh: boolean, size: number): string | undefined {
  const taken: string[] = [];
  let n = 0;
  for (const p of paragraphs(text)) {
    if (n >= size * rule(zh)) break;
    taken.push(p);
    n += units(p, zh).length;
  }
  return n >= size * rule(zh) && taken.length >= 3 ? taken.join('\n\n') : undefined;
}

/** The opening words (characters) of another text: a sentence of the page's own. */
function ownSentence(text: string, zh: boolean): string {
  return zh ? units(text, true).slice(0, 2 * OWN_SENTENCE_WORDS).join('') : units(text, false).slice(0, OWN_SENTENCE_WORDS).join(' ');
}

function tally(into: Partial<Record<Verdict, number>>, verdict: Verdict): void {
  into[verdict] = (into[verdict] ?? 0) + 1;
}

export function shortParts(ds: Dataset): { parts: ShortPartResult[]; negatives: ShortWindowNegatives[] } {
  const parts: ShortPartResult[] = [];
  const negatives: ShortWindowNegatives[] = [];
  for (const group of ['zh', 'other'] as const) {
    const zh = group === 'zh';
    const docs = originalsOf(ds, group);
    const texts = docs.map((d) => docText(ds, d.id));
    // Each original's short articles, signed once: as read before, and as checked after a part.
    const articles = docs.flatMap((doc, i) =>
      SHORT_ARTICLE_SIZES.flatMap((size) => {
        const text = shortArticle(texts[i]!, zh, size);
        return text === undefined ? [] : [{ doc, i, size, text, sig: signDocument(text), checked: signCheckedDocument(text) }];
      }),
    );
    for (const layout of LAYOUTS) for (const share of PART_SHARES) {
      const result: ShortPartResult = { group, share, layout, verdicts: { fit: {}, held: {} }, reversed: { fit: {}, held: {} }, parts: { fit: 0, held: 0 } };
      for (const article of articles) {
        const copied = partOf(article.text, share, paragraphs);
        const part = layout === 'alone' ? copied : `${ownSentence(texts[(article.i + 1) % texts.length]!, zh)}\n\n${copied}`;
        const partSig = signCheckedDocument(part);
        if (isLongEnough(partSig.length)) continue;
        const half = halfOf(article.doc.base);
        result.parts[half]++;
        tally(result.verdicts[half], judge(article.sig, partSig).verdict);
        tally(result.reversed[half], judge(signDocument(part), article.checked).verdict);
      }
      parts.push(result);
    }
    // The negatives' other texts: every original and the longer short article of each.
    const longest = SHORT_ARTICLE_SIZES[SHORT_ARTICLE_SIZES.length - 1];
    const others = [
      ...docs.map((d, i) => ({ base: d.base, sig: signDocument(texts[i]!), checked: signCheckedDocument(texts[i]!) })),
      ...articles.filter((a) => a.size === longest).map((a) => ({ base: a.doc.base, sig: a.sig, checked: a.checked })),
    ];
    const negative: ShortWindowNegatives = { group, windows: 0, pairs: 0, flagged: 0, quote: 0 };
    const size = Math.round(SHORT_WINDOW_SHARE * rule(zh));
    docs.forEach((doc, i) => {
      const windows = textWindows(texts[i]!, zh, size).filter((_, k) => k % WINDOW_STRIDE === 0);
      for (const text of windows) {
        const checked = signCheckedDocument(text);
        const stored = signDocument(text);
        negative.windows++;
        for (const other of others) {
          if (other.base === doc.base) continue;
          negative.pairs++;
          const { verdict } = strongest([judge(other.sig, checked), judge(stored, other.checked)]);
          if (verdict === 'duplicate' || verdict === 'partial') negative.flagged++;
          else if (verdict === 'quote') negative.quote++;
        }
      }
    });
    negatives.push(negative);
  }
  return { parts, negatives };
}
