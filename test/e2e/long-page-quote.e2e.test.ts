import { describe, expect, it } from 'vitest';
import { signDocument, type DocumentSignature, type Fingerprint } from '../../src/core';
import { passagesMatch } from '../../src/core/passages';
import { detectionFixture } from '../support/detection-fixture';
import { visitPage } from './support/extension';
import { articlePage, paragraphs } from './support/article-page';
import { chromiumForFile } from './support/session';

/**
 * A long page is looked up by its chunks beyond the sample it stores too
 * (docs/decisions/0054-probe-unsampled-chunks.md): a paragraph of an article
 * read before, quoted in a page of more than 64 chunks whose stored sample
 * leaves that paragraph's chunk out, is still reported as a quote. The
 * pages are made here from two texts of test/fixtures/detection.
 */
const holds = (passages: readonly Fingerprint[], quote: DocumentSignature): boolean =>
  quote.passages.some((q) => passages.some((p) => passagesMatch(p, q, 3, 'sketch')));
const source = paragraphs(detectionFixture('readability-mozilla-2'));
const host = paragraphs(detectionFixture('readability-dropbox-blog'));
const earlier = signDocument(source.join('\n\n'));
/** The long page with `quote` in the middle of its paragraphs. */
const essay = (quote: string): string[] => [...host.slice(0, host.length >> 1), quote, ...host.slice(host.length >> 1)];
/** The first paragraph of the article whose chunk the long page keeps out of its stored sample, yet finds among the chunks it probes. */
const quote = source.find((p) => {
  const alone = signDocument(p);
  const page = signDocument(essay(p).join('\n\n'));
  return holds(earlier.passages, alone) && !holds(page.passages, alone) && holds(page.unsampled ?? [], alone);
});

if (quote === undefined) throw new Error('no paragraph of the article lies outside the long page’s sample');

const session = chromiumForFile('en', {
  routes: {
    '/tools/article.html': articlePage('Firefox Developer Edition', source),
    '/blog/long-essay.html': articlePage('A long engineering essay', essay(quote)),
  },
});

describe('a long page quoting a paragraph its stored sample leaves out', () => {
  it('is reported as a quote of the article read before', async () => {
    const { server, browser: { context, worker } } = session;
    const articleUrl = server.siteA('/tools/article.html');
    const first = await visitPage(context, worker, articleUrl);
    expect(first.report.status).toBe('new');

    const second = await visitPage(context, worker, server.siteB('/blog/long-essay.html'));
    expect(second.report.status).toBe('quote');
    expect(second.report.matches.map((m) => [m.url, m.verdict])).toEqual([[articleUrl, 'quote']]);
    await Promise.all([first.page.close(), second.page.close()]);
  });
});
