import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MIN_LENGTH, QUOTE_COMMON_PAGES } from '../../src/core';
import type { History, PageInput } from '../../src/store';
import { copiesCsv } from '../../src/watch/copies-csv';
import { copiesOfMyArticles, type ArticleCopies } from '../../src/watch/copies';
import { DAY, FP, T0, clock, flipBits, freshHistory } from '../background/fakes';

const OPTIONS = { maxDistance: 3, minLength: DEFAULT_MIN_LENGTH };
/** Passages, and a whole fingerprint far from FP: pages that share a passage and nothing else. */
const [P1, P2, P3] = ['1f2e3d4c5b6a7980', '8877665544332211', 'c0ffee00c0ffee00'];
const FAR = flipBits(FP, 40);
/** Eight passages of an article (distinct first blocks), and two of another page's own. */
const EIGHT = ['1111', '2222', '3333', '4444', '5555', '6666', '7777', '8888'].map((block) => `${block}000000000000`);
const OWN = ['9999', 'aaaa'].map((block) => `${block}000000000000`);
const MINE = 'https://me.example/essay';

let history: History;
let time: ReturnType<typeof clock>;

beforeEach(async () => {
  time = clock();
  history = await freshHistory(time.now);
});

/** Records `url` a day after the previous page, with the chosen fingerprint and length. */
async function record(url: string, fields: Partial<PageInput> = {}): Promise<void> {
  time.advance(DAY);
  const site = new URL(url).hostname;
  await history.recordVisit({ url, title: `Title of ${url}`, site, excerpt: '', textLength: 3000, cjkChars: 0, words: 500, fingerprint: FP, source: 'visit', ...fields });
}

const copiesOf = async () => (await copiesOfMyArticles(history, OPTIONS)).map(({ article, copies }) => [article.url, copies.map((copy) => `${copy.url} ${copy.verdict}`)]);

