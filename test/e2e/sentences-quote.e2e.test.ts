import { describe, expect, it } from 'vitest';
import { sentencesOf } from '../../eval/quoted-passages';
import { detectionFixture } from '../support/detection-fixture';
import { COPIED_HIGHLIGHT } from '../../src/page-reading/copied-highlight';
import { highlightedTexts, squeezed } from './support/copied-highlight';
import { openPopup, visitPage } from './support/extension';
import { articlePage, paragraphs } from './support/article-page';
import { chromiumForFile } from './support/session';

/**
 * A few sentences quoted from inside a paragraph hold no whole chunk of the
 * article, only the beginning of one, which the page finds by the chunk
 * heads the article was stored with (docs/decisions/0082-chunk-heads.md).
 * Built from two texts of test/fixtures/detection: ~340 characters of one
 * (the end of a paragraph and the start of the next) in the middle of the other.
 */
const source = detectionFixture('readability-cnet');
const quote = sentencesOf(source, 300);
if (quote === undefined) throw new Error('the article has no paragraph of two sentences to quote from');
const host = paragraphs(detectionFixture('readability-dropbox-blog'));

const session = chromiumForFile('en', {
  routes: {
    '/news/article.html': articlePage('A phone review', paragraphs(source)),
    '/blog/essay.html': articlePage('An engineering essay', [...host.slice(0, host.length >> 1), ...paragraphs(quote), ...host.slice(host.length >> 1)]),
  },
});

describe('a page quoting a few sentences from inside a paragraph of an article read before', () => {
  it('is reported as a quote of the article, and "Show copied parts" highlights the quoted sentences', async () => {
    const { server, browser: { context, worker, extensionId } } = session;
    const articleUrl = server.siteA('/news/article.html');
    const first = await visitPage(context, worker, articleUrl);
    expect(first.report.status).toBe('new');

    const second = await visitPage(context, worker, server.siteB('/blog/essay.html'));
    expect(second.report.status).toBe('quote');
    expect(second.report.matches.map((m) => [m.url, m.verdict])).toEqual([[articleUrl, 'quote']]);

    const popup = await openPopup(context, extensionId, second.tabId);
    await popup.locator('#copied-toggle').click();
    await expect.poll(() => popup.locator('#copied-note').textContent()).toMatch(/\d/);
    const highlighted = (await second.page.evaluate(highlightedTexts, COPIED_HIGHLIGHT)) ?? [];
    // The chunk that begins where the article's did: the quote's second paragraph, which holds none of the essay's text.
    expect(highlighted.length).toBeGreaterThan(0);
    for (const text of highlighted) expect(squeezed(quote as string)).toContain(squeezed(text));
    await Promise.all([first.page.close(), second.page.close(), popup.close()]);
  });
});
