import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inMiddleOf, quoteOf, sentencesOf } from '../../eval/quoted-passages';

const article = readFileSync(join(__dirname, '../fixtures/detection/readability-cnet.txt'), 'utf8');
const paragraphStarts = new Set(article.split('\n').map((p) => p.trim()).filter((p) => p !== '').map((p) => p.slice(0, 40)));

describe('the quotes put inside another article (eval/quoted-passages.ts)', () => {
  it.each([300, 600, 1200])('cuts ~%i characters of whole paragraphs, from a paragraph start', (chars) => {
    const quote = quoteOf(article, chars);
    expect(paragraphStarts.has(quote.slice(0, 40))).toBe(true);
    expect(quote.length).toBeGreaterThanOrEqual(chars / 2);
  });

  it.each([300, 600, 1200])('cuts ~%i characters from a sentence inside a paragraph to a sentence end', (chars) => {
    const quote = sentencesOf(article, chars) as string;
    expect(article.includes(quote)).toBe(true);
    expect(paragraphStarts.has(quote.slice(0, 40))).toBe(false);
    expect(article.indexOf(quote)).toBeGreaterThan(article.length / 3);
    expect(quote.length).toBeGreaterThanOrEqual(chars);
    expect(quote).toMatch(/[.!?]$/);
  });

  // A hard-wrapped text (an RFC, a mailing-list post) keeps its paragraphs: its lines are not each made one (decisions/0089, 0091).
  const wrapped = ['Intro line one\nintro line two.', 'First body line\nsecond body line.', 'Third paragraph\nwrapped here.', 'Fourth one\nwrapped too.', 'Fifth\nparagraph.', 'Last one\nends it.'];
  it.each([
    ['quoteOf', quoteOf(wrapped.join('\n\n'), 25), wrapped[2]],
    ['inMiddleOf', inMiddleOf(wrapped.join('\n\n'), 'QUOTE.'), [...wrapped.slice(0, 3), 'QUOTE.', ...wrapped.slice(3)].join('\n\n')],
  ])('%s keeps a wrapped paragraph whole', (_, got, expected) => {
    expect(got).toBe(expected);
  });

  it('cuts Chinese sentences at 。！？', () => {
    const zh = '第一段的开头。\n\n第二段说了一件事。然后又说了另一件事！最后问了一个问题？还有一句话。';
    expect(sentencesOf(zh, 10)).toBe('然后又说了另一件事！最后问了一个问题？');
  });

  it('gives none where no paragraph after a third holds two sentences', () => {
    expect(sentencesOf('One sentence.\n\nAnother one.\n\nA third.', 5)).toBeUndefined();
  });
});
