import { describe, expect, it } from 'vitest';
import { firefoxForFile, readNotice, screenshot, visit } from '../support/firefox';
import { expectNoticeSurvived } from '../support/notice-attack';

/**
 * Firefox: a page that attacks the notice (test/e2e/hostile.e2e.test.ts in
 * Chromium): its CSS hides every `deja-lu-notice`, a cover sits at the top
 * z-index, and its script tries to read, restyle, hide and remove the
 * notice. The notice lives in a closed shadow root in the top layer.
 */
const session = firefoxForFile('en');

describe('Firefox: a hostile page', () => {
  it('can neither restyle, hide nor read the notice, and no markup it sent runs', async () => {
    const { server, firefox } = session;
    const pwned = () => server.requests.filter((path) => path.startsWith('/pwned'));
    expect((await visit(firefox, server.siteA('/hostile/markup-title/source.html'))).report.status).toBe('new');
    const attacked = await visit(firefox, server.siteB('/hostile/notice-attack/source.html'));
    expect(attacked.report.status).toBe('repost');
    const { page } = attacked;
    await expectNoticeSurvived(page, (await readNotice(firefox, page))?.text);
    await screenshot(page, 'firefox-hostile-notice-attack');
    expect(pwned()).toEqual([]);
    await page.close();
  });
});
