import { describe, expect, it } from 'vitest';
import { detectionFixture } from '../support/detection-fixture';
import { PASTED_ANSWERS, pastedAnswer } from '../support/pasted-answer';
import { visitPage } from './support/extension';
import { articlePage, paragraphs } from './support/article-page';
import { chromiumForFile } from './support/session';

/**
 * A short answer pasted together from sentences of an article read before,
 * a word dropped from each, none of its own chunks one of the article's, is
 * reported as quoting it: the page is looked up by its sentence runs too
 * (docs/decisions/0056-sentence-runs.md). test/core/sentence-runs.test.ts
 * checks that the answer's chunks alone find nothing.
 */
const [, source, runs, own, joiner] = PASTED_ANSWERS[0];
const article = detectionFixture(source);

const session = chromiumForFile('en', {
  routes: {
    '/science/article.html': articlePage('How a mathematician found the proof', paragraphs(article)),
    '/forum/thread-1.html': articlePage('Re: does anyone know how this was proved?', [pastedAnswer(article, runs, own, joiner)]),
  },
});

describe('a short answer pasted from sentences of an article read before', () => {
  it('is reported as a quote of the article', async () => {
    const { server, browser: { context, worker } } = session;
    const articleUrl = server.siteA('/science/article.html');
    const first = await visitPage(context, worker, articleUrl);
    expect(first.report.status).toBe('new');

    const second = await visitPage(context, worker, server.siteB('/forum/thread-1.html'));
    expect(second.report.status).toBe('quote');
    expect(second.report.matches.map((m) => [m.url, m.verdict])).toEqual([[articleUrl, 'quote']]);
    await Promise.all([first.page.close(), second.page.close()]);
  });
});
