import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDocument, type DocumentSignature, type Fingerprint } from '../../src/core';
import { passagesMatch } from '../../src/core/passages';
import { detectionFixture } from '../support/detection-fixture';
import { launchWithExtension, openPage, type ExtensionBrowser } from './support/browser';
import { waitForReport } from './support/extension';
import { articlePage, paragraphs } from './support/article-page';
import { startFixtureServer, type FixtureServer } from './support/server';

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

let server: FixtureServer;
let browser: ExtensionBrowser;

beforeAll(async () => {
  if (quote === undefined) throw new Error('no paragraph of the article lies outside the long page’s sample');
  server = await startFixtureServer({
    routes: {
      '/tools/article.html': articlePage('Firefox Developer Edition', source),
      '/blog/long-essay.html': articlePage('A long engineering essay', essay(quote)),
    },
  });
  browser = await launchWithExtension('en');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a long page quoting a paragraph its stored sample leaves out', () => {
  it('is reported as a quote of the article read before', async () => {
    const { context, worker } = browser;
    const articleUrl = server.siteA('/tools/article.html');
    let since = Date.now();
    const article = await openPage(context, articleUrl);
    expect((await waitForReport(worker, articleUrl, since)).report.status).toBe('new');

    const essayUrl = server.siteB('/blog/long-essay.html');
    since = Date.now();
    const page = await openPage(context, essayUrl);
    const { report } = await waitForReport(worker, essayUrl, since);
    expect(report.status).toBe('quote');
    expect(report.matches.map((m) => [m.url, m.verdict])).toEqual([[articleUrl, 'quote']]);
    await Promise.all([article.close(), page.close()]);
  });
});
