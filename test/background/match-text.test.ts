import { describe, expect, it } from 'vitest';
import type { MatchSummary } from '../../src/messaging';
import { isLinkable, matchMeta, noticeSentence } from '../../src/ui/match-text';
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

  it.each([
    ['https://example.com/a', true],
    ['http://127.0.0.1:8080/a', true],
    ['file:///home/me/a.md', false],
    ['javascript:alert(1)', false],
  ])('%s linkable: %s', (url, linkable) => {
    expect(isLinkable(url)).toBe(linkable);
  });
});
