import { describe, expect, it } from 'vitest';
import type { browser as extensionBrowser } from 'wxt/browser';
import { eventually } from '../support/extension';
import { firefoxForFile } from '../support/firefox';

/** Firefox, in Chinese, as the add-on is installed: the welcome page opens, as in Chromium (welcome.e2e.test.ts). */
const session = firefoxForFile('zh-CN');

type WithBrowser = { browser: typeof extensionBrowser };

describe('Firefox: welcome page', () => {
  it('the install opened it once, in Chinese, and noted it in storage.local', async () => {
    const { firefox } = session;
    // Read through the extension: Puppeteer's pages keep "about:blank" as the URL of a moz-extension:// tab.
    const state = () => firefox.control.evaluate(async (url) => {
      const { tabs, storage } = (globalThis as unknown as WithBrowser).browser;
      return {
        titles: (await tabs.query({ url })).map((tab) => tab.title),
        shown: (await storage.local.get('welcome-shown'))['welcome-shown'],
      };
    }, `moz-extension://${firefox.uuid}/welcome.html`);
    // Titled once its script has run: the title comes from the catalogue, as the page's text does.
    const { titles, shown } = await eventually(async () => {
      const now = await state();
      return now.titles.some((title) => title !== 'Déjà Lu') ? now : undefined;
    }, 'the welcome page');
    expect(titles).toEqual(['欢迎使用 Déjà Lu（似曾读过）']);
    expect(shown).toBe(true);
  });
});
