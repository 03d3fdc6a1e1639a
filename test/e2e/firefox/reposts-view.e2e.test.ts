import { describe, expect, it } from 'vitest';
import { eventually } from '../support/extension';
import { firefoxForFile, openOptions, textOf, visit } from '../support/firefox';

/**
 * Firefox: the Reposts tab finds a repost read while browsing, its search
 * running in a worker of the MV2 options page (reposts-view.e2e.test.ts has
 * the whole journey in Chromium).
 */
const session = firefoxForFile('en');

describe('Firefox: Reposts tab', () => {
  it('lists a repost under the article read first', async () => {
    const { server, firefox } = session;
    const original = await visit(firefox, server.siteA('/tech/2019/en-original.html'));
    const repost = await visit(firefox, server.siteB('/reprint/en-repost.html'));
    expect(repost.report.status).toBe('repost');
    const options = await openOptions(firefox, '#reposts');
    await eventually(async () => ((await textOf(options, '.repost-group')) ? true : undefined), 'a group of reposts');
    expect(await textOf(options, '#reposts-summary')).toBe('Articles copied: 1 · copies: 1');
    expect(await textOf(options, '.repost-original .page-title')).toMatch(/^Rewriting Rules of Engagement/);
    expect(await textOf(options, '.copies td.col-site')).toBe('localhost');
    expect(await textOf(options, '.copies td.col-kind')).toBe('Repost');
    await Promise.all([original.page.close(), repost.page.close(), options.close()]);
  });
});
