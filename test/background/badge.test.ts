import { describe, expect, it } from 'vitest';
import { badgeCount, badgeTitle, MAX_BADGE_COUNT, toolbarBadge } from '../../src/background/badge';
import type { MatchSummary, PageReport } from '../../src/messaging';
import { englishLocalizer } from '../support/english';

const match: MatchSummary = {
  url: 'https://news.example.com/story',
  title: 'The original story',
  site: 'news.example.com',
  source: 'visit',
  verdict: 'duplicate',
  distance: 1,
  similarity: 63 / 64,
  firstVisit: Date.UTC(2026, 0, 15, 12),
  lastVisit: Date.UTC(2026, 0, 15, 12),
};

function report(status: PageReport['status'], matches: MatchSummary[] = []): PageReport {
  return { status, url: 'https://copy.example.org/', title: 'Copy', site: 'copy.example.org', matches, matchCount: matches.length, recorded: true, visitCount: 1, firstPublished: 'unknown', checkedAt: 0 };
}

function fakeAction() {
  const calls: Record<string, unknown[]> = { text: [], color: [], title: [] };
  return {
    calls,
    action: {
      setBadgeText: async (d: { text: string | null }) => void calls.text!.push(d.text),
      setBadgeBackgroundColor: async (d: { color: unknown }) => void calls.color!.push(d.color),
      setTitle: async (d: { title: string }) => void calls.title!.push(d.title),
    },
  };
}

describe('toolbar badge', () => {
  it.each<[PageReport['status'], MatchSummary[], string, boolean]>([
    ['repost', [match], '1', true],
    ['repost', [match, { ...match, url: 'https://b.example/' }], '2', true],
    ['partial', [{ ...match, verdict: 'partial' }], '1', true],
    ['quote', [{ ...match, verdict: 'quote' }], '“', true],
    ['new', [], '', false],
    ['read_before', [], '', false],
    ['too_short', [], '', false],
    ['excluded', [], '', false],
  ])('%s with %# matches → "%s"', async (status, matches, text, colored) => {
    const { action, calls } = fakeAction();
    await toolbarBadge(action as never, englishLocalizer)(3, report(status, matches));
    expect(calls.text).toEqual([text]);
    expect(calls.color).toHaveLength(colored ? 1 : 0);
    expect(calls.title).toHaveLength(1);
  });

  it.each<[number, string]>([
    [1, '1'],
    [9, '9'],
    [10, '10'],
    [99, '99'],
    [100, '99+'],
    [101, '99+'],
    [40_000, '99+'],
    [Number.MAX_SAFE_INTEGER, '99+'],
  ])('%i copies → "%s", at most 3 characters', (count, text) => {
    expect(badgeCount(count)).toBe(text);
    expect(badgeCount(count).length).toBeLessThanOrEqual(3);
  });

  it('counts every copy found, not only those the report lists', async () => {
    const { action, calls } = fakeAction();
    await toolbarBadge(action as never, englishLocalizer)(3, { ...report('repost', [match]), matchCount: 40_000 });
    expect(calls.text).toEqual([`${MAX_BADGE_COUNT}+`]);
    await toolbarBadge(action as never, englishLocalizer)(3, { ...report('repost', [match]), matchCount: 57 });
    expect(calls.text).toEqual([`${MAX_BADGE_COUNT}+`, '57']);
  });

  it.each<[PageReport['status'], MatchSummary[], string]>([
    ['repost', [match], 'Déjà Lu: repost of “\u2068The original story\u2069” (news.example.com), read on Jan 15, 2026'],
    ['partial', [{ ...match, verdict: 'partial' }], 'Déjà Lu: partial copy of “\u2068The original story\u2069” (news.example.com), read on Jan 15, 2026'],
    ['repost', [{ ...match, source: 'author', site: '' }], 'Déjà Lu: copy of your article “\u2068The original story\u2069”'],
    ['partial', [{ ...match, source: 'author', verdict: 'partial' }], 'Déjà Lu: partial copy of your article “\u2068The original story\u2069”'],
    ['quote', [{ ...match, verdict: 'quote' }], 'Déjà Lu: quotes a passage of “\u2068The original story\u2069” (news.example.com), read on Jan 15, 2026'],
    ['quote', [{ ...match, source: 'author', verdict: 'quote' }], 'Déjà Lu: quotes a passage of your article “\u2068The original story\u2069”'],
    ['too_short', [], 'Déjà Lu: Too short to judge: there is not enough text for a reliable comparison.'],
    ['excluded', [], 'Déjà Lu: This site is excluded: its pages are not checked automatically.'],
  ])('tooltip for %s', (status, matches, title) => {
    expect(badgeTitle(report(status, matches), englishLocalizer)).toBe(title);
  });
});
