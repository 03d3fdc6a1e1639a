import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { COPIED_HIGHLIGHT } from '../../../src/page-reading/copied-highlight';
import { highlightedTexts, squeezed } from '../support/copied-highlight';
import { firefoxForFile, openPopup, screenshot, textOf, visit } from '../support/firefox';

/**
 * Firefox: "Show copied parts" as in copied-parts.e2e.test.ts. Firefox has
 * the CSS Custom Highlight API from version 140, the add-on's minimum; the
 * content script registers the highlight from its own (Xray) world.
 */
const session = firefoxForFile('en');
function highlighted(page: Page): Promise<string[] | null> {
  return page.evaluate(highlightedTexts, COPIED_HIGHLIGHT);
}

describe('Firefox: Show copied parts', () => {
  it('a partial copy: the copied parts highlighted on the page, cleared by a second click', async () => {
    const { server, firefox } = session;
    const original = await visit(firefox, server.siteA('/reviews/vision-pro/en-other.html'));
    const originalText = squeezed(await original.page.$eval('article', (article) => (article as HTMLElement).innerText));
    const copy = await visit(firefox, server.siteB('/excerpts/en-other-partial.html'));
    expect(copy.report.status).toBe('partial');

    const popup = await openPopup(firefox, copy.tabId);
    expect(await textOf(popup, '#copied-toggle')).toBe('Show copied parts');
    await popup.click('#copied-toggle');
    await popup.waitForFunction(() => /highlighted on the page/.test(document.getElementById('copied-note')?.textContent ?? ''));
    const parts = (await highlighted(copy.page))!;
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) expect(originalText).toContain(squeezed(part));
    await screenshot(copy.page, 'firefox-en-page-copied');
    await screenshot(popup, 'firefox-en-popup-copied', { fullPage: true });

    await popup.click('#copied-toggle');
    await popup.waitForFunction(() => document.getElementById('copied-toggle')?.textContent === 'Show copied parts');
    expect(await highlighted(copy.page)).toBeNull();
    await Promise.all([original.page.close(), copy.page.close(), popup.close()]);
  });
});
