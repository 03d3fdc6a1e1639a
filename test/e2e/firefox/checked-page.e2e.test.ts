import { describe, expect, it } from 'vitest';
import { partOf } from '../../../eval/embedded-parts';
import { inMiddleOf } from '../../../eval/quoted-passages';
import { detectionFixture } from '../../support/detection-fixture';
import { articlePage, paragraphs } from '../support/article-page';
import { firefoxForFile, visit } from '../support/firefox';

/**
 * Firefox: how the page being checked is compared and looked up, as in
 * test/e2e/part-in-long-page.e2e.test.ts and article-after-its-copy.e2e.test.ts.
 * A third of an article inside a long page of another site is a partial copy:
 * every chunk of the page is compared, not its stored sample alone
 * (docs/decisions/0057). An article read after a copy of it that ran its
 * paragraphs together is the same article: the page is looked up by its
 * text read as one paragraph too (docs/decisions/0058).
 */
const herald = detectionFixture('readability-herald-sun-1');
const [header, ...body] = paragraphs(detectionFixture('readability-herald-sun-1.combo'));
const session = firefoxForFile('en', {
  routes: {
    '/news/article.html': articlePage('A news article', paragraphs(herald)),
    '/blog/long-post.html': articlePage('A long blog post', paragraphs(inMiddleOf(detectionFixture('readability-dropbox-blog'), partOf(herald, 1 / 3)))),
    '/feed/copy.html': articlePage('Reposted', [header as string, body.join(' ').replace(/\s*\n\s*/g, ' ')]),
  },
});

describe('Firefox: the page being checked', () => {
  // The copy first: the history must not hold the article before it.
  it('is the same article as a copy read before that ran its paragraphs together', async () => {
    const { server, firefox } = session;
    const copyUrl = server.siteA('/feed/copy.html');
    const copy = await visit(firefox, copyUrl);
    expect(copy.report.status).toBe('new');
    const article = await visit(firefox, server.siteB('/news/article.html'));
    expect(article.report.matches.map((m) => [m.url, m.verdict])).toEqual([[copyUrl, 'duplicate']]);
    await Promise.all([copy.page.close(), article.page.close()]);
  });

  it('is a partial copy of an article read before when a third of it lies inside its long text', async () => {
    const { server, firefox } = session;
    const articleUrl = server.siteB('/news/article.html');
    const post = await visit(firefox, server.siteA('/blog/long-post.html'));
    expect(post.report.matches.map((m) => [m.url, m.verdict])).toContainEqual([articleUrl, 'partial']);
    await post.page.close();
  });
});
