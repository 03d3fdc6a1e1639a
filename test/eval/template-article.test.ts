import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { articleText } from '../../src/extract';
import { parseHtml } from '../../src/extract/parse-html';
import {
  articleCarriers, articleParagraphs, carrierCoverage, carrierText, comparable, foreignShare, headlineOf, insertArticle, namesBoilerplate, spreadParagraphs,
  templateHalf,
} from '../../eval/template-article';
import { leadingShare } from '../../eval/cross-template';

const fixture = (name: string): string => readFileSync(join(__dirname, '../fixtures/cross-template', name), 'utf8');
const template = (): Document => parseHtml(fixture('template.html'));
const truth = fixture('truth.txt');

/** A forum post's text, a line run with two <br> before the signature: a carrier of its own kind. */
const FORUM_POST = 'A first line of a forum post that is long enough to be a paragraph of its article. '.repeat(2);
const forumPage = (): Document => parseHtml(`<html><head></head><body><div>${FORUM_POST}<br><br>Signature</div></body></html>`);

const INSERTED = [
  'A quiet village in the hills has voted to keep its only school open for another ten years, after a long campaign by parents.',
  'The council had planned to close it and send the twenty pupils by bus to the town, an hour away on winding roads.',
  'Parents raised the money for a new roof themselves, with a fair, a concert and a great many cakes.',
];

describe('articleCarriers: the blocks that carry the template page\'s own article', () => {
  it.each([
    ['long blocks in the truth receive the article (a block of lines whole, as the truth holds all of it)', 'long', [
      'The harbour authority raised its mooring fees for the third year running on Tuesday, citing the cost of dredging the outer channel.',
      'Boat owners said the increase would push small fishing crews out of the town, and several promised to take the matter to the council.',
      'Readers wrote in all week about the harbour and the fees, about the channel and the dredging that it needs every year' +
        'and about who should pay for the work when the tides bring the sand back in, season after season.',
    ]],
    ['short ones that are whole lines of the truth are emptied', 'short', ['Owners object', 'Fees will rise.']],
  ] as const)('%s', (_, which, texts) => {
    expect(articleCarriers(template(), truth)[which].map(carrierText)).toEqual(texts);
  });

  it.each([
    ['a figure caption', 'Boats in the outer harbour at dawn.'],
    ['a byline box (class "byline")', 'By Kim Doe, harbour correspondent'],
    ['a related-links box, mostly link text', 'Dredging plan approved after long delay'],
    ['an author box (class "author-bio")', 'Kim Doe has covered the harbour'],
    ['an aside', 'Most read: Tides and times'],
  ])('leaves %s to the template', (_, text) => {
    const { long, short } = articleCarriers(template(), truth);
    expect([...long, ...short].map(carrierText).some((t) => t.includes(text))).toBe(false);
  });

  it('finds nothing in a page whose truth it does not hold', () => {
    const { long, short } = articleCarriers(template(), 'An unrelated text about mountains, written somewhere else entirely by someone else.');
    expect(long.length + short.length).toBe(0);
  });

  it.each([
    ['the whole article is in the truth', truth, 0],
    ['the truth left out a paragraph', truth.replace(/Boat owners said[^\n]*\n/, ''), 'Boat owners said the increase would push small fishing crews out of the town, and several promised to take the matter to the council.'],
  ] as const)('foreignShare: %s', (_, partTruth, leftOut) => {
    const expected = leftOut === 0 ? 0 : comparable(leftOut).length / comparable(partTruth).length;
    expect(foreignShare(articleCarriers(template(), partTruth), partTruth)).toBeCloseTo(expected, 6);
  });

  it('measures how much of the truth the carriers hold', () => {
    const coverage = carrierCoverage(articleCarriers(template(), truth), truth);
    expect(coverage).toBeGreaterThan(0.6);
    expect(coverage).toBeLessThan(0.9);
  });
});

