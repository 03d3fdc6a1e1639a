import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partOf } from '../../eval/embedded-parts';
import { inMiddleOf } from '../../eval/quoted-passages';
import { detectionFixture } from '../support/detection-fixture';
import { launchWithExtension, openPage, type ExtensionBrowser } from './support/browser';
import { waitForReport } from './support/extension';
import { articlePage, paragraphs } from './support/article-page';
import { startFixtureServer, type FixtureServer } from './support/server';

/**
 * Every chunk of the page being checked is compared with the article read
 * before, not the page's stored sample alone
 * (docs/decisions/0057-every-chunk-of-the-checked-page-compared.md): a third
 * of a short article inside a long page of another site is a partial copy.
 * Compared by the page's 64-passage sample, it showed too few of the
 * article's passages and was a quote.
 */
const article = detectionFixture('readability-herald-sun-1');
const page = inMiddleOf(detectionFixture('readability-dropbox-blog'), partOf(article, 1 / 3));

let server: FixtureServer;
let browser: ExtensionBrowser;

beforeAll(async () => {
  server = await startFixtureServer({
    routes: {
      '/news/article.html': articlePage('A news article', paragraphs(article)),
      '/blog/long-post.html': articlePage('A long blog post', paragraphs(page)),
    },
  });
  browser = await launchWithExtension('en');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a long page holding a third of an article read before', () => {
  it('is reported as a partial copy of it, not a quote', async () => {
    const { context, worker } = browser;
    const articleUrl = server.siteA('/news/article.html');
    let since = Date.now();
    const first = await openPage(context, articleUrl);
    expect((await waitForReport(worker, articleUrl, since)).report.status).toBe('new');

    const postUrl = server.siteB('/blog/long-post.html');
    since = Date.now();
    const second = await openPage(context, postUrl);
    const { report } = await waitForReport(worker, postUrl, since);
    expect(report.matches.map((m) => [m.url, m.verdict])).toEqual([[articleUrl, 'partial']]);
    expect(report.status).toBe('partial');
    await Promise.all([first.close(), second.close()]);
  });
});
