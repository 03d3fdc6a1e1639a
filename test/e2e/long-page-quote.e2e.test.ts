import { describe, expect, it } from 'vitest';
import { signCheckedDocument, signDocument, type DocumentSignature, type Fingerprint } from '../../src/core';
import { passagesMatch } from '../../src/core/passages';
import { detectionFixture } from '../support/detection-fixture';
import { visitPage } from './support/extension';
import { articlePage, paragraphs } from './support/article-page';
import { chromiumForFile } from './support/session';

/**
 * A long page is looked up by its chunks beyond the sample it stores too
 * (docs/decisions/0054-probe-unsampled-chunks.md): a paragraph of an article
 * read before, quoted in a page of more chunks than its stored sample keeps
 * (126, decisions/0083) that leaves that paragraph's chunk out, is still
 * reported as a quote. The pages are made here from three texts of
 * test/fixtures/detection, the long one of two articles one after the other.
 */
const holds = (passages: readonly Fingerprint[], quote: DocumentSignature): boolean =>
  quote.passages.some((q) => passages.some((p) => passagesMatch(p, q, 3, 'sketch')));
const source = paragraphs(detectionFixture('readability-mozilla-2'));
const host = ['readability-dropbox-blog', 'readability-quanta-1'].flatMap((name) => paragraphs(detectionFixture(name)));
const earlier = signDocument(source.join('\n\n'));
/** The long page with `quote` in the middle of its paragraphs. */
const essay = (quote: string): string[] => [...host.slice(0, host.length >> 1), quote, ...host.slice(host.length >> 1)];
/** The first paragraph of the article whose chunk the long page keeps out of its stored sample, yet finds among the chunks a check looks up. */
const quote = source.find((p) => {
  const alone = signDocument(p);
  const page = signCheckedDocument(essay(p).join('\n\n'));
  return holds(earlier.passages, alone) && !holds(page.passages, alone) && holds(page.beyondSample ?? [], alone);
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
