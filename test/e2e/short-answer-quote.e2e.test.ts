import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectionFixture } from '../support/detection-fixture';
import { PASTED_ANSWERS, pastedAnswer } from '../support/pasted-answer';
import { launchWithExtension, openPage, type ExtensionBrowser } from './support/browser';
import { waitForReport } from './support/extension';
import { articlePage, paragraphs } from './support/article-page';
import { startFixtureServer, type FixtureServer } from './support/server';

/**
 * A short answer pasted together from sentences of an article read before,
 * a word dropped from each, none of its own chunks one of the article's, is
 * reported as quoting it: the page is looked up by its sentence runs too
 * (docs/decisions/0056-sentence-runs.md). test/core/sentence-runs.test.ts
 * checks that the answer's chunks alone find nothing.
 */
const [, source, runs, own, joiner] = PASTED_ANSWERS[0];
const article = detectionFixture(source);

let server: FixtureServer;
let browser: ExtensionBrowser;

beforeAll(async () => {
  server = await startFixtureServer({
    routes: {
      '/science/article.html': articlePage('How a mathematician found the proof', paragraphs(article)),
      '/forum/thread-1.html': articlePage('Re: does anyone know how this was proved?', [pastedAnswer(article, runs, own, joiner)]),
    },
  });
  browser = await launchWithExtension('en');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a short answer pasted from sentences of an article read before', () => {
  it('is reported as a quote of the article', async () => {
    const { context, worker } = browser;
    const articleUrl = server.siteA('/science/article.html');
    let since = Date.now();
    const first = await openPage(context, articleUrl);
    expect((await waitForReport(worker, articleUrl, since)).report.status).toBe('new');

    const answerUrl = server.siteB('/forum/thread-1.html');
    since = Date.now();
    const second = await openPage(context, answerUrl);
    const { report } = await waitForReport(worker, answerUrl, since);
    expect(report.status).toBe('quote');
    expect(report.matches.map((m) => [m.url, m.verdict])).toEqual([[articleUrl, 'quote']]);
    await Promise.all([first.close(), second.close()]);
  });
});
