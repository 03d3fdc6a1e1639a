import { beforeEach, describe, expect, it } from 'vitest';
import { reportView } from '../../entrypoints/popup/report-view';
import { MAX_REPORTED_MATCHES, type MatchSummary, type PageReport } from '../../src/messaging';
import { loadExtensionPage } from '../support/extension-page';

function match(i: number): MatchSummary {
  return { url: `https://copy${i}.example/a`, title: `Copy ${i}`, site: `copy${i}.example`, source: 'visit', verdict: 'duplicate', distance: 1, similarity: 63 / 64, firstVisit: 0, lastVisit: 0 };
}

function report(listed: number, matchCount: number): PageReport {
  const matches = Array.from({ length: listed }, (_, i) => match(i));
  return { status: 'repost', url: 'https://reader.example/a', title: 'A copy', site: 'reader.example', matches, matchCount, recorded: true, visitCount: 1, firstPublished: 'unknown', checkedAt: 0 };
}

describe('popup: earlier copies', () => {
  beforeEach(() => loadExtensionPage('popup'));

  it.each<[number, number, string | null]>([
    [1, 1, null],
    [3, 3, null],
    [MAX_REPORTED_MATCHES, MAX_REPORTED_MATCHES, null],
    [MAX_REPORTED_MATCHES, MAX_REPORTED_MATCHES + 1, '…and 1 more.'],
    [MAX_REPORTED_MATCHES, 40_000, '…and 39950 more.'],
  ])('%i listed of %i: says %j', (listed, count, more) => {
    const view = reportView(report(listed, count));
    expect(view.querySelectorAll('li.match')).toHaveLength(listed);
    expect(view.querySelector('.more-matches')?.textContent ?? null).toBe(more);
  });
});

describe('popup: the sentence under the verdict, for the page and for a pasted text', () => {
  beforeEach(() => loadExtensionPage('popup'));

  const text = (status: PageReport['status'], matches: MatchSummary[]): PageReport => ({ ...report(0, 0), status, matches, matchCount: matches.length, url: '', title: '', recorded: false, visitCount: 0 });
  const own = { ...match(0), source: 'author' as const, site: '' };

  it.each<[string, PageReport, string, string]>([
    ['nothing similar', text('new', []), 'Nothing like this page in your history.', 'Nothing like this text in your history.'],
    ['a whole copy', text('repost', [match(0)]), 'A repost of an article you read before.', 'A copy of an article you read before.'],
    ['a partial copy', text('partial', [{ ...match(0), verdict: 'partial' }]), 'Contains part of an article you read before.', 'Contains part of an article you read before.'],
    ['a copy of the user\'s own article', text('repost', [own]), 'A copy of one of your own articles.', 'A copy of one of your own articles.'],
    ['too short: the same words as for a page', text('too_short', []), 'Too short to judge: there is not enough text for a reliable comparison.', 'Too short to judge: there is not enough text for a reliable comparison.'],
  ])('%s', (_name, shown, forPage, forText) => {
    expect(reportView(shown).querySelector('.summary')?.textContent).toBe(forPage);
    expect(reportView(shown, 'text').querySelector('.summary')?.textContent).toBe(forText);
  });
});
