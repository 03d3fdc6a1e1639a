import type { Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageReport } from '../../src/messaging';
import { installExtension, launchWithExtension, openPage, type ExtensionBrowser } from './support/browser';
import { setSettings, storedPages, waitForReport } from './support/extension';
import { startFixtureServer, type FixtureServer } from './support/server';

/**
 * Pages whose load came before the extension listened are read all the same,
 * and only a real navigation counts as a visit: not a reload, not a restored
 * session, not reading the tabs already open after the extension (re)starts.
 */
let server: FixtureServer;

beforeAll(async () => {
  server = await startFixtureServer();
});

afterAll(async () => {
  await server?.close();
});

async function visitCount(worker: Worker, url: string): Promise<number | undefined> {
  return (await storedPages(worker)).find((page) => page.url === url)?.visitCount;
}

/** The report kept for the popup for `tabId`, if any. */
function reportOf(worker: Worker, tabId: number): Promise<PageReport | undefined> {
  return worker.evaluate(async (id) => {
    const key = `tab-report:${id}`;
    const items = await (globalThis as unknown as { chrome: typeof import('wxt/browser').browser }).chrome.storage.session.get(key);
    return items[key] as PageReport | undefined;
  }, tabId);
}

describe('pages loaded before the extension listened', () => {
  let profileDir: string;
  const first = () => server.siteA('/open-at-install/en-original.html');
  const second = () => server.siteA('/open-at-install/zh-original.html');
  const whileOff = () => server.siteA('/open-while-off/en-other-repost.html');
  const excluded = () => server.siteB('/open-excluded/zh-repost.html');

  it('tabs open when the extension is installed are read; an update reads them again without a visit, reads one never read, leaves an excluded site alone', async () => {
    const browser = await launchWithExtension('en', [], { installLater: true });
    profileDir = browser.profileDir;
    try {
      await openPage(browser.context, first());
      await openPage(browser.context, second());
      let since = Date.now();
      let worker = await installExtension(browser.context);
      for (const url of [first(), second()]) {
        expect((await waitForReport(worker, url, since)).report).toMatchObject({ status: 'new', recorded: true, visitCount: 1 });
      }

      // Opened while automatic mode was off: never read so far.
      await setSettings(worker, { autoMode: false });
      since = Date.now();
      await openPage(browser.context, whileOff());
      expect((await waitForReport(worker, whileOff(), since)).report.status).toBe('off');
      await setSettings(worker, { autoMode: true, excludedSites: ['localhost'] });
      await openPage(browser.context, excluded());
      // Its content script has asked and been told no before the update.
      const { tabId: excludedTab } = await waitForReport(worker, excluded(), since);

      since = Date.now();
      worker = await installExtension(browser.context);
      expect((await waitForReport(worker, first(), since)).report).toMatchObject({ status: 'read_before', recorded: true, visitCount: 1 });
      expect((await waitForReport(worker, whileOff(), since)).report).toMatchObject({ status: 'new', recorded: true, visitCount: 1 });
      expect(await visitCount(worker, first())).toBe(1);
      // Not even asked after the update: the excluded tab got no content script, so no new report.
      expect((await reportOf(worker, excludedTab))?.checkedAt ?? 0).toBeLessThan(since);
      expect((await storedPages(worker)).map((page) => page.url)).not.toContain(excluded());
    } finally {
      await browser.close({ keepProfile: true });
    }
  });

  it('a session restored as the browser starts is checked again, adding no visit', async () => {
    const since = Date.now();
    const browser = await launchWithExtension('en', ['--restore-last-session'], { profileDir });
    try {
      for (const url of [first(), second(), whileOff()]) {
        expect((await waitForReport(browser.worker, url, since)).report).toMatchObject({ status: 'read_before', recorded: true, visitCount: 1 });
        expect(await visitCount(browser.worker, url)).toBe(1);
      }
    } finally {
      await browser.close();
    }
  });
});

describe('visits are counted for real navigations only', () => {
  let browser: ExtensionBrowser;

  beforeAll(async () => {
    browser = await launchWithExtension('en');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('reloading a page checks it again but adds no visit; opening it again does', async () => {
    const url = server.siteA('/reload/en-other.html');
    let since = Date.now();
    const tab = await openPage(browser.context, url);
    expect((await waitForReport(browser.worker, url, since)).report.visitCount).toBe(1);

    since = Date.now();
    await tab.reload({ waitUntil: 'load' });
    expect((await waitForReport(browser.worker, url, since)).report).toMatchObject({ status: 'read_before', visitCount: 1 });
    expect(await visitCount(browser.worker, url)).toBe(1);

    since = Date.now();
    await tab.goto(url, { waitUntil: 'load' });
    expect((await waitForReport(browser.worker, url, since)).report).toMatchObject({ status: 'read_before', visitCount: 2 });
  });
});
