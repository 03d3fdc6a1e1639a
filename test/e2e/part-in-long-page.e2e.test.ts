import { describe, expect, it } from 'vitest';
import { PART_LAYOUTS, partOf } from '../../eval/embedded-parts';
import { inMiddleOf } from '../../eval/quoted-passages';
import { detectionFixture } from '../support/detection-fixture';
import { visitPage } from './support/extension';
import { articlePage, lines, paragraphs } from './support/article-page';
import type { GeneratedResponse } from './support/server';
import { chromiumForFile } from './support/session';

/**
 * A part of an article read before, inside a page of another site, is a
 * partial copy, not a quote. Each row was a quote before the decision it
 * names:
 * - every chunk of the page being checked is compared, not its 64-passage
 *   sample alone (docs/decisions/0057-every-chunk-of-the-checked-page-compared.md);
 * - a part of a short article holds too few passages to count, but a quarter
 *   of its text (docs/decisions/0059-part-by-the-text-it-holds.md);
 * - a part of a page whose text is mostly short lines holds a quarter of its
 *   prose, which the history now keeps (docs/decisions/0061-part-of-the-prose-read-before.md);
 * - a long page is looked up by every chunk it compares, not its first 128 by
 *   key, none of which held the part (was "new": docs/decisions/0062-every-chunk-of-the-checked-page-looked-up.md);
 * - a part of plain text wrapped at a width, a `<p>` a line, is read in the
 *   writer's paragraphs (docs/decisions/0080-wrapped-lines-joined.md).
 */
const CASES = [
  { what: 'a long page holding a third of an article', article: 'readability-herald-sun-1', host: 'readability-dropbox-blog', share: 1 / 3 },
  { what: 'a page holding a third of a short article (5 of its 14 passages)', article: 'readability-cnet', host: 'readability-quanta-1', share: 1 / 3 },
  { what: 'a page holding half of a front page of teasers, mostly photo credits and headings', article: 'readability-nytimes-5', host: 'template-lwn-1.theverge', share: 1 / 2 },
  { what: 'a long Chinese page (427 chunks) holding a third of a short forum page, line by line', article: 'cwc-386d70f8', host: 'cwc-ebe9df29', share: 1 / 3, layout: lines },
  { what: 'a page holding a third of an article wrapped at 72 columns, a paragraph a line', article: 'template-wikipedia.nytimes-4', host: 'readability-mozilla-2', share: 1 / 3, part: PART_LAYOUTS['wrapped, a line a paragraph'] },
];

const routes: Record<string, () => GeneratedResponse> = {};
CASES.forEach(({ article, host, share, layout = paragraphs, part = partOf }, i) => {
  const text = detectionFixture(article);
  routes[`/news/article-${i}.html`] = articlePage('A news article', layout(text));
  routes[`/blog/post-${i}.html`] = articlePage('A blog post', layout(inMiddleOf(detectionFixture(host), part(text, share))));
});

const session = chromiumForFile('en', { routes });

describe('a page holding part of an article read before', () => {
  it.each(CASES.map((c, i) => [c.what, i] as const))('%s is reported as a partial copy of it, not a quote', async (_what, i) => {
    const { server, browser: { context, worker } } = session;
    const articleUrl = server.siteA(`/news/article-${i}.html`);
    const first = await visitPage(context, worker, articleUrl);
    expect(first.report.status).toBe('new');

    const second = await visitPage(context, worker, server.siteB(`/blog/post-${i}.html`));
    expect(second.report.matches.map((m) => [m.url, m.verdict])).toEqual([[articleUrl, 'partial']]);
    expect(second.report.status).toBe('partial');
    await Promise.all([first.page.close(), second.page.close()]);
  });
});
