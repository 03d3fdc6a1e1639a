import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FINGERPRINT_SCHEME } from '../../../src/core/scheme';
import { ROOT } from '../support/browser';
import { firefoxForFile, importHistoryFile, openOptions, readNotice, storedPages, visit } from '../support/firefox';

/**
 * Firefox: the cross-strait repost and the histories written before each
 * fingerprint scheme (test/e2e/script-conversion.e2e.test.ts in Chromium):
 * the background page folds scripts, loads the Chinese dictionary, and signs
 * a new page in every older scheme its history holds.
 */
const session = firefoxForFile('en');

describe('Firefox: Simplified ↔ Traditional reposts and histories from before an upgrade', () => {
  it('flags a Taiwan-script repost (OpenCC s2twp) of a Simplified article read before', async () => {
    const { server, firefox } = session;
    const originalUrl = server.siteA('/tansuo/2017/zh-original.html');
    const original = await visit(firefox, originalUrl);
    expect(original.report.status).toBe('new');
    const repost = await visit(firefox, server.siteB('/tw/zh-hant-repost.html'));
    expect(repost.report.status).toBe('repost');
    expect(repost.report.matches[0]).toMatchObject({ url: originalUrl, verdict: 'duplicate' });
    expect((await readNotice(firefox, repost.page))?.text).toContain('Looks like a repost of 宇航员在太空中喝酒会怎么样');
    await Promise.all([original.page.close(), repost.page.close()]);
  });

  it.each([
    ['scheme 1, Traditional Chinese (main at 8b3852d)', 'export-v1-main-8b3852d.json', 2, '/movies/zh-hant-old-repost.html', 'https://old.example.tw/netease-zh-hant.txt'],
    ['scheme 2, Latin script (main at 8bc8286)', 'export-v2-main-8bc8286.json', 1, '/games/en-old-repost.html', 'https://old.example.com/fx/tumblr.txt'],
    ['scheme 3, six passages (main at 623a09a)', 'export-v2-main-623a09a.json', 1, '/dev/en-scheme3-repost.html', 'https://old.example.com/fx/dropbox-blog.txt'],
    ['scheme 6, 64 passages of a long article (main at 08c42ac)', 'export-v2-main-08c42ac.json', 1, '/web/en-scheme6-repost.html', 'https://old.example.com/v6/mozilla-wikipedia.txt'],
  ])('a history exported in %s still matches: a repost of its article is flagged', async (_name, file, added, repostPath, articleUrl) => {
    const { server, firefox } = session;
    const options = await openOptions(firefox);
    expect(await importHistoryFile(options, join(ROOT, 'test/fixtures/history', file))).toBe(`Import finished: ${added} new, 0 updated, 0 unchanged.`);
    const repost = await visit(firefox, server.siteB(repostPath));
    expect(repost.report.status).toBe('repost');
    expect(repost.report.matches.map((m) => m.url)).toContain(articleUrl);
    expect((await storedPages(firefox)).find((p) => p.url.endsWith(repostPath))?.scheme).toBe(FINGERPRINT_SCHEME);
    await Promise.all([repost.page.close(), options.close()]);
  });
});
