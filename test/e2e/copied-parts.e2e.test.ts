import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, type ExtensionBrowser, type UiLocale } from './support/browser';
import { openPopup, screenshot, visitPage } from './support/extension';
import { startFixtureServer, type FixtureServer, type GeneratedResponse } from './support/server';
import { highlightedTexts, squeezed } from './support/copied-highlight';
import { COPIED_HIGHLIGHT as HIGHLIGHT } from '../../src/page-reading/copied-highlight';

/**
 * "Show copied parts": for a page flagged as a copy, the popup's button
 * highlights on the page (CSS Custom Highlight API) the parts copied from
 * the earlier article, shows the earlier article's excerpt beside the first
 * part, and a second click takes the highlight away. Nothing is
 * highlighted unless the user asks, and nothing on a page that is no copy.
 */
let server: FixtureServer;
const SCREEN = { width: 1280, height: 800 };

/** zh-other-repost.html with its article rendered by a web component, in a declarative open shadow root. */
function repostInShadowRoot(): GeneratedResponse {
  const html = readFileSync(join(import.meta.dirname, 'fixtures', 'zh-other-repost.html'), 'utf8');
  const article = /<article>[\s\S]*<\/article>/.exec(html)![0];
  return { contentType: 'text/html; charset=utf-8', body: html.replace(article, `<article-view><template shadowrootmode="open">${article}</template></article-view>`) };
}

beforeAll(async () => {
  server = await startFixtureServer({ routes: { '/wc/zh-other-repost.html': repostInShadowRoot } });
});

afterAll(async () => {
  await server?.close();
});

/** The text of each range highlighted as copied on `page` (null: no highlight registered). */
function highlighted(page: Page): Promise<string[] | null> {
  return page.evaluate(highlightedTexts, HIGHLIGHT);
}

/**
 * The paragraphs of the earlier article on a repost's `page` (the fixtures
 * mark the lines the repost added, its byline and share links, `.repost-meta`),
 * and whether a highlighted range covers part of each.
 */
function paragraphsHighlighted(page: Page): Promise<boolean[]> {
  return page.evaluate((name) => {
    const ranges = [...(CSS.highlights.get(name) ?? [])] as Range[];
    return [...document.querySelectorAll('article p:not(.repost-meta)')].map((p) => ranges.some((range) => range.intersectsNode(p)));
  }, HIGHLIGHT);
}

async function articleText(page: Page): Promise<string> {
  return page.locator('article').innerText();
}

/** Reads `originalUrl`, then `copyUrl`, and clicks "Show copied parts" in the popup about the copy; resolves once the popup says what it did. */
async function showCopiedParts({ context, worker, extensionId }: ExtensionBrowser, originalUrl: string, copyUrl: string) {
  const original = await visitPage(context, worker, originalUrl);
  const copy = await visitPage(context, worker, copyUrl);
  await copy.page.setViewportSize(SCREEN);
  const popup = await openPopup(context, extensionId, copy.tabId);
  await popup.locator('#copied-toggle').click();
  await expect.poll(() => popup.locator('#copied-note').textContent()).toMatch(/\d/);
  return { copy, popup, close: () => Promise.all([original.page.close(), copy.page.close(), popup.close()]) };
}

