import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, type ExtensionBrowser } from './support/browser';
import { visitPage } from './support/extension';
import { startFixtureServer, type FixtureServer } from './support/server';
import { OPEN_ROOT_CASES, SHADOW_ROUTES } from './support/shadow-pages';

/**
 * Articles a web component renders in its shadow root are read as the user
 * sees them: open roots, declarative or attached by script. Closed roots
 * stay unread by design (docs/privacy.md). Each case reads the article in a
 * shadow root first, then a plain copy of it on the other site: the copy is
 * a repost only if the first page's article was read.
 */
let server: FixtureServer;
let browser: ExtensionBrowser;

beforeAll(async () => {
  server = await startFixtureServer({ routes: SHADOW_ROUTES });
  browser = await launchWithExtension('en');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function visit(url: string) {
  const { page, report } = await visitPage(browser.context, browser.worker, url);
  await page.close();
  return report;
}

describe('articles inside shadow roots', () => {
  it.each(OPEN_ROOT_CASES)('%s is read: its article is recorded and a plain copy elsewhere is flagged', async (_name, shadowPath, copyPath) => {
    const first = await visit(server.siteA(shadowPath));
    expect(first.status).toBe('new');
    expect(first.recorded).toBe(true);

    const copy = await visit(server.siteB(copyPath));
    expect(copy.status).toBe('repost');
    expect(copy.matches[0]?.url).toBe(server.siteA(shadowPath));
  });

  it('a closed root is not read: the page holds no article for the extension, and a copy of it is not matched', async () => {
    const closed = await visit(server.siteA('/wc/closed.html'));
    expect(['too_short', 'no_article']).toContain(closed.status);
    const copy = await visit(server.siteB('/plain/en-repost.html'));
    expect(copy.status).toBe('new');
  });
});
