import { describe, expect, it } from 'vitest';
import { partOf } from '../../eval/embedded-parts';
import { inMiddleOf } from '../../eval/quoted-passages';
import { detectionFixture } from '../support/detection-fixture';
import { visitPage } from './support/extension';
import { articlePage, paragraphs } from './support/article-page';
import { chromiumForFile } from './support/session';

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

const session = chromiumForFile('en', {
  routes: {
    '/news/article.html': articlePage('A news article', paragraphs(article)),
    '/blog/long-post.html': articlePage('A long blog post', paragraphs(page)),
  },
});

describe('a long page holding a third of an article read before', () => {
  it('is reported as a partial copy of it, not a quote', async () => {
    const { server, browser: { context, worker } } = session;
    const articleUrl = server.siteA('/news/article.html');
    const first = await visitPage(context, worker, articleUrl);
    expect(first.report.status).toBe('new');

    const second = await visitPage(context, worker, server.siteB('/blog/long-post.html'));
    expect(second.report.matches.map((m) => [m.url, m.verdict])).toEqual([[articleUrl, 'partial']]);
    expect(second.report.status).toBe('partial');
    await Promise.all([first.page.close(), second.page.close()]);
  });
});
