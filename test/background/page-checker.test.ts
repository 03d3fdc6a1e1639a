import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MIN_LENGTH } from '../../src/core';
import type { HistoryPort } from '../../src/background/history-port';
import { nearestMatches, PageChecker, type CheckOptions } from '../../src/background/page-checker';
import { boundedReport } from '../../src/background/tab-reports';
import { MAX_REPORTED_MATCHES, type ExtractedPage, type MatchSummary } from '../../src/messaging';
import { HistoryQuotaError, type History, type Page as PageRecord } from '../../src/store';
import { MAX_TITLE_LENGTH, MAX_URL_LENGTH } from '../../src/store/page';
import { DAY, FP, T0, clock, flipBits, freshHistory, page, specSign } from './fakes';

const AUTO: CheckOptions = { maxDistance: 3, minLength: DEFAULT_MIN_LENGTH, record: true, source: 'visit' };
const ORIGINAL = 'https://news.example.com/2026/story';

let history: History;
let time: ReturnType<typeof clock>;
let checker: PageChecker;

beforeEach(async () => {
  time = clock();
  history = await freshHistory(time.now);
  checker = new PageChecker({ history, now: time.now, sign: specSign });
});

async function readOriginal(overrides: Parameters<typeof page>[1] = {}) {
  await checker.check(page(ORIGINAL, overrides), AUTO);
  time.advance(DAY);
}

