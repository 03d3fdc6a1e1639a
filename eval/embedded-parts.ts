/**
 * Part of an article inside another: a third or a half of one practice
 * article (whole paragraphs from a quarter of the way in) put in the middle
 * of another article's text, then judged against the article read before.
 * The partial copies are "a third to half of an article inside
 * another page"; the practice set's `trunc40` pairs hold the part alone, in
 * a site shell that extraction removes. This is the harder case, where the
 * page's own text dilutes the whole-document fingerprint.
 */
import { judge, signCheckedDocument, signDocument, type Verdict } from '../src/core';
import { docText, originalsOf, writersParagraphs, type Dataset } from './data';
import { hardWrapped } from './own-edits';
import { inMiddleOf, paragraphs } from './quoted-passages';
import { halfOf, type Half } from './score';

/** Shares of the article's characters copied. */
export const PART_SHARES = [1 / 3, 1 / 2] as const;
/** The article the part is put into: the one this many places later in the list (quoted-passages.ts uses 7). */
const HOST_OFFSET = 11;

/**
 * How the part is set: as the article has it (its paragraphs, and the line
 * breaks inside them: a code listing or a table stays one block, as a page
 * keeps a <pre>); for Latin text also with every line a paragraph of its own
 * (a <p> a line), and wrapped as mail and RFCs are (own-edits.ts), every
 * wrapped line a paragraph or its paragraphs kept. The layouts other than
 * the first cut the part as the first did before decisions/0089: from the
 * text read with every line a paragraph.
 */
export type PartLayout = 'as written' | 'a line a paragraph' | 'wrapped, a line a paragraph' | 'wrapped, paragraphs kept';

const wrap = (text: string): string => paragraphs(text).map(hardWrapped).join('\n\n');

export const PART_LAYOUTS: Record<PartLayout, (article: string, share: number) => string> = {
  'as written': (article, share) => partOf(article, share),
  'a line a paragraph': (article, share) => partOf(article, share, paragraphs),
  'wrapped, a line a paragraph': (article, share) => partOf(wrap(article), share, paragraphs),
  'wrapped, paragraphs kept': (article, share) => wrap(partOf(article, share, paragraphs)),
};

export interface EmbeddedPartResult {
  group: 'zh' | 'other';
  share: number;
  layout: PartLayout;
  verdicts: Record<Half, Partial<Record<Verdict, number>>>;
  pages: Record<Half, number>;
}

/** Whole paragraphs (the writer's, or as `split` cuts them) from a quarter of the way in, until `share` of the text's characters. */
export function partOf(text: string, share: number, split: (text: string) => string[] = writersParagraphs): string {
  const ps = split(text);
  const taken: string[] = [];
  for (let i = Math.floor(ps.length / 4), n = 0; i < ps.length && n < share * text.length; i++) {
    taken.push(ps[i] as string);
    n += (ps[i] as string).length;
  }
  return taken.join('\n\n');
}

export function embeddedParts(ds: Dataset): EmbeddedPartResult[] {
  const results: EmbeddedPartResult[] = [];
  for (const group of ['zh', 'other'] as const) {
    const docs = originalsOf(ds, group);
    const texts = docs.map((d) => docText(ds, d.id));
    const signed = texts.map((t) => signDocument(t));
    // Chinese is not wrapped at a width: every line break ends its paragraphs.
    const layouts = Object.keys(PART_LAYOUTS).filter((l) => group === 'other' || l === 'as written') as PartLayout[];
    for (const layout of layouts) for (const share of PART_SHARES) {
      const result: EmbeddedPartResult = { group, share, layout, verdicts: { fit: {}, held: {} }, pages: { fit: 0, held: 0 } };
      docs.forEach((doc, i) => {
        const page = inMiddleOf(texts[(i + HOST_OFFSET) % texts.length] as string, PART_LAYOUTS[layout](texts[i] as string, share));
        const half = halfOf(doc.base);
        const { verdict } = judge(signed[i]!, signCheckedDocument(page));
        result.pages[half]++;
        result.verdicts[half][verdict] = (result.verdicts[half][verdict] ?? 0) + 1;
      });
      results.push(result);
    }
  }
  return results;
}
