import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { CopiedPartsService, type CopiedPartsDeps } from '../../src/background/copied-parts';
import { highlightInTab } from '../../src/background/highlight-in-tab';
import { featureStream, FINGERPRINT_SCHEME, fingerprintToHex, signDocument, tokenize, type FeatureDeps } from '../../src/core';
import { matchSummary, type MatchVerdict, type PageReading, type PageReport, type PageStatus } from '../../src/messaging';
import copiedHighlightCss from '../../src/page-reading/copied-highlight.css?inline';
import type { Page } from '../../src/store';

const PRACTICE = resolve(import.meta.dirname, '../../../shared/data/neardup-practice');
/** A practice article: the page in the tab. */
const ARTICLE = readFileSync(resolve(PRACTICE, 'docs', 'readability-aclu.txt'), 'utf8');
const PARAGRAPHS = ARTICLE.split('\n\n');
/** What the user read before: the article's first 40 % of paragraphs, a partial copy's source. */
const EARLIER_TEXT = PARAGRAPHS.slice(0, Math.ceil(PARAGRAPHS.length * 0.4)).join('\n\n');
const TAB = 7;
const URL = 'https://copies.example.com/story';

function earlierPage(text: string): Page {
  const signature = signDocument(text);
  return {
    id: 1, url: 'https://original.example.org/story', title: 'The original story', site: 'original.example.org',
    excerpt: text.slice(0, 200), textLength: text.length, fingerprint: fingerprintToHex(signature.fingerprint),
    passages: signature.passages.map(fingerprintToHex), scheme: FINGERPRINT_SCHEME, cjkChars: 0, words: signature.length.words,
    firstVisit: 1, lastVisit: 1, visitCount: 1, source: 'visit',
  };
}

function report(status: PageStatus, earlier: Page, verdict: MatchVerdict): PageReport {
  return {
    status, url: URL, title: 'A copy', site: 'copies.example.com', matches: status === 'new' ? [] : [matchSummary(earlier, { verdict, distance: 10, sharedPassages: 1 })],
    matchCount: status === 'new' ? 0 : 1, recorded: true, visitCount: 1, firstPublished: 'unknown', checkedAt: 2,
  };
}

interface Setup { status: PageStatus; verdict: MatchVerdict; inHistory?: boolean; tabUrl?: string }

function service({ status, verdict, inHistory = true, tabUrl = URL }: Setup) {
  const earlier = earlierPage(EARLIER_TEXT);
  const highlight = vi.fn(async (_tabId: number, parts: string[]) => ({ supported: true, highlighted: parts.length }));
  const reading: PageReading = { kind: 'page', page: { url: tabUrl, title: 'A copy', text: ARTICLE } };
  const deps: CopiedPartsDeps = {
    tabReports: { get: async () => report(status, earlier, verdict) },
    history: { getByUrl: async (url) => (inHistory && url === earlier.url ? earlier : undefined) },
    loadSettings: async () => ({ maxDistance: 3 }),
    extractFromTab: async () => reading,
    withDictionary: async <T>(run: (deps: FeatureDeps) => T) => run({}),
    highlight,
  };
  return { copied: new CopiedPartsService(deps), highlight, earlier };
}

describe('CopiedPartsService.show: the copied parts of the tab\'s page, highlighted on the user\'s request', () => {
  test.each<[string, PageStatus, MatchVerdict]>([
    ['a partial copy', 'partial', 'partial'],
    ['a quote', 'quote', 'quote'],
  ])('%s: the parts whose passages the earlier page keeps, each text of both pages', async (_name, status, verdict) => {
    const { copied, highlight, earlier } = service({ status, verdict });
    const shown = await copied.show(TAB);
    const parts = highlight.mock.calls[0]![1];
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) {
      expect(ARTICLE).toContain(part);
      expect(EARLIER_TEXT).toContain(part);
    }
    expect(shown).toEqual({
      kind: 'shown',
      result: { supported: true, highlighted: parts.length },
      earlier: { title: earlier.title, url: earlier.url, excerpt: earlier.excerpt },
      passage: expect.stringMatching(/\S/),
    });
    expect(shown.kind === 'shown' && parts[0]!.startsWith(shown.passage.replace(/^…/, ''))).toBe(true);
  });

  test('a repost: one part, the whole article, from its first feature to its last', async () => {
    const { copied, highlight } = service({ status: 'repost', verdict: 'duplicate' });
    await copied.show(TAB);
    const parts = highlight.mock.calls[0]![1];
    expect(parts).toHaveLength(1);
    const start = ARTICLE.indexOf(parts[0]!);
    const features = (text: string) => featureStream(tokenize(text));
    expect(start).toBeGreaterThanOrEqual(0);
    expect(features(ARTICLE.slice(0, start))).toEqual([]);
    expect(features(ARTICLE.slice(start + parts[0]!.length))).toEqual([]);
  });

  test.each<[string, Setup]>([
    ['a page flagged as no copy', { status: 'new', verdict: 'partial' }],
    ['a tab that has moved on to another page since its report', { status: 'partial', verdict: 'partial', tabUrl: 'https://copies.example.com/next' }],
    ['an earlier page no longer in the history', { status: 'partial', verdict: 'partial', inHistory: false }],
  ])('%s: nothing to show, nothing sent to the page', async (_name, setup) => {
    const { copied, highlight } = service(setup);
    await expect(copied.show(TAB)).resolves.toEqual({ kind: 'not_a_copy' });
    expect(highlight).not.toHaveBeenCalled();
  });

  test('hide: the page is told to clear its highlight', async () => {
    const { copied, highlight } = service({ status: 'partial', verdict: 'partial' });
    await expect(copied.hide(TAB)).resolves.toEqual({ kind: 'hidden' });
    expect(highlight).toHaveBeenCalledWith(TAB, []);
  });
});

describe('highlightInTab', () => {
  test.each<[string, string[], boolean, string[]]>([
    ['parts to show: the ::highlight() style first, then the parts', ['a copied part'], false, ['css', 'send']],
    ['clearing: no style needed', [], false, ['send']],
    ['a page whose declared content script brought the style (Firefox): the parts alone', ['a copied part'], true, ['send']],
  ])('%s', async (_name, parts, styled, expected) => {
    const calls: string[] = [];
    const highlight = highlightInTab({
      styled,
      insertCss: async (tabId, css) => {
        expect([tabId, css]).toEqual([TAB, copiedHighlightCss]);
        calls.push('css');
      },
      send: async (tabId, sent) => {
        expect([tabId, sent]).toEqual([TAB, parts]);
        calls.push('send');
        return { supported: true, highlighted: sent.length };
      },
    });
    await highlight(TAB, parts);
    expect(calls).toEqual(expected);
  });
});