describe('PageChecker: verdicts', () => {
  it('a first page is new and recorded', async () => {
    const report = await checker.check(page(ORIGINAL), AUTO);
    expect(report).toMatchObject({ status: 'new', url: ORIGINAL, site: 'news.example.com', matches: [], recorded: true, visitCount: 1 });
    expect(await history.count()).toBe(1);
  });

  it.each<[string, ExtractedPage, CheckOptions, { status: string; distance?: number }]>([
    ['same text at another site', page('https://copy.example.org/a'), AUTO, { status: 'repost', distance: 0 }],
    ['2 bits off', page('https://copy.example.org/a', { fp: flipBits(FP, 2) }), AUTO, { status: 'repost', distance: 2 }],
    ['3 bits off (= k)', page('https://copy.example.org/a', { fp: flipBits(FP, 3) }), AUTO, { status: 'repost', distance: 3 }],
    ['4 bits off (> k)', page('https://copy.example.org/a', { fp: flipBits(FP, 4) }), AUTO, { status: 'new' }],
    ['2 bits off with k = 1', page('https://copy.example.org/a', { fp: flipBits(FP, 2) }), { ...AUTO, maxDistance: 1 }, { status: 'new' }],
    ['0 bits off with k = 0', page('https://copy.example.org/a'), { ...AUTO, maxDistance: 0 }, { status: 'repost', distance: 0 }],
    ['too short to judge, even if identical', page('https://copy.example.org/a', { words: 20 }), AUTO, { status: 'too_short' }],
    ['Chinese text too short', page('https://copy.example.org/a', { words: 0, cjk: 80 }), AUTO, { status: 'too_short' }],
    ['revisit with tracking parameters and a fragment', page(`${ORIGINAL}?utm_source=x#comments`), AUTO, { status: 'read_before' }],
    ['another address declaring the original as canonical', page('https://m.example.com/story', { canonicalUrl: ORIGINAL }), AUTO, { status: 'read_before' }],
  ])('%s', async (_name, current, options, expected) => {
    await readOriginal();
    const report = await checker.check(current, options);
    expect(report.status).toBe(expected.status);
    if (expected.distance === undefined) {
      expect(report.matches).toEqual([]);
    } else {
      expect(report.matches).toHaveLength(1);
      expect(report.matches[0]).toMatchObject({ url: ORIGINAL, verdict: 'duplicate', distance: expected.distance, similarity: 1 - expected.distance / 64 });
    }
  });

  it.each<[string, Parameters<typeof page>[1], CheckOptions]>([
    ['long enough under a lower minimum', { words: 20 }, { ...AUTO, minLength: { words: 10, cjkChars: 50 } }],
    ['Chinese text long enough', { words: 0, cjk: 400 }, AUTO],
  ])('%s: flagged when both copies are', async (_name, length, options) => {
    await readOriginal(length);
    const report = await checker.check(page('https://copy.example.org/a', length), options);
    expect(report).toMatchObject({ status: 'repost', matches: [{ url: ORIGINAL, distance: 0 }] });
  });

  it('an earlier page too short to judge never flags a long one', async () => {
    await readOriginal({ words: 10 });
    const report = await checker.check(page('https://copy.example.org/a'), AUTO);
    expect(report.status).toBe('new');
  });

  it('a page is never a repost of itself: revisits count visits instead', async () => {
    await readOriginal();
    const again = await checker.check(page(ORIGINAL), AUTO);
    expect(again).toMatchObject({ status: 'read_before', matches: [], visitCount: 2, firstVisit: time.now() - 24 * 60 * 60 * 1000 });
    expect(await history.count()).toBe(1);
  });

  it('describes the earlier copy for the notice and the popup', async () => {
    await readOriginal();
    const report = await checker.check(page('https://copy.example.org/a'), AUTO);
    expect(report.matches[0]).toEqual({
      url: ORIGINAL,
      title: `Title of ${ORIGINAL}`,
      site: 'news.example.com',
      source: 'visit',
      verdict: 'duplicate',
      distance: 0,
      similarity: 1,
      // The signature spec has no passages, and from scheme 6 a whole fingerprint no longer stands for one.
      sharedPassages: 0,
      firstVisit: time.now() - 24 * 60 * 60 * 1000,
      lastVisit: time.now() - 24 * 60 * 60 * 1000,
    });
  });

  it('lists several earlier copies, the first read first', async () => {
    await checker.check(page('https://one.example/a', { fp: flipBits(FP, 3) }), AUTO);
    time.advance(DAY);
    await checker.check(page('https://two.example/b', { fp: flipBits(FP, 1) }), AUTO);
    time.advance(DAY);
    const report = await checker.check(page('https://three.example/c'), AUTO);
    expect(report.matches.map((m) => [m.site, m.distance])).toEqual([['one.example', 3], ['two.example', 1]]);
  });

  it('looks up without recording when asked', async () => {
    await readOriginal();
    const report = await checker.check(page('https://copy.example.org/a'), { ...AUTO, record: false, source: 'manual' });
    expect(report).toMatchObject({ status: 'repost', recorded: false, visitCount: 0 });
    expect(await history.count()).toBe(1);
  });

  it('judges a page under the length rule by its passages: a third of a short article read before (was too_short)', async () => {
    const practice = (name: string): string => readFileSync(join(__dirname, '../fixtures/detection', `${name}.txt`), 'utf8');
    const real = new PageChecker({ history, now: time.now });
    await real.check({ url: ORIGINAL, title: 'Article', text: practice('readability-tmz-1') }, AUTO);
    time.advance(DAY);
    const report = await real.check({ url: 'https://copy.example.org/a', title: 'Part', text: practice('readability-tmz-1.trunc40') }, AUTO);
    expect(report).toMatchObject({ status: 'partial', recorded: true });
    expect(report.matches.map((match) => [match.url, match.verdict])).toEqual([[ORIGINAL, 'partial']]);
  });

  it('records a too-short page, so a later visit is "read before"', async () => {
    const report = await checker.check(page('https://short.example/x', { words: 5 }), AUTO);
    expect(report).toMatchObject({ status: 'too_short', recorded: true });
    expect(await history.getByUrl('https://short.example/x')).toBeDefined();
  });

  it('stores what the page declared', async () => {
    await checker.check(page(ORIGINAL, { canonicalUrl: 'https://example.com/canon', language: 'en', publishedTime: Date.UTC(2024, 0, 1), excerpt: 'Short summary' }), AUTO);
    expect(await history.getByUrl(ORIGINAL)).toMatchObject({
      canonicalUrl: 'https://example.com/canon',
      language: 'en',
      publishedAt: Date.UTC(2024, 0, 1),
      excerpt: 'Short summary',
      words: 500,
      source: 'visit',
      fingerprint: FP,
    });
  });

  it('refuses non-http pages', async () => {
    await expect(checker.check(page('ftp://example.com/file'), AUTO)).rejects.toThrow(/http/);
  });
});

