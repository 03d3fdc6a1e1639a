import { describe, expect, it } from 'vitest';
import { PART_LAYOUTS, partOf } from '../../../eval/embedded-parts';
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
 * text read as one paragraph too (docs/decisions/0058). A third of a short
 * article, too few of its passages to count, is a partial copy by the share
 * of its text the page holds (docs/decisions/0059). A third of an article
 * wrapped at 72 columns, a `<p>` a line, is read in its writer's paragraphs
 * (docs/decisions/0080). A page too short to judge on its own whose text is
 * all from a short article is a partial copy of it (docs/decisions/0085).
 */
const herald = detectionFixture('readability-herald-sun-1');
const cnet = detectionFixture('readability-cnet');
const wiki = detectionFixture('template-wikipedia.nytimes-4');
const [header, ...body] = paragraphs(detectionFixture('readability-herald-sun-1.combo'));
const session = firefoxForFile('en', {
  routes: {
    '/news/article.html': articlePage('A news article', paragraphs(herald)),
    '/blog/long-post.html': articlePage('A long blog post', paragraphs(inMiddleOf(detectionFixture('readability-dropbox-blog'), partOf(herald, 1 / 3)))),
    '/news/short.html': articlePage('A short article', paragraphs(cnet)),
    '/blog/post.html': articlePage('A blog post', paragraphs(inMiddleOf(detectionFixture('readability-quanta-1'), partOf(cnet, 1 / 3)))),
    '/news/wiki.html': articlePage('An encyclopedia article', paragraphs(wiki)),
    '/blog/wrapped.html': articlePage('A mailing-list post', paragraphs(inMiddleOf(detectionFixture('readability-mozilla-2'), PART_LAYOUTS['wrapped, a line a paragraph'](wiki, 1 / 3)))),
    '/feed/copy.html': articlePage('Reposted', [header as string, body.join(' ').replace(/\s*\n\s*/g, ' ')]),
    '/news/brief.html': articlePage('A news brief', paragraphs(detectionFixture('readability-tmz-1'))),
    '/gossip/brief-part.html': articlePage('Gossip', paragraphs(detectionFixture('readability-tmz-1.trunc40'))),
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

  it('is a partial copy of a short article read before when it holds a third of its text', async () => {
    const { server, firefox } = session;
    const articleUrl = server.siteA('/news/short.html');
    const article = await visit(firefox, articleUrl);
    expect(article.report.status).toBe('new');
    const post = await visit(firefox, server.siteB('/blog/post.html'));
    expect(post.report.matches.map((m) => [m.url, m.verdict])).toEqual([[articleUrl, 'partial']]);
    await Promise.all([article.page.close(), post.page.close()]);
  });

  it('is a partial copy of an article read before when it holds a third of it wrapped at 72 columns, a paragraph a line', async () => {
    const { server, firefox } = session;
    const articleUrl = server.siteA('/news/wiki.html');
    const article = await visit(firefox, articleUrl);
    expect(article.report.status).toBe('new');
    const post = await visit(firefox, server.siteB('/blog/wrapped.html'));
    expect(post.report.matches.map((m) => [m.url, m.verdict])).toEqual([[articleUrl, 'partial']]);
    await Promise.all([article.page.close(), post.page.close()]);
  });

  it('is a partial copy of a short article read before when all its text, too short on its own, is from it', async () => {
    const { server, firefox } = session;
    const articleUrl = server.siteA('/news/brief.html');
    const article = await visit(firefox, articleUrl);
    expect(article.report.status).toBe('new');
    const part = await visit(firefox, server.siteB('/gossip/brief-part.html'));
    expect(part.report.status).toBe('partial');
    expect(part.report.matches.map((m) => [m.url, m.verdict])).toEqual([[articleUrl, 'partial']]);
    await Promise.all([article.page.close(), part.page.close()]);
  });
});