/** One browser in `locale` for the tests of the enclosing describe block. */
function browserFor(locale: UiLocale): () => ExtensionBrowser {
  let browser: ExtensionBrowser | undefined;
  beforeAll(async () => {
    browser = await launchWithExtension(locale);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

describe('Show copied parts (English)', () => {
  const browser = browserFor('en');

  it('a partial copy: the parts copied from the earlier article are highlighted, the first scrolled to; a second click clears them', async () => {
    const { context, worker, extensionId } = browser();
    const original = await visitPage(context, worker, server.siteA('/reviews/vision-pro/en-other.html'));
    const originalText = squeezed(await articleText(original.page));
    const copy = await visitPage(context, worker, server.siteB('/excerpts/en-other-partial.html'));
    expect(copy.report.status).toBe('partial');
    await copy.page.setViewportSize(SCREEN);
    expect(await highlighted(copy.page)).toBeNull();

    const popup = await openPopup(context, extensionId, copy.tabId);
    const button = popup.locator('#copied-toggle');
    await expect(button.textContent()).resolves.toBe('Show copied parts');
    await button.click();
    await expect.poll(() => popup.locator('#copied-note').textContent()).toMatch(/^\d+ copied passages highlighted on the page\.$/);

    const parts = (await highlighted(copy.page))!;
    expect(parts.length).toBeGreaterThan(0);
    const copyText = squeezed(await articleText(copy.page));
    for (const part of parts) {
      // Text of the copied article, read on this page: no word of its header, footer or sidebar.
      expect(originalText).toContain(squeezed(part));
      expect(copyText).toContain(squeezed(part));
    }
    await expect(popup.locator('#copied-note').textContent()).resolves.toBe(`${parts.length} copied passages highlighted on the page.`);
    // Beside the first copied part, the earlier article: its title (a link to it) and stored excerpt.
    await expect(popup.locator('.excerpt.earlier a').getAttribute('href')).resolves.toBe(original.page.url());
    await expect(popup.locator('.excerpt.earlier blockquote').textContent()).resolves.not.toBe('');
    // This page's side is the start of the first copied part (an ellipsis marks a start within a paragraph).
    const shownPassage = squeezed((await popup.locator('.excerpt.this blockquote').textContent())!).replace(/^…/, '');
    expect(squeezed(parts.join(''))).toContain(shownPassage.slice(0, 40));
    // The first part is where the page now shows.
    const inView = await copy.page.evaluate((name) => {
      const first = [...CSS.highlights.get(name)!][0] as Range;
      const rect = first.getBoundingClientRect();
      return rect.bottom > 0 && rect.top < window.innerHeight;
    }, HIGHLIGHT);
    expect(inView).toBe(true);
    await screenshot(popup, 'popup-copied-en', { fullPage: true });
    await screenshot(copy.page, 'page-copied-en');

    await expect(button.textContent()).resolves.toBe('Hide copied parts');
    await button.click();
    await expect.poll(() => highlighted(copy.page)).toBeNull();
    // The page is cleared before the popup hears back, so its button follows a moment later.
    await expect.poll(() => button.textContent()).toBe('Show copied parts');
    await Promise.all([original.page.close(), copy.page.close(), popup.close()]);
  });

  it('a repost: the whole article is the copy, every paragraph of it highlighted', async () => {
    const { copy, popup, close } = await showCopiedParts(browser(), server.siteA('/tech/en-original.html'), server.siteB('/copied/en-repost.html'));
    expect(copy.report.status).toBe('repost');
    await expect(popup.locator('#copied-note').textContent()).resolves.toMatch(/highlighted on the page/);
    const covered = await paragraphsHighlighted(copy.page);
    expect(covered.length).toBeGreaterThan(1);
    expect(covered.every(Boolean)).toBe(true);
    // Nothing outside the article: the site's own header and footer stay as they were.
    const outside = await copy.page.evaluate((name) => {
      const ranges = [...(CSS.highlights.get(name) ?? [])] as Range[];
      return [...document.querySelectorAll('header, footer, nav, aside')].filter((element) => !element.closest('article') && ranges.some((range) => range.intersectsNode(element))).length;
    }, HIGHLIGHT);
    expect(outside).toBe(0);
    await close();
  });

  it('a copy a web component renders in an open shadow root: its parts are found and highlighted there', async () => {
    const { copy, close } = await showCopiedParts(browser(), server.siteA('/shadow-source/zh-other.html'), server.siteB('/wc/zh-other-repost.html'));
    expect(copy.report.status).toBe('repost');
    const inShadowRoot = await copy.page.evaluate((name) => [...CSS.highlights.get(name)!].map((range) => (range as Range).startContainer.getRootNode() instanceof ShadowRoot), HIGHLIGHT);
    expect(inShadowRoot.length).toBeGreaterThan(0);
    expect(inShadowRoot.every(Boolean)).toBe(true);
    await screenshot(copy.page, 'page-copied-shadow-en');
    await close();
  });

  it('a page that copies nothing offers no button, and nothing is highlighted on it', async () => {
    const { context, worker, extensionId } = browser();
    const fresh = await visitPage(context, worker, server.siteA('/fresh/en-old-repost.html'));
    expect(fresh.report.status).toBe('new');
    const popup = await openPopup(context, extensionId, fresh.tabId);
    await expect(popup.locator('#copied').isHidden()).resolves.toBe(true);
    expect(await highlighted(fresh.page)).toBeNull();
    await Promise.all([fresh.page.close(), popup.close()]);
  });
});

describe('Show copied parts (Chinese UI)', () => {
  const browser = browserFor('zh-CN');

  it('a quote: the quoted passage is highlighted, and nothing of the essay around it', async () => {
    const { copy, close } = await showCopiedParts(browser(), server.siteA('/news/zh-original.html'), server.siteB('/essays/zh-quote.html'));
    expect(copy.report.status).toBe('quote');
    const originalPage = await browser().context.newPage();
    await originalPage.goto(server.siteA('/news/zh-original.html'));
    const originalText = squeezed(await articleText(originalPage));
    const parts = (await highlighted(copy.page))!;
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) expect(originalText).toContain(squeezed(part));
    await screenshot(copy.page, 'page-copied-quote-zh');
    await Promise.all([originalPage.close(), close()]);
  });

  it('a Chinese repost: the article highlighted, the popup in Chinese; a second click clears it', async () => {
    const { copy, popup, close } = await showCopiedParts(browser(), server.siteA('/tansuo/zh-original.html'), server.siteB('/zixun/zh-repost.html'));
    expect(copy.report.status).toBe('repost');
    await expect(popup.locator('#copied-note').textContent()).resolves.toMatch(/^已在页面上高亮 \d+ 段复制的文字。$/);
    expect((await paragraphsHighlighted(copy.page)).every(Boolean)).toBe(true);
    await expect(popup.locator('#copied-toggle').textContent()).resolves.toBe('隐藏复制的部分');
    await screenshot(popup, 'popup-copied-zh', { fullPage: true });
    await screenshot(copy.page, 'page-copied-zh');
    await popup.locator('#copied-toggle').click();
    await expect.poll(() => highlighted(copy.page)).toBeNull();
    await expect.poll(() => popup.locator('#copied-toggle').textContent()).toBe('显示复制的部分');
    await close();
  });
});
