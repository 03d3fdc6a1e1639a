import { describe, expect, it } from 'vitest';
import { detectionFixture } from '../support/detection-fixture';
import { visitPage } from './support/extension';
import { articlePage, paragraphs } from './support/article-page';
import { chromiumForFile } from './support/session';

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

const session = chromiumForFile('en', {
  routes: {
    '/feed/copy.html': articlePage('Reposted', copy),
    '/news/article.html': articlePage('The article', article),
  },
});

describe('an article read after a copy of it that lost its paragraph breaks', () => {
  it('is flagged as the same article', async () => {
    const { server, browser: { context, worker } } = session;
    const copyUrl = server.siteA('/feed/copy.html');
    const first = await visitPage(context, worker, copyUrl);
    expect(first.report.status).toBe('new');

    const second = await visitPage(context, worker, server.siteB('/news/article.html'));
    expect(second.report.matches.map((m) => [m.url, m.verdict])).toEqual([[copyUrl, 'duplicate']]);
    await Promise.all([first.page.close(), second.page.close()]);
  });
});
