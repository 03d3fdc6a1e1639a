import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { PageStatus } from '../../src/messaging';
import { savedFile, skipSaveDialog } from '../../test/e2e/support/save-dialog';
import { launchWithExtension, type ExtensionBrowser, type UiLocale } from '../../test/e2e/support/browser';
import { eventually, IMPORT_PENDING, openOptions, openPopup, readNotice, visitPage } from '../../test/e2e/support/extension';
import { startFixtureServer, type FixtureServer } from '../../test/e2e/support/server';
import { FIXTURES } from './seed-history';
import { ARTICLES, ON_SECOND_SITE, PASTED, type ArticleRole } from './shots';

/** Size of every screenshot: what the stores ask for. */
export const VIEWPORT = { width: 1280, height: 800 };

/** The verdict each article must get against the seeded history. */
const EXPECTED_STATUS: Record<ArticleRole, PageStatus> = { fresh: 'new', repost: 'repost', partial: 'partial', quote: 'quote', short: 'too_short' };

/** A visited fixture page, with the tab the popup reports on. */
interface Visit { page: Page; tabId: number }

/**
 * One browser in one UI language with the built extension, its history seeded
 * from `historyFile` (pages read "before", with fixed dates), serving the
 * fixture pages. Each article is visited once, when a view first needs it.
 */
export class ScreenshotSession {
  private readonly visits = new Map<ArticleRole, Promise<Visit>>();

  private constructor(
    readonly locale: UiLocale,
    private readonly browser: ExtensionBrowser,
    private readonly server: FixtureServer,
  ) {}

  static async start(locale: UiLocale, historyFile: string): Promise<ScreenshotSession> {
    const server = await startFixtureServer();
    const browser = await launchWithExtension(locale);
    await skipSaveDialog(browser.context);
    const session = new ScreenshotSession(locale, browser, server);
    try {
      await session.seed(historyFile);
    } catch (error) {
      await session.close();
      throw error;
    }
    return session;
  }

  /** A page of the extension, once `ready` (a selector) has text. */
  async extensionPage(path: string, ready: string): Promise<Page> {
    const page = await this.browser.context.newPage();
    await page.goto(`chrome-extension://${this.browser.extensionId}/${path}`);
    await page.waitForFunction((selector) => (document.querySelector(selector)?.textContent ?? '') !== '', ready);
    return page;
  }

  options(hash: string): Promise<Page> {
    return openOptions(this.browser.context, this.browser.extensionId, hash);
  }

  /** The history page once "Export JSON" has written its file. */
  async exported(): Promise<Page> {
    const page = await this.options('#history');
    await savedFile(page, '#export-json');
    return page;
  }

  /** The popup page about the tab showing `role`'s article, at the screenshots' size (as the popup opened in a tab). */
  async popup(role: ArticleRole): Promise<Page> {
    const { tabId } = await this.visit(role);
    const popup = await openPopup(this.browser.context, this.browser.extensionId, tabId);
    await popup.setViewportSize(VIEWPORT);
    return popup;
  }

  /** The popup about the new article, with a copy of a seeded one (PASTED) checked in its paste box. */
  async pastedText(): Promise<Page> {
    const popup = await this.popup('fresh');
    await popup.locator('#paste-text').fill(await this.articleText(PASTED[this.locale]));
    await popup.click('#check-text');
    await popup.locator('#text-report .pill').waitFor();
    await popup.locator('#paste-text').evaluate((box: HTMLTextAreaElement) => box.scrollTo(0, 0));
    // No hover on the button just clicked.
    await popup.mouse.move(0, 0);
    return popup;
  }

  /** "Show copied parts" clicked in the popup about `role`'s article: the popup, and the article's page with the parts highlighted. */
  async showCopiedParts(role: ArticleRole): Promise<{ popup: Page; page: Page }> {
    const popup = await this.popup(role);
    await popup.click('#copied-toggle');
    await popup.locator('.compare .excerpt').first().waitFor();
    // No hover on the button just clicked.
    await popup.mouse.move(0, 0);
    const { page } = await this.visit(role);
    await page.setViewportSize(VIEWPORT);
    return { popup, page };
  }

  /** Marks `role`'s article as the user's own, with the popup's "This is my article". */
  async markOwn(role: ArticleRole): Promise<void> {
    const popup = await this.popup(role);
    try {
      await popup.click('#own-toggle');
      await popup.locator('#own-note').waitFor();
    } finally {
      await popup.close();
    }
  }

  /** `role`'s article once its in-page notice is shown. */
  async notice(role: ArticleRole): Promise<Visit> {
    const visit = await this.visit(role);
    await eventually(() => readNotice(visit.page), 'the in-page notice');
    return visit;
  }

  async close(): Promise<void> {
    await this.browser.close();
    await this.server.close();
  }

  /** The article of fixture `file`, read off a blank page (no visit: the extension does not read it). */
  private async articleText(file: string): Promise<string> {
    const page = await this.browser.context.newPage();
    try {
      await page.setContent(await readFile(join(FIXTURES, file), 'utf8'));
      return await page.locator('article').innerText();
    } finally {
      await page.close();
    }
  }

  private visit(role: ArticleRole): Promise<Visit> {
    const visit = this.visits.get(role) ?? this.firstVisit(role);
    this.visits.set(role, visit);
    return visit;
  }

  /** Visits `role`'s article; a verdict other than the one the role stands for would make a misleading picture. */
  private async firstVisit(role: ArticleRole): Promise<Visit> {
    const path = `/articles/${ARTICLES[this.locale][role]}`;
    const url = ON_SECOND_SITE.includes(role) ? this.server.siteB(path) : this.server.siteA(path);
    const { page, tabId, report } = await visitPage(this.browser.context, this.browser.worker, url);
    if (report.status !== EXPECTED_STATUS[role]) throw new Error(`${url}: ${report.status}, not ${EXPECTED_STATUS[role]}`);
    return { page, tabId };
  }

  /** Imports `file` on the History page, as a user would. */
  private async seed(file: string): Promise<void> {
    const options = await this.options('#history');
    await options.setInputFiles('#import-file', file);
    await eventually(async () => (IMPORT_PENDING.test((await options.locator('#transfer-status').textContent()) ?? '') ? undefined : true), 'the import of the seeded history');
    await options.close();
  }
}
