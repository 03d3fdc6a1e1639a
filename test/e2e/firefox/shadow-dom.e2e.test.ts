import { describe, expect, it } from 'vitest';
import { firefoxForFile, visit } from '../support/firefox';
import { OPEN_ROOT_CASES, SHADOW_ROUTES } from '../support/shadow-pages';

/**
 * Firefox: articles a web component renders in its shadow root are read as
 * in Chromium (test/e2e/shadow-dom.e2e.test.ts); closed roots stay unread.
 */
const session = firefoxForFile('en', { routes: SHADOW_ROUTES });

async function report(url: string) {
  const { page, report: result } = await visit(session.firefox, url);
  await page.close();
  return result;
}

describe('Firefox: articles inside shadow roots', () => {
  it.each(OPEN_ROOT_CASES)('%s is read: its article is recorded and a plain copy elsewhere is flagged', async (_name, shadowPath, copyPath) => {
    const { server } = session;
    expect(await report(server.siteA(shadowPath))).toMatchObject({ status: 'new', recorded: true });
    const copy = await report(server.siteB(copyPath));
    expect(copy.status).toBe('repost');
    expect(copy.matches[0]?.url).toBe(server.siteA(shadowPath));
  });

  it('a closed root is not read: a copy of its article is not matched', async () => {
    const { server } = session;
    expect(['too_short', 'no_article']).toContain((await report(server.siteA('/wc/closed.html'))).status);
    expect((await report(server.siteB('/plain/en-repost.html'))).status).toBe('new');
  });
});