describe('PageChecker: canonical addresses declared on another site are not believed', () => {
  const COPY = 'https://copy.example.org/a';
  const OTHER = 'https://news.example.com/2026/other-story';

  // Each row: what the history holds, the page checked, and what the report must (not) say.
  it.each<[string, Parameters<typeof page>[1] & { url?: string }, { status: string; matches: string[] }]>([
    ['a copy on another site declaring the original: still a repost', { canonicalUrl: ORIGINAL }, { status: 'repost', matches: [ORIGINAL] }],
    ['the same claim as og:url with tracking parameters', { canonicalUrl: `${ORIGINAL}?utm_source=x#top` }, { status: 'repost', matches: [ORIGINAL] }],
    ['a different article on another site declaring an address read before: new', { canonicalUrl: ORIGINAL, fp: flipBits(FP, 20) }, { status: 'new', matches: [] }],
    ['a hosting-suffix neighbour (github.io) declaring the original', { url: 'https://mallory.github.io/a', canonicalUrl: ORIGINAL }, { status: 'repost', matches: [ORIGINAL] }],
    ['a look-alike host declaring the original', { url: 'https://news.example.com.evil.net/a', canonicalUrl: ORIGINAL }, { status: 'repost', matches: [ORIGINAL] }],
    ['an address on the same site declaring the original: read before', { url: 'https://m.example.com/story', canonicalUrl: ORIGINAL }, { status: 'read_before', matches: [] }],
  ])('%s', async (_name, { url = COPY, ...overrides }, expected) => {
    await readOriginal();
    const report = await checker.check(page(url, overrides), AUTO);
    expect(report.status).toBe(expected.status);
    expect(report.matches.map((m) => m.url)).toEqual(expected.matches);
    if (expected.status === 'read_before') return;
    // Nothing about the claimed address leaks: not its first visit, not its visit count.
    expect(report).not.toHaveProperty('firstVisit');
    expect(report.visitCount).toBe(1);
  });

  it('a cross-site claim is not recorded, so it cannot hide the original later', async () => {
    await checker.check(page(COPY, { canonicalUrl: OTHER }), AUTO);
    expect(await history.getByUrl(COPY)).not.toHaveProperty('canonicalUrl');
  });

  it('a stored copy that claimed another site (older record, or imported) does not hide that page\'s copies', async () => {
    await history.recordVisit({ url: COPY, canonicalUrl: OTHER, title: 'copy', site: 'copy.example.org', excerpt: '', textLength: 3000, cjkChars: 0, words: 500, fingerprint: FP });
    time.advance(DAY);
    const report = await checker.check(page(OTHER), AUTO);
    expect(report).toMatchObject({ status: 'repost', matches: [{ url: COPY }] });
  });

  it('"Check this page" holds the same rule', async () => {
    await readOriginal();
    const report = await checker.check(page(COPY, { canonicalUrl: ORIGINAL }), { ...AUTO, record: false, source: 'manual' });
    expect(report).toMatchObject({ status: 'repost', matches: [{ url: ORIGINAL }], visitCount: 0 });
    expect(report).not.toHaveProperty('firstVisit');
  });
});

describe('PageChecker: which copy came first', () => {
  const EARLY = Date.UTC(2020, 0, 1);
  const LATE = Date.UTC(2023, 5, 1);
  it.each([
    ['the earlier page declares an earlier date', EARLY, LATE, 'earlier_page'],
    ['this page declares an earlier date', LATE, EARLY, 'this_page'],
    ['same date', EARLY, EARLY, 'unknown'],
    ['the earlier page declares none', undefined, LATE, 'unknown'],
    ['this page declares none', EARLY, undefined, 'unknown'],
    ['this page declares year 1 (a "no date" value, or a page claiming to be first)', EARLY, Date.parse('0001-01-01T00:00:00Z'), 'unknown'],
    ['this page declares a date in the future', EARLY, Date.UTC(2999, 0, 1), 'unknown'],
  ] as const)('%s → %s', async (_name, earlierDate, currentDate, expected) => {
    await readOriginal(earlierDate === undefined ? {} : { publishedTime: earlierDate });
    const report = await checker.check(page('https://copy.example.org/a', currentDate === undefined ? {} : { publishedTime: currentDate }), AUTO);
    expect(report.firstPublished).toBe(expected);
  });
});

describe('PageChecker: revisits', () => {
  const COPY = 'https://copy.example.org/a';

  it('revisiting the original after reading a copy: read before, the later copy is not an earlier one', async () => {
    await readOriginal();
    await checker.check(page(COPY), AUTO);
    time.advance(DAY);
    const report = await checker.check(page(ORIGINAL), AUTO);
    expect(report).toMatchObject({ status: 'read_before', matches: [], visitCount: 2 });
  });

  it('revisiting a copy: read before, not flagged again, but the original is still listed', async () => {
    await readOriginal();
    expect((await checker.check(page(COPY), AUTO)).status).toBe('repost');
    time.advance(DAY);
    const report = await checker.check(page(COPY), AUTO);
    expect(report).toMatchObject({ status: 'read_before', visitCount: 2, matches: [{ url: ORIGINAL }] });
  });
});

describe('PageChecker: storage quota used up', () => {
  function fullHistory(error: unknown): History {
    return new Proxy(history, {
      get: (target, key) => (key === 'recordVisit' ? async () => Promise.reject(error) : Reflect.get(target, key, target)),
    });
  }

  it('the verdict stands; the report says the page was not recorded', async () => {
    await readOriginal();
    const full = new PageChecker({ history: fullHistory(new HistoryQuotaError(new DOMException('disk full', 'QuotaExceededError'))), now: time.now, sign: specSign });
    const report = await full.check(page('https://copy.example.org/a'), AUTO);
    expect(report).toMatchObject({ status: 'repost', recorded: false, visitCount: 0, storageFull: true });
    expect(await history.count()).toBe(1);
  });

  it('other write failures still fail the check', async () => {
    const broken = new PageChecker({ history: fullHistory(new DOMException('dup', 'ConstraintError')), now: time.now, sign: specSign });
    await expect(broken.check(page(ORIGINAL), AUTO)).rejects.toMatchObject({ name: 'ConstraintError' });
  });

  it('a full storage does not matter when nothing is recorded', async () => {
    const full = new PageChecker({ history: fullHistory(new HistoryQuotaError(undefined)), now: time.now, sign: specSign });
    expect(await full.check(page(ORIGINAL), { ...AUTO, record: false })).not.toHaveProperty('storageFull');
  });
});

