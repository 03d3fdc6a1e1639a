import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { badge, firefoxForFile, openOptions, openPopup, readNotice, sessionKeys, setSettings, storeCounts, storedPages, textOf, visit } from '../support/firefox';

/**
 * Firefox: the privacy checks of test/e2e/privacy.e2e.test.ts that hold in
 * any browser — an excluded site is never read, "clear all" leaves nothing,
 * and another site's claim to a read page's address neither hides a copy nor
 * reveals the visit.
 */
/** The address site B's copies claim as their own: site A's original. */
const CLAIMED_PATH = '/spoof/en-original.html';

/** A fixture on site B that declares site A's original as its canonical and og:url address. */
function claimingSiteA(fixture: string) {
  return () => {
    const claimed = session.server.siteA(CLAIMED_PATH);
    const head = `<head><link rel="canonical" href="${claimed}"><meta property="og:url" content="${claimed}">`;
    const html = readFileSync(join(import.meta.dirname, '..', 'fixtures', fixture), 'utf8').replace('<head>', head);
    return { contentType: 'text/html; charset=utf-8', body: html };
  };
}

const session = firefoxForFile('en', {
  routes: { '/spoof/copy.html': claimingSiteA('en-repost.html'), '/spoof/other.html': claimingSiteA('en-other.html') },
});
const ACTION_TITLE = 'Déjà Lu: have I read this before?';

describe('Firefox: privacy', () => {
  it('an excluded site is never read: nothing stored, no notice', async () => {
    const { firefox, server } = session;
    await setSettings(firefox, { excludedSites: ['localhost'] });
    const excluded = await visit(firefox, server.siteB('/excluded/en-repost.html'));
    expect(excluded.report).toMatchObject({ status: 'excluded', title: '', recorded: false, matches: [] });
    expect(await readNotice(firefox, excluded.page)).toBeUndefined();
    expect((await storedPages(firefox)).some((page) => page.url.includes('/excluded/'))).toBe(false);
    await setSettings(firefox, { excludedSites: [] });
    await excluded.page.close();
  });

  it('a page on another site declaring a read page\'s address as its own is judged by its text: a copy is flagged, another article is new', async () => {
    const { firefox, server } = session;
    const original = await visit(firefox, server.siteA(CLAIMED_PATH));
    expect(original.report.status).toBe('new');
    const firstVisit = (await storedPages(firefox)).find((page) => page.url === server.siteA(CLAIMED_PATH))?.firstVisit;
    expect(firstVisit).toBeDefined();

    const copy = await visit(firefox, server.siteB('/spoof/copy.html'));
    expect(copy.report).toMatchObject({ status: 'repost', matches: [{ url: server.siteA(CLAIMED_PATH) }], visitCount: 1 });
    expect(copy.report.firstVisit).toBeUndefined();
    expect((await readNotice(firefox, copy.page))?.text).toContain('Looks like a repost');
    expect((await storedPages(firefox)).find((page) => page.url === server.siteB('/spoof/copy.html'))).not.toHaveProperty('canonicalUrl');

    const other = await visit(firefox, server.siteB('/spoof/other.html'));
    expect(other.report).toMatchObject({ status: 'new', matches: [], visitCount: 1 });
    expect(other.report.firstVisit).toBeUndefined();
    expect(JSON.stringify(other.report)).not.toContain(String(firstVisit));
    await Promise.all([original.page.close(), copy.page.close(), other.page.close()]);
  });

  it('"clear all" removes everything: every store, the popup\'s reports and the badges that named earlier pages', async () => {
    const { firefox, server } = session;
    const repost = await visit(firefox, server.siteB('/again/en-repost.html'));
    expect(repost.report.status).toBe('repost');
    expect((await badge(firefox, repost.tabId)).text).not.toBe('');
    // Every store but the runs, which only an import running (or stopped) leaves anything in, and the imports' receipts (no file imported here).
    const { runs, imports, ...stores } = await storeCounts(firefox);
    expect(Object.values(stores).every((n) => n > 0)).toBe(true);
    expect([runs, imports]).toEqual([0, 0]);

    const options = await openOptions(firefox);
    options.once('dialog', (dialog) => void dialog.accept());
    await options.click('#clear-all');
    await options.waitForFunction(() => document.getElementById('transfer-status')?.textContent === 'Your history is empty now.');

    // The imports store keeps only the token a removal leaves (a random id, naming nothing), so an import running meanwhile leaves no receipt.
    expect(await storeCounts(firefox)).toEqual({ groups: 0, groupSizes: 0, block0: 0, block1: 0, block2: 0, block3: 0, runs: 0, imports: 1 });
    expect((await sessionKeys(firefox)).filter((key) => key.startsWith('tab-report:'))).toEqual([]);
    expect(await badge(firefox, repost.tabId)).toEqual({ text: '', title: ACTION_TITLE });
    const popup = await openPopup(firefox, repost.tabId);
    expect(await textOf(popup, '.pill')).toBe('Not checked');
    expect(await textOf(popup, 'body')).not.toContain('Rewriting Rules of Engagement');
    await Promise.all([repost.page.close(), popup.close(), options.close()]);
  });
});
