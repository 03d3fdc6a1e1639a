/**
 * The quote verdict in the extension (docs/decisions/0030-quote-verdict.md):
 * a page holding a passage of an article read before is reported as quoting
 * it, unless the passage is common text (a site's template, or text many
 * stored pages share) or the user turned quotes off.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { QUOTE_COMMON_PAGES, areOneText, countsForPartOf, distinctivePassages, fingerprintFromHex, judge, namesPage, signDocument, type Verdict } from '../../src/core';
import { readsTexts } from './fakes';

const fixture = (name: string): string => readFileSync(join(import.meta.dirname, '../fixtures/detection', `${name}.txt`), 'utf8');
/** A text's paragraphs, between blank lines (lines within one stay together, as passages read them since scheme 5). */
const paragraphs = (text: string): string[] => text.split(/\n\s*\n/).filter((p) => p.trim().length > 0);

/** `count` paragraphs of `article` from a third of the way in, put in the middle of `host`. */
function quoting(article: string, host: string, count: number): string {
  const quoted = paragraphs(fixture(article));
  const from = Math.floor(quoted.length / 3);
  const around = paragraphs(fixture(host));
  const middle = Math.floor(around.length / 2);
  return [...around.slice(0, middle), ...quoted.slice(from, from + count), ...around.slice(middle)].join('\n\n');
}

const { read } = readsTexts();

describe.each([
  ['English', 'readability-dropbox-blog', 'readability-mozilla-2', 10],
  ['Chinese', 'cwc-bbdf5079', 'cwc-a0cb0242.samewrap.cwc-bbdf5079', 1],
])('a page quoting a passage of an article read before (%s)', (_language, article, host, count) => {
  const quote = quoting(article, host, count);

  it('is reported as a quote of that article', async () => {
    await read('https://writer.example/article', fixture(article));
    const report = await read('https://blog.example.net/post', quote);
    expect(report.status).toBe('quote');
    expect(report.matches.map((m) => [m.url, m.verdict])).toEqual([['https://writer.example/article', 'quote']]);
    // What the popup shows of a quote: the passages in common, not the whole-text similarity.
    expect(report.matches[0]?.sharedPassages).toBeGreaterThan(0);
  });

  it('is left out of a report that names a copy', async () => {
    await read('https://writer.example/article', fixture(article));
    await read('https://host.example.org/original', fixture(host));
    const report = await read('https://mirror.example.com/copy', quote);
    expect(report.status).toMatch(/^(repost|partial)$/);
    expect(report.matches.map((m) => m.verdict)).not.toContain('quote');
  });

  it('is not reported when the host page alone is read (the quote is what matches)', async () => {
    await read('https://writer.example/article', fixture(article));
    expect((await read('https://blog.example.net/post', fixture(host))).status).toBe('new');
  });

  it('is not reported between pages of one site (its template)', async () => {
    await read('https://writer.example/article', fixture(article));
    expect((await read('https://writer.example/other', quote)).status).toBe('new');
  });

  it('is not reported between two subdomains of one publisher (one template; was a quote)', async () => {
    await read('https://news.writer.example/article', fixture(article));
    expect((await read('https://blog.writer.example/other', quote)).status).toBe('new');
  });

  it('is not reported when the user turned quotes off', async () => {
    await read('https://writer.example/article', fixture(article));
    expect((await read('https://blog.example.net/post', quote, { quotes: false })).status).toBe('new');
  });

  it('names the article when the user read it at three sites, the reposts’ sites beside it (was silent: common text)', async () => {
    await read('https://writer.example/article', fixture(article));
    expect((await read('https://mirror.example.org/copy', fixture(article))).status).toBe('repost');
    expect((await read('https://feed.example.net/item', fixture(article))).status).toBe('repost');
    const report = await read('https://blog.example.com/post', quote);
    expect(report.status).toBe('quote');
    expect(report.matches.map((m) => [m.url, m.alsoReadOn])).toEqual([['https://writer.example/article', ['mirror.example.org', 'feed.example.net']]]);
  });

  it('names the article once when the user also read a repost of it, the repost’s site beside it (was two rows)', async () => {
    await read('https://writer.example/article', fixture(article));
    expect((await read('https://mirror.example.org/copy', fixture(article))).status).toBe('repost');
    const report = await read('https://blog.example.net/post', quote);
    expect(report.status).toBe('quote');
    expect(report.matches.map((m) => [m.url, m.alsoReadOn])).toEqual([['https://writer.example/article', ['mirror.example.org']]]);
    expect(report.matchCount).toBe(1);
  });
});

describe('distinctivePassages: the pages a page may be said to quote', () => {
  const at = (id: number, site: string) => ({ id, site });
  it.each<[string, Array<Array<{ id: number; site: string }>>, string | undefined, number[]]>([
    ['a passage found in one page of another site', [[at(1, 'a.example')]], 'q.example', [1]],
    ['in two pages of two sites (the article and a repost read before)', [[at(1, 'a.example'), at(2, 'b.example')]], 'q.example', [1, 2]],
    ['in a page of the checked page’s own site', [[at(1, 'q.example')]], 'q.example', []],
    ['in a page of the checked page’s own site and one of another (a quote read twice)', [[at(1, 'q.example'), at(2, 'a.example')]], 'q.example', [2]],
    ['in two pages of one site (that site’s template)', [[at(1, 'a.example'), at(2, 'a.example')]], 'q.example', []],
    [`in ${QUOTE_COMMON_PAGES} pages of different sites (common text)`, [[at(1, 'a.example'), at(2, 'b.example'), at(3, 'c.example')]], 'q.example', []],
    ['one common passage and one distinctive one', [[at(1, 'a.example'), at(2, 'a.example')], [at(1, 'a.example')]], 'q.example', [1]],
    ['the same page found twice for one passage', [[at(1, 'a.example'), at(1, 'a.example')]], 'q.example', [1]],
    ['a pasted text, which has no site', [[at(1, 'a.example')]], undefined, [1]],
    ['nothing found', [[]], 'q.example', []],
  ])('%s', (_name, found, ownSite, expected) => {
    expect([...distinctivePassages(found, ownSite).keys()].sort()).toEqual(expected);
  });
});