describe('PageChecker: a page copied many times', () => {
  /**
   * A history holding `count` copies of the page, every one with the longest
   * title and URL the history keeps; copy i is i % 4 bits off and read at T0 + i.
   */
  function crowdedHistory(count: number): HistoryPort {
    const pages: PageRecord[] = Array.from({ length: count }, (_, i) => {
      const url = `https://copy${i}.example/${'p'.repeat(MAX_URL_LENGTH - 40)}`.slice(0, MAX_URL_LENGTH);
      return {
        id: i + 1, url, title: 'T'.repeat(MAX_TITLE_LENGTH), site: `copy${i}.example`, excerpt: '', textLength: 3000,
        fingerprint: flipBits(FP, i % 4), passages: [], scheme: 2, cjkChars: 0, words: 500,
        firstVisit: T0 + i, lastVisit: T0 + i, visitCount: 1, source: 'visit',
      };
    });
    return {
      queryMany: async () => [pages.map((stored) => ({ page: stored, slot: 0, distance: 0 }))],
      getByUrl: async () => undefined,
      olderSchemes: async () => [],
      recordVisit: async () => ({ ...pages[0]!, id: count + 1, url: 'https://reader.example/a' }),
      setSource: async () => undefined,
    };
  }

  it(`lists the nearest ${MAX_REPORTED_MATCHES} and counts them all; a report of 40,000 copies stays small`, async () => {
    const crowded = new PageChecker({ history: crowdedHistory(40_000), now: time.now, sign: specSign });
    const report = await crowded.check(page('https://reader.example/a'), AUTO);
    expect(report.status).toBe('repost');
    expect(report.matchCount).toBe(40_000);
    expect(report.matches).toHaveLength(MAX_REPORTED_MATCHES);
    // The copy read first leads (the notice names it); the others are exact copies, the nearest.
    expect(report.matches[0]).toMatchObject({ site: 'copy0.example', distance: 0 });
    expect(report.matches.every((match) => match.distance === 0)).toBe(true);
    expect(report.matches.map((match) => match.firstVisit)).toEqual([...report.matches.map((match) => match.firstVisit)].sort((a, b) => a - b));
    // Bounded whatever the history holds: 50 copies with the longest titles and URLs.
    expect(JSON.stringify(report).length).toBeLessThan(200_000);
  });

  it('a few copies are all listed', async () => {
    const crowded = new PageChecker({ history: crowdedHistory(3), now: time.now, sign: specSign });
    const report = await crowded.check(page('https://reader.example/a'), AUTO);
    expect(report.matchCount).toBe(3);
    expect(report.matches.map((match) => match.site)).toEqual(['copy0.example', 'copy1.example', 'copy2.example']);
  });

  function match(name: string, verdict: MatchSummary['verdict'], distance: number): MatchSummary {
    return { url: `https://${name}.example/`, title: name, site: `${name}.example`, source: 'visit', verdict, distance, similarity: 1 - distance / 64, firstVisit: 0, lastVisit: 0 };
  }

  // In report order: whole copies first, then the one read first.
  const LIST = [match('a', 'duplicate', 3), match('b', 'duplicate', 1), match('c', 'duplicate', 0), match('d', 'partial', 0), match('e', 'partial', 2)];
  it.each<[number, string[]]>([
    [10, ['a', 'b', 'c', 'd', 'e']],
    [5, ['a', 'b', 'c', 'd', 'e']],
    [3, ['a', 'c', 'd']],
    [2, ['a', 'c']],
    [1, ['a']],
    [0, []],
  ])('nearestMatches, at most %i: %j (the lead kept, then the nearest, in report order)', (max, names) => {
    expect(nearestMatches([...LIST], max).map((m) => m.title)).toEqual(names);
  });

  it('a tab keeps at most the capped list, and still the count', () => {
    const many = Array.from({ length: 40_000 }, (_, i) => match(`m${i}`, 'duplicate', i % 4));
    const kept = boundedReport({ status: 'repost', url: 'https://reader.example/a', title: '', site: '', matches: many, matchCount: many.length, recorded: true, visitCount: 1, firstPublished: 'unknown', checkedAt: 0 });
    expect(kept.matches).toHaveLength(MAX_REPORTED_MATCHES);
    expect(kept.matchCount).toBe(40_000);
    expect(JSON.stringify(kept).length).toBeLessThan(20_000);
  });
});