describe('insertArticle: the other article in place, the template kept', () => {
  const built = (): string => {
    const doc = template();
    insertArticle(doc, articleCarriers(doc, truth), INSERTED);
    return articleText(doc.body);
  };

  it.each([
    ['the inserted paragraphs', INSERTED],
    ['the template\'s navigation, caption, byline, related links, author box, aside and footer', [
      'News', 'Boats in the outer harbour at dawn.', 'By Kim Doe, harbour correspondent', 'Dredging plan approved after long delay',
      'Kim Doe has covered the harbour', 'Most read: Tides and times', '© The Coast Gazette',
    ]],
  ])('keeps %s', (_, texts) => {
    const text = built();
    for (const t of texts) expect(text).toContain(t);
  });

  it.each([
    'The harbour authority raised', 'Boat owners said', 'Owners object', 'Fees will rise.', 'Readers wrote in', 'season after season',
  ])('removes the template\'s own article text "%s"', (text) => {
    expect(built()).not.toContain(text);
  });

  it('keeps the inserted paragraphs in order and the title set to their headline', () => {
    const doc = template();
    insertArticle(doc, articleCarriers(doc, truth), INSERTED);
    const text = articleText(doc.body);
    const at = INSERTED.map((p) => text.indexOf(p));
    expect(at).toEqual([...at].sort((x, y) => x - y));
    expect(doc.querySelector('title')?.textContent).toBe(headlineOf(INSERTED));
    expect(doc.querySelector('h1')?.textContent).toBe(headlineOf(INSERTED));
  });

  it.each([
    ['a block', template, truth],
    ['a line run', forumPage, FORUM_POST],
  ] as const)('writes the line breaks inside a paragraph as <br> in %s, as the practice set\'s pages do', (_, page, pageTruth) => {
    const doc = page();
    const listing = 'Added Granite, Andesite and Diorite blocks\nAdded Slime Block\nAdded Iron Trapdoor';
    insertArticle(doc, articleCarriers(doc, pageTruth), [INSERTED[0] as string, listing]);
    expect(articleText(doc.body)).toContain(listing);
  });

  it('writes paragraphs into a line run separated by two <br>, as such pages do', () => {
    const doc = forumPage();
    insertArticle(doc, articleCarriers(doc, FORUM_POST), INSERTED.slice(0, 2));
    expect(articleText(doc.body).split('\n\n')).toEqual([...INSERTED.slice(0, 2), 'Signature']);
  });
});

describe('spreadParagraphs: the article spread over the carriers in order', () => {
  it.each([
    [3, 6, [[0, 2], [2, 4], [4, 6]]],
    [2, 3, [[0, 1], [1, 3]]],
    [4, 2, [[0, 0], [0, 1], [1, 1], [1, 2]]],
    [1, 5, [[0, 5]]],
    [0, 3, []],
  ])('%i carriers, %i paragraphs', (carriers, paragraphs, ranges) => {
    expect(spreadParagraphs(carriers, paragraphs)).toEqual(ranges);
  });
});

describe('article text helpers', () => {
  it.each([
    ['spacing and punctuation', 'Hello,  world!\n', 'Helloworld'],
    ['private-use indentation before Chinese', '\ue5e5\ue5e5一、法官试验', '一法官试验'],
    ['full-width forms', 'ＡＢＣ１２３', 'ABC123'],
  ])('comparable ignores %s', (_, text, key) => {
    expect(comparable(text)).toBe(key);
  });

  it.each([
    ['English: the first twelve words', ['One two three four five six seven eight nine ten eleven twelve thirteen.'], 'One two three four five six seven eight nine ten eleven twelve'],
    ['Chinese: the first 24 characters', ['一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十'], '一二三四五六七八九十一二三四五六七八九十一二三四'],
    ['no article', [], ''],
  ])('headlineOf, %s', (_, paragraphs, headline) => {
    expect(headlineOf(paragraphs)).toBe(headline);
  });

  it.each([
    ['apart at blank lines, the line breaks inside a paragraph kept', 'One.\n\nTwo  words.\nThree.', ['One.', 'Two words.\nThree.']],
    ['apart at every line where no line is blank (most Chinese texts)', '一。\n二 三。\n四。', ['一。', '二 三。', '四。']],
    ['blank lines of spaces, and lines of spaces inside a paragraph, dropped', 'One.\n \n\nTwo.\n  \nThree.', ['One.', 'Two.', 'Three.']],
    ['a single line', 'Only.', ['Only.']],
  ])('articleParagraphs: %s', (_, text, paragraphs) => {
    expect(articleParagraphs(text)).toEqual(paragraphs);
  });

  it.each([
    ['40 % of equal paragraphs', ['aaaa', 'bbbb', 'cccc', 'dddd', 'eeee'], 0.4, ['aaaa', 'bbbb']],
    ['a first paragraph longer than the share, alone', ['a'.repeat(90), 'b', 'c'], 0.4, ['a'.repeat(90)]],
    ['everything', ['a', 'b'], 1, ['a', 'b']],
  ])('leadingShare: %s', (_, paragraphs, share, lead) => {
    expect(leadingShare(paragraphs, share)).toEqual(lead);
  });

  it('templateHalf splits templates about evenly, the same way every time', () => {
    const ids = Array.from({ length: 200 }, (_, i) => `page-${i}`);
    const held = ids.filter((id) => templateHalf(id) === 'held').length;
    expect(held).toBeGreaterThan(60);
    expect(held).toBeLessThan(140);
    expect(ids.map(templateHalf)).toEqual(ids.map(templateHalf));
  });
});

describe('namesBoilerplate: class and id words of in-article boilerplate', () => {
  it.each([
    ['wp-caption-text', true],
    ['tr-caption', true],
    ['authorBio', true],
    ['gigya-share-btns-2_gig_containerParent', true],
    ['post tag-news', true],
    ['section evolve-shared-mutable-history', false],
    ['commentary-body', false],
    ['article-content', false],
  ])('%s → %s', (name, named) => {
    expect(namesBoilerplate(name)).toBe(named);
  });
});