describe('distinctivePassages: pages that are copies of one article count once', () => {
  const at = (id: number, site: string) => ({ id, site });
  /** Pages 1, 2 and 3 are one article (an original and two reposts); 4 and 5 are articles of their own. */
  const sameArticle = (a: { id: number }, b: { id: number }): boolean => a.id <= 3 && b.id <= 3;
  it.each<[string, Array<{ id: number; site: string }>, number[]]>([
    ['in the original and two reposts on three sites: one article', [at(1, 'a.example'), at(2, 'b.example'), at(3, 'c.example')], [1, 2, 3]],
    ['in the original, a repost and another article: two articles', [at(1, 'a.example'), at(2, 'b.example'), at(4, 'd.example')], [1, 2, 4]],
    [`in ${QUOTE_COMMON_PAGES} articles, one read twice (common text)`, [at(1, 'a.example'), at(2, 'b.example'), at(4, 'd.example'), at(5, 'e.example')], []],
    ['in one article at two addresses of one site', [at(1, 'a.example'), at(2, 'a.example')], [1, 2]],
    ['in two articles of one site, one of them also reposted elsewhere (that site’s template)', [at(1, 'a.example'), at(2, 'b.example'), at(4, 'a.example')], []],
  ])('%s', (_name, found, expected) => {
    expect([...distinctivePassages([found], 'q.example', sameArticle).keys()].sort()).toEqual(expected);
  });
});

describe('distinctivePassages: for each page, the passages that may name it (and show a part of it)', () => {
  const at = (id: number, site: string) => ({ id, site });
  it.each<[string, Array<Array<{ id: number; site: string }>>, Array<[number, number[]]>]>([
    ['each page with the passages it was found through', [[at(1, 'a.example')], [at(1, 'a.example'), at(2, 'b.example')], [at(2, 'b.example')]], [[1, [0, 1]], [2, [1, 2]]]],
    ['a template passage (two pages of one site) names neither', [[at(1, 'a.example'), at(2, 'a.example')], [at(1, 'a.example')]], [[1, [1]]]],
    ['the page’s own site never', [[at(1, 'q.example')], [at(1, 'q.example')]], []],
  ])('%s', (_name, found, expected) => {
    expect([...distinctivePassages(found, 'q.example')].map(([id, passages]) => [id, [...passages]])).toEqual(expected);
  });

  it('tells judge which of the queried fingerprints count, given as fingerprints or as stored hex', () => {
    const queried = ['1111000000000000', '2222000000000000'];
    for (const form of [queried, queried.map(fingerprintFromHex)]) {
      const counts = countsForPartOf(new Set([1]), form);
      expect(queried.map((hex) => counts(fingerprintFromHex(hex)))).toEqual([false, true]);
    }
    expect(countsForPartOf(undefined, queried)(fingerprintFromHex(queried[0]!))).toBe(false);
  });
});

describe('areOneText: stored pages counted as one article for common text', () => {
  it.each([
    ['an article and a repost in another site’s header and footer', 'readability-mozilla-1', 'readability-mozilla-1.wrap', true],
    ['an article and a repost with typos', 'cwc-bbdf5079', 'cwc-bbdf5079.typo', true],
    ['a long article and a repost in another site’s header and footer', 'cwc-bbdf5079', 'cwc-bbdf5079.wrap', true],
    ['two articles of one site (a hard negative)', 'readability-mozilla-1', 'readability-mozilla-2', false],
    ['an article and its first 40 % (a part is not the text)', 'template-aktualne.theverge', 'template-aktualne.theverge.part40', false],
  ])('%s: %s', (_what, a, b, one) => {
    expect(areOneText(signDocument(fixture(a)), signDocument(fixture(b)), 3)).toBe(one);
  });

  it('is not fooled by two different articles sharing a long footer, which judge calls copies', () => {
    const footer = [fixture('readability-mozilla-1'), fixture('readability-mozilla-2')].join('\n\n');
    const quanta = paragraphs(fixture('readability-quanta-1'));
    const [one, two] = [quanta.slice(0, 12), quanta.slice(20, 32)].map((article) => signDocument([...article, footer].join('\n\n')));
    expect(judge(one!, two!).verdict).toBe('duplicate');
    expect(areOneText(one!, two!, 3)).toBe(false);
  });
});

describe('namesPage', () => {
  it.each<[Verdict, boolean, boolean]>([
    ['duplicate', false, true],
    ['partial', false, true],
    ['quote', true, true],
    ['quote', false, false],
    ['different', true, false],
    ['too_short', true, false],
  ])('%s of a page quotable: %s → named %s', (verdict, quotable, named) => {
    expect(namesPage(verdict, 1, new Set(quotable ? [1] : []))).toBe(named);
  });
});