describe('copiesOfMyArticles: every copy the history holds of each of the user\'s articles', () => {
  it.each<[string, Array<[string, Partial<PageInput>]>, Array<[string, string[]]>]>([
    ['no article of the user\'s: nothing, whatever else was read', [['https://a.example/x', {}]], []],
    ['an article with no copy', [[MINE, { source: 'author' }], ['https://other.example/y', { fingerprint: flipBits(FP, 40) }]], [[MINE, []]]],
    ['a copy on another site, read before or after the article was marked', [
      ['https://early.example/copy', {}], [MINE, { source: 'author' }], ['https://late.example/copy', { fingerprint: flipBits(FP, 2) }],
    ], [[MINE, ['https://early.example/copy duplicate', 'https://late.example/copy duplicate']]]],
    ['a page too far from it is not a copy', [[MINE, { source: 'author' }], ['https://far.example/x', { fingerprint: flipBits(FP, 4) }]], [[MINE, []]]],
    ['another of the user\'s own articles is not a copy of it', [[MINE, { source: 'author' }], ['https://medium.example/me/essay', { source: 'author' }]], [
      [MINE, []], ['https://medium.example/me/essay', []],
    ]],
    ['the article under another address of its own site, declaring it canonical, is not a copy', [
      [MINE, { source: 'author' }], ['https://me.example/essay/amp', { canonicalUrl: MINE }],
    ], [[MINE, []]]],
    ['a page elsewhere declaring the article canonical is still a copy (a syndicated repost)', [
      [MINE, { source: 'author' }], ['https://syndicated.example/essay', { canonicalUrl: MINE }],
    ], [[MINE, ['https://syndicated.example/essay duplicate']]]],
    ['an article too short to judge lists no copies', [[MINE, { source: 'author', words: 20 }], ['https://copy.example/x', { words: 20 }]], [[MINE, []]]],
    ['a copy of half its length is a partial copy, not a whole one', [
      [MINE, { source: 'author', words: 1000 }], ['https://quote.example/x', { words: 400 }],
    ], [[MINE, ['https://quote.example/x partial']]]],
    ['a page on another site holding one of its passages quotes it', [
      [MINE, { source: 'author', passages: [P1, P2] }], ['https://blog.example/post', { fingerprint: FAR, passages: [P1, P3] }],
    ], [[MINE, ['https://blog.example/post quote']]]],
    ['a page of its own site holding one of its passages does not (the site\'s template)', [
      [MINE, { source: 'author', passages: [P1, P2] }], ['https://me.example/about', { fingerprint: FAR, passages: [P1, P3] }],
    ], [[MINE, []]]],
    ['nor does a page of another subdomain of its publisher (one template; was a quote)', [
      [MINE, { source: 'author', passages: [P1, P2] }], ['https://blog.me.example/about', { fingerprint: FAR, passages: [P1, P3] }],
    ], [[MINE, []]]],
    ['the article on another subdomain of its publisher, declaring it canonical, is not a copy (was a duplicate)', [
      [MINE, { source: 'author' }], ['https://amp.me.example/essay', { canonicalUrl: MINE }],
    ], [[MINE, []]]],
    [`a passage in ${QUOTE_COMMON_PAGES} different pages is common text, not a quote`, [
      [MINE, { source: 'author', passages: [P1, P2] }],
      ...[P3, ...OWN].map((own, i): [string, Partial<PageInput>] => [`https://site${i}.example/post`, { fingerprint: flipBits(FP, 20 + 10 * i), passages: [P1, own] }]),
    ], [[MINE, []]]],
    [`but not when those pages are whole copies of the article: one article, and a page quoting it is named (was silent)`, [
      [MINE, { source: 'author', passages: [P1, P2] }],
      ...['a', 'b', 'c'].map((site): [string, Partial<PageInput>] => [`https://${site}.example/copy`, { passages: [P1, P2] }]),
      ['https://blog.example/post', { fingerprint: FAR, passages: [P1, P3] }],
    ], [[MINE, ['https://a.example/copy duplicate', 'https://b.example/copy duplicate', 'https://c.example/copy duplicate', 'https://blog.example/post quote']]]],
    ['a page on another site holding six of its eight passages is a partial copy (a quote before)', [
      [MINE, { source: 'author', passages: EIGHT }], ['https://digest.example/post', { fingerprint: FAR, passages: [...EIGHT.slice(0, 6), ...OWN] }],
    ], [[MINE, ['https://digest.example/post partial']]]],
    ['a page of its own site holding as many is not a copy (the site\'s template)', [
      [MINE, { source: 'author', passages: EIGHT }], ['https://me.example/digest', { fingerprint: FAR, passages: [...EIGHT.slice(0, 6), ...OWN] }],
    ], [[MINE, []]]],
    ['a page signed before the weight cap (scheme 2) is not compared with one signed after it', [
      [MINE, { source: 'author', scheme: 2 }], ['https://copy.example/x', { scheme: 3 }],
    ], [[MINE, []]]],
    ['an article signed in scheme 5 still lists a whole copy read after the upgrade (the same whole fingerprints in 3–6)', [
      [MINE, { source: 'author', scheme: 5 }], ['https://copy.example/x', { scheme: 6, fingerprint: flipBits(FP, 2) }],
    ], [[MINE, ['https://copy.example/x duplicate']]]],
    ['but its scheme-5 passages are not compared with a scheme-6 page’s sketches: no quote', [
      [MINE, { source: 'author', scheme: 5, passages: [P1, P2] }], ['https://blog.example/post', { scheme: 6, fingerprint: FAR, passages: [P1, P3] }],
    ], [[MINE, []]]],
    ['nor scheme-4 passages with scheme 5’s other chunks, both SimHashes: no partial copy', [
      [MINE, { source: 'author', scheme: 4, passages: EIGHT }], ['https://digest.example/post', { scheme: 5, fingerprint: FAR, passages: [...EIGHT.slice(0, 6), ...OWN] }],
    ], [[MINE, []]]],
  ])('%s', async (_name, pages, expected) => {
    for (const [url, fields] of pages) await record(url, fields);
    expect(await copiesOf()).toEqual(expected);
  });

  it('describes each copy as the popup does a match: site, similarity, dates', async () => {
    await record(MINE, { source: 'author' });
    await record('https://copy.example/x', { fingerprint: flipBits(FP, 1) });
    const [entry] = await copiesOfMyArticles(history, OPTIONS);
    expect(entry?.copies).toEqual([{
      url: 'https://copy.example/x', title: 'Title of https://copy.example/x', site: 'copy.example', source: 'visit',
      verdict: 'duplicate', distance: 1, similarity: 63 / 64, sharedPassages: 0, firstVisit: T0 + 2 * DAY, lastVisit: T0 + 2 * DAY,
    }]);
  });
});

describe('copiesCsv', () => {
  it('one row per copy, one row with empty copy cells for an article with none; formulas are neutralised', async () => {
    await record(MINE, { source: 'author', title: '=HYPERLINK("x")' });
    await record('https://copy.example/x', { title: 'Copy, "quoted"', fingerprint: flipBits(FP, 2) });
    await record('https://me.example/other', { source: 'author', fingerprint: flipBits(FP, 40) });
    const articles: ArticleCopies[] = await copiesOfMyArticles(history, OPTIONS);
    const day = (n: number) => new Date(T0 + n * DAY).toISOString();
    expect(copiesCsv(articles).split('\r\n')).toEqual([
      '\uFEFFarticleTitle,articleUrl,copyTitle,copyUrl,copySite,verdict,similarity,firstSeen,lastSeen',
      `"'=HYPERLINK(""x"")",${MINE},"Copy, ""quoted""",https://copy.example/x,copy.example,duplicate,0.969,${day(2)},${day(2)}`,
      'Title of https://me.example/other,https://me.example/other,,,,,,,',
      '',
    ]);
  });
});
