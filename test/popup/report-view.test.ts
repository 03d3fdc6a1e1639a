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
