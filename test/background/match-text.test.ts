import { describe, expect, it } from 'vitest';
import type { MatchSummary } from '../../src/messaging';
import { isLinkable, matchMeta, matchScore, noticeSentence } from '../../src/ui/match-text';
import { englishLocalizer, englishMessage } from '../support/english';

const read: MatchSummary = {
  url: 'https://news.example.com/story',
  title: 'The story',
  site: 'news.example.com',
  source: 'visit',
  verdict: 'duplicate',
  distance: 2,
  similarity: 62 / 64,
  firstVisit: Date.UTC(2026, 2, 3, 12),
  lastVisit: Date.UTC(2026, 2, 3, 12),
};
const own: MatchSummary = { ...read, url: 'file:///home/me/posts/story.md', site: '', source: 'author' };

describe('how an earlier copy is named', () => {
  it.each<[string, MatchSummary, string, string]>([
    ['a page read before', read, 'Looks like a repost of ⟨title⟩ (news.example.com), which you read on Mar 3, 2026.', 'news.example.com · read on Mar 3, 2026'],
    ['a partial copy of it', { ...read, verdict: 'partial' }, 'Looks like a partial copy of ⟨title⟩ (news.example.com), which you read on Mar 3, 2026.', 'news.example.com · read on Mar 3, 2026'],
    ['the user\'s own article (file)', own, 'Looks like a copy of your article ⟨title⟩.', 'Your article'],
    ['the user\'s own article (web)', { ...own, url: 'https://blog.example/p', site: 'blog.example' }, 'Looks like a copy of your article ⟨title⟩.', 'Your article · blog.example'],
  ])('%s', (_name, match, sentence, meta) => {
    const { key, rest } = noticeSentence(match, englishLocalizer);
    expect(englishMessage(key, ['⟨title⟩', ...rest])).toBe(sentence);
    expect(matchMeta(match, englishLocalizer)).toBe(meta);
  });

  it('names the sites where a quoted article was also read as a copy (background/quoted-copies.ts)', () => {
    const quoted: MatchSummary = { ...read, verdict: 'quote', sharedPassages: 1, alsoReadOn: ['mirror.example.org', 'feed.example.net'] };
    expect(matchMeta(quoted, englishLocalizer)).toBe('news.example.com · read on Mar 3, 2026 · also read on mirror.example.org, feed.example.net');
  });

  it.each([
    ['https://example.com/a', true],
    ['http://127.0.0.1:8080/a', true],
    ['file:///home/me/a.md', false],
    ['javascript:alert(1)', false],
  ])('%s linkable: %s', (url, linkable) => {
    expect(isLinkable(url)).toBe(linkable);
  });

  it.each<[string, MatchSummary, string, string]>([
    ['a repost: the whole-text similarity', read, '97% similar · distance 2', '97% similar · fingerprints differ in 2 of 64 bits'],
    // A part barely moves the whole-text distance: "56 % similar" beside "partial copy" reads as "not a copy".
    ['a partial copy found by its passages', { ...read, verdict: 'partial', distance: 28, similarity: 36 / 64, sharedPassages: 14 }, '14 passages in common', '14 passages in common'],
    ['a partial copy with no passage (a short part, whole fingerprints close)', { ...read, verdict: 'partial', distance: 3, similarity: 61 / 64, sharedPassages: 0 }, '95% similar · distance 3', '95% similar · fingerprints differ in 3 of 64 bits'],
    ['a repost sharing passages: the whole text says it', { ...read, sharedPassages: 20 }, '97% similar · distance 2', '97% similar · fingerprints differ in 2 of 64 bits'],
    ['a quote of one passage', { ...read, verdict: 'quote', distance: 29, similarity: 35 / 64, sharedPassages: 1 }, '1 passage in common', '1 passage in common'],
    ['a quote of several', { ...read, verdict: 'quote', distance: 25, similarity: 39 / 64, sharedPassages: 3 }, '3 passages in common', '3 passages in common'],
    ['a quote in a report made before passages were counted', { ...read, verdict: 'quote', distance: 29, similarity: 35 / 64 }, '55% similar · distance 29', '55% similar · fingerprints differ in 29 of 64 bits'],
  ])('how close: %s', (_name, match, popupLine, noticeLine) => {
    const percent = (f: number) => `${Math.round(f * 100)}%`;
    expect(matchScore(match, englishLocalizer, percent)).toBe(popupLine);
    expect(matchScore(match, englishLocalizer, percent, 'long')).toBe(noticeLine);
  });
});
