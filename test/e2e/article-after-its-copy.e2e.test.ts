import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectionFixture } from '../support/detection-fixture';
import { launchWithExtension, openPage, type ExtensionBrowser } from './support/browser';
import { waitForReport } from './support/extension';
import { articlePage, paragraphs } from './support/article-page';
import { startFixtureServer, type FixtureServer } from './support/server';

/**
 * An article read after a copy of it that ran its paragraphs together, with
 * a few typos (the practice set's combined edits, 4 bits apart): the copy's
 * stored chunks meet only the article's text read as one paragraph, which is
 * now looked up (docs/decisions/0058-one-paragraph-chunks-looked-up.md).
 * Before, the article was new to the extension.
 */
const article = paragraphs(detectionFixture('readability-herald-sun-1'));
/** The copy's header, then its lines run together in one paragraph. */
const [header, ...body] = paragraphs(detectionFixture('readability-herald-sun-1.combo'));
const copy = [header as string, body.join(' ').replace(/\s*\n\s*/g, ' ')];

let server: FixtureServer;
let browser: ExtensionBrowser;

beforeAll(async () => {
  server = await startFixtureServer({
    routes: {
      '/feed/copy.html': articlePage('Reposted', copy),
      '/news/article.html': articlePage('The article', article),
    },
  });
  browser = await launchWithExtension('en');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('an article read after a copy of it that lost its paragraph breaks', () => {
  it('is flagged as the same article', async () => {
    const { context, worker } = browser;
    const copyUrl = server.siteA('/feed/copy.html');
    let since = Date.now();
    const first = await openPage(context, copyUrl);
    expect((await waitForReport(worker, copyUrl, since)).report.status).toBe('new');

    const articleUrl = server.siteB('/news/article.html');
    since = Date.now();
    const second = await openPage(context, articleUrl);
    const { report } = await waitForReport(worker, articleUrl, since);
    expect(report.matches.map((m) => [m.url, m.verdict])).toEqual([[copyUrl, 'duplicate']]);
    await Promise.all([first.close(), second.close()]);
  });
});
