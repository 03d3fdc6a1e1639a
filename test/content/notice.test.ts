import { beforeEach, describe, expect, it } from 'vitest';
import { noticeCard } from '../../entrypoints/content/notice';
import { MAX_REPORTED_MATCHES, type MatchSummary, type PageReport } from '../../src/messaging';
import { loadExtensionPage } from '../support/extension-page';

function match(i: number): MatchSummary {
  return { url: `https://copy${i}.example/a`, title: `Copy ${i}`, site: `copy${i}.example`, source: 'visit', verdict: 'duplicate', distance: 1, similarity: 63 / 64, firstVisit: 0, lastVisit: 0 };
}

describe('in-page notice: other copies', () => {
  beforeEach(() => loadExtensionPage('popup'));

  it.each<[number, number, string | null]>([
    [1, 1, null],
    [2, 2, 'Other copies you read: 1 more (see the toolbar button).'],
    [MAX_REPORTED_MATCHES, 40_000, 'Other copies you read: 39999 more (see the toolbar button).'],
  ])('%i listed of %i: %j', (listed, matchCount, more) => {
    const report: PageReport = {
      status: 'repost', url: 'https://reader.example/a', title: 'A copy', site: 'reader.example',
      matches: Array.from({ length: listed }, (_, i) => match(i)), matchCount,
      recorded: true, visitCount: 1, firstPublished: 'unknown', checkedAt: 0,
    };
    expect(noticeCard(document, report, () => {}).querySelector('.more')?.textContent ?? null).toBe(more);
  });
});

describe('in-page notice: a copy of the user\'s own article', () => {
  beforeEach(() => loadExtensionPage('popup'));

  it.each<[string, MatchSummary['source'], string, string | null, string]>([
    ['another reader\'s page', 'visit', 'card', null, 'Open the earlier page'],
    ['the user\'s own article', 'author', 'card own', 'Your article', 'Open your article'],
  ])('%s: class %j, tag %j, button %j', (_name, source, className, tag, button) => {
    const report: PageReport = {
      status: 'repost', url: 'https://reader.example/a', title: 'A copy', site: 'reader.example',
      matches: [{ ...match(0), source }], matchCount: 1,
      recorded: true, visitCount: 1, firstPublished: 'unknown', checkedAt: 0,
    };
    const card = noticeCard(document, report, () => {});
    expect(card.className).toBe(className);
    expect(card.querySelector('.own-tag')?.textContent ?? null).toBe(tag);
    expect(card.querySelector('.button')?.textContent).toBe(button);
  });
});
