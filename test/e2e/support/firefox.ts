import { randomUUID } from 'node:crypto';
import { access, cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';
import type { browser as extensionBrowser } from 'wxt/browser';
import type { PageReport } from '../../../src/messaging';
import type { Settings } from '../../../src/settings';
import type { Page as PageRecord } from '../../../src/store';
import { ROOT, type UiLocale } from './browser';
import { IMPORT_PENDING, SCREENSHOTS, decodePages, eventually, readRawPages, waitForSessionReport, type SessionReports } from './extension';
import { startFixtureServer, type FixtureServer, type FixtureServerOptions } from './server';

/**
 * Headless Firefox (Debian's firefox-esr) with the built Firefox extension
 * (.output/firefox-mv2), driven by puppeteer-core over WebDriver BiDi: the
 * Firefox counterpart of browser.ts and extension.ts (same reports, same
 * fixtures server, same shared helpers). Playwright cannot drive it: it needs
 * its own patched Firefox. See docs/decisions/0004-firefox-e2e-puppeteer.md.
 */
export const FIREFOX_EXTENSION_DIR = join(ROOT, '.output', 'firefox-mv2');
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/**
 * Firefox 140 (Debian bookworm's own ESR, without bookworm-security) lacks what the tests use:
 * its extension pages' CSP blocks Puppeteer's waitForFunction, it has no BiDi
 * emulation.setScreenOrientationOverride (setViewport) and no chrome-scope browsing contexts.
 */
const MIN_FIREFOX = 153;
const TMP = join(ROOT, '.tmp', 'e2e');

/** The extension's page globals, typed with the polyfill's API, and MV2's browserAction (promise-based in Firefox). */
type WithBrowser = { browser: typeof extensionBrowser & { browserAction: BrowserAction } };
interface BrowserAction {
  getBadgeText(details: { tabId: number }): Promise<string>;
  getTitle(details: { tabId: number }): Promise<string>;
}

/** Raw WebDriver BiDi commands, through Puppeteer's connection (internal: not in its typings). */
interface BidiConnection {
  send(method: string, params: object): Promise<{ result: unknown }>;
}

export interface FirefoxWithExtension {
  browser: Browser;
  /** browser_specific_settings.gecko.id of the built manifest. */
  addonId: string;
  /** The extension's pages are moz-extension://<uuid>/… (fixed per launch through a pref). */
  uuid: string;
  /** An options page kept open: the extension's APIs (storage, browserAction, IndexedDB) are called from it. */
  control: Page;
  /** The copy of the build Firefox runs (a temporary add-on is read from its folder). */
  extensionDir: string;
  /** Where the browser saves downloads, without asking. */
  downloadsDir: string;
  bidi<T>(method: string, params: object): Promise<T>;
  close(): Promise<void>;
}

/**
 * Firefox, headless, in a new profile with the built extension installed as a
 * temporary add-on (unsigned, as `about:debugging` loads it). The extension is
 * copied first: Firefox reads a temporary add-on's folder while it runs, and a
 * build during a run would break it. Chinese needs Debian's zh-CN language
 * pack (firefox-esr-l10n-zh-cn), as a Chinese Firefox has it.
 */
export async function launchFirefox(locale: UiLocale = 'en'): Promise<FirefoxWithExtension> {
  await access(FIREFOX).catch(() => { throw new Error(`no Firefox at ${FIREFOX}: run scripts/setup-machine.sh (or set FIREFOX_PATH)`); });
  const manifest = await readFile(join(FIREFOX_EXTENSION_DIR, 'manifest.json'), 'utf8')
    .catch(() => { throw new Error(`no Firefox build in ${FIREFOX_EXTENSION_DIR}: run npm run build:firefox`); });
  const addonId = (JSON.parse(manifest) as { browser_specific_settings: { gecko: { id: string } } }).browser_specific_settings.gecko.id;
  await mkdir(TMP, { recursive: true });
  const dir = await mkdtemp(join(TMP, 'firefox-'));
  const extensionDir = join(dir, 'extension');
  const downloadsDir = join(dir, 'downloads');
  await cp(FIREFOX_EXTENSION_DIR, extensionDir, { recursive: true });
  await mkdir(downloadsDir);
  const uuid = randomUUID();
  const language = locale === 'zh-CN' ? 'zh_CN' : 'en_US';
  const bcp47 = locale === 'zh-CN' ? 'zh-CN' : 'en-US';
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    userDataDir: join(dir, 'profile'),
    // moz-extension:// pages and the browser window's own scope (the toolbar) for BiDi.
    args: ['--remote-allow-system-access'],
    defaultViewport: { width: 1280, height: 800 },
    env: { ...process.env, TMPDIR: dir, LANGUAGE: language, LANG: `${language}.UTF-8` },
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [addonId]: uuid }),
      'intl.locale.requested': bcp47,
      'intl.accept_languages': locale === 'zh-CN' ? 'zh-CN, zh' : 'en-US, en',
      // The notice fades in; without motion, screenshots show it as users finally see it.
      'ui.prefersReducedMotion': 1,
      'browser.download.dir': downloadsDir,
      'browser.download.folderList': 2,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
    },
  });
  const connection = (browser as unknown as { connection?: BidiConnection }).connection;
  if (!connection) throw new Error('Puppeteer did not connect over WebDriver BiDi');
  const close = async () => {
    await browser.close();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const version = await browser.version();
    if (Number(/^firefox\/(\d+)/.exec(version)?.[1] ?? 0) < MIN_FIREFOX) {
      throw new Error(`${FIREFOX} is ${version}; the tests need Firefox ${MIN_FIREFOX} or later (Debian: firefox-esr from bookworm-security, scripts/setup-machine.sh)`);
    }
    const installed = await browser.installExtension(extensionDir);
    if (installed !== addonId) throw new Error(`installed ${installed}, expected ${addonId}`);
    const partial = {
      browser,
      addonId,
      uuid,
      downloadsDir,
      extensionDir,
      bidi: async <T>(method: string, params: object) => (await connection.send(method, params)).result as T,
      close,
    };
    const control = await openExtensionPage(partial, 'options.html#settings');
    const uiLanguage = await control.evaluate(() => (globalThis as unknown as WithBrowser).browser.i18n.getUILanguage());
    if (uiLanguage !== bcp47) throw new Error(`Firefox runs in ${uiLanguage}, not ${bcp47}${locale === 'zh-CN' ? ': install firefox-esr-l10n-zh-cn (scripts/setup-machine.sh)' : ''}`);
    return { ...partial, control };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Installs the extension again over itself, as an update does: Firefox
 * restarts its background page and injects the declared content script into
 * the open tabs. The history stays (same add-on id and address); `control`
 * becomes a new options page, the old one having gone with the old instance.
 */
export async function updateExtension(firefox: FirefoxWithExtension): Promise<void> {
  const installed = await firefox.browser.installExtension(firefox.extensionDir);
  if (installed !== firefox.addonId) throw new Error(`updated ${installed}, expected ${firefox.addonId}`);
  firefox.control = await openExtensionPage(firefox, 'options.html#settings');
}

/** What a test file shares: the fixtures server and one Firefox, set up before its tests. */
export interface FirefoxSession {
  server: FixtureServer;
  firefox: FirefoxWithExtension;
}

/** Starts the fixtures server and Firefox before the file's tests (the fields are set then) and stops them after. */
export function firefoxForFile(locale: UiLocale = 'en', serverOptions: FixtureServerOptions = {}): FirefoxSession {
  const session = {} as Partial<FirefoxSession>;
  beforeAll(async () => {
    session.server = await startFixtureServer(serverOptions);
    session.firefox = await launchFirefox(locale);
  });
  afterAll(async () => {
    await session.firefox?.close();
    await session.server?.close();
  });
  return session as FirefoxSession;
}

/** The tab's WebDriver BiDi browsing context. */
function contextOf(page: Page): string {
  return (page.mainFrame() as unknown as { _id: string })._id;
}

/** Opens `url` in a new tab and waits for it to load. */
export async function openPage(firefox: Pick<FirefoxWithExtension, 'browser'>, url: string): Promise<Page> {
  const page = await firefox.browser.newPage();
  await page.goto(url, { waitUntil: 'load' });
  return page;
}

/** Opens `url` in a new tab; resolves once the background has reported on it. */
export async function visit(firefox: FirefoxWithExtension, url: string): Promise<{ page: Page; tabId: number; report: PageReport }> {
  const since = Date.now();
  const page = await openPage(firefox, url);
  return { page, ...(await waitForReport(firefox, url, since)) };
}

/**
 * Opens one of the extension's pages (`options.html#history`, `popup.html?tabId=3`) in a new
 * tab. Through BiDi's navigate: Puppeteer's `goto` never sees a moz-extension:// page load.
 */
export async function openExtensionPage(firefox: Pick<FirefoxWithExtension, 'browser' | 'uuid' | 'bidi'>, path: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await firefox.browser.newPage();
  if (viewport) await page.setViewport(viewport);
  await firefox.bidi('browsingContext.navigate', { context: contextOf(page), url: `moz-extension://${firefox.uuid}/${path}`, wait: 'complete' });
  return page;
}

/** The background's report for the tab showing `url`, once it is newer than `after`. */
export function waitForReport(firefox: FirefoxWithExtension, url: string, after: number, timeoutMs?: number): Promise<{ tabId: number; report: PageReport }> {
  const readSession = () => firefox.control.evaluate(() => (globalThis as unknown as WithBrowser).browser.storage.session.get(null)) as Promise<SessionReports>;
  return waitForSessionReport(readSession, url, after, timeoutMs);
}

/** The tab's badge as the extension set it (MV2: browserAction). */
export function badge(firefox: FirefoxWithExtension, tabId: number): Promise<{ text: string; title: string }> {
  return firefox.control.evaluate(async (id) => {
    const { browserAction } = (globalThis as unknown as WithBrowser).browser;
    return { text: await browserAction.getBadgeText({ tabId: id }), title: await browserAction.getTitle({ tabId: id }) };
  }, tabId);
}

/**
 * The badge drawn on the toolbar button while `page` is the selected tab:
 * `'1'`, or null with no badge. Read in the browser window's privileged scope;
 * the button sits in the extensions panel, and is redrawn on the next frame
 * after a tab switch, so callers poll.
 */
export async function drawnBadge(firefox: FirefoxWithExtension, page: Page): Promise<string | null> {
  await page.bringToFront();
  const widget = `${firefox.addonId.toLowerCase().replace(/[^a-z0-9_-]/g, '_')}-browser-action`;
  return chromeEval<string | null>(firefox, `CustomizableUI.getWidget(${JSON.stringify(widget)}).forWindow(window).node
    .querySelector('.unified-extensions-item-action-button').getAttribute('badge')`);
}

/** Evaluates `expression` (awaited) in the browser window's privileged scope; its value crosses as JSON. */
async function chromeEval<T>(firefox: FirefoxWithExtension, expression: string): Promise<T> {
  const { contexts } = await firefox.bidi<{ contexts: { context: string }[] }>('browsingContext.getTree', { 'moz:scope': 'chrome' });
  const window = contexts[0];
  if (!window) throw new Error('no browser window');
  const evaluated = await firefox.bidi<{ type: string; result?: { value?: string }; exceptionDetails?: { text: string } }>('script.evaluate', {
    expression: `(async () => JSON.stringify((await (${expression})) ?? null))()`, target: { context: window.context }, awaitPromise: true,
  });
  if (evaluated.type !== 'success' || evaluated.result?.value === undefined) throw new Error(`in the browser window: ${evaluated.exceptionDetails?.text}`);
  return JSON.parse(evaluated.result.value) as T;
}

/** Every stored page, read raw from the extension's IndexedDB and decoded here with the store's own codec. */
export async function storedPages(firefox: FirefoxWithExtension): Promise<PageRecord[]> {
  const raw = await firefox.control.evaluateHandle(readRawPages);
  try {
    // BiDi hands typed arrays over without their contents: the groups' byte and offset arrays cross as plain arrays.
    const crossed = await raw.evaluate(({ keys, values }) => ({
      keys,
      values: values.map((record) => Object.fromEntries(Object.entries(record as object)
        .map(([field, value]) => [field, value instanceof Uint8Array ? { uint8: Array.from(value) } : value instanceof Uint32Array ? { uint32: Array.from(value) } : value]))),
    }));
    const values = crossed.values.map((record) => Object.fromEntries(Object.entries(record).map(([field, value]) => {
      const typed = value as { uint8?: number[]; uint32?: number[] } | null;
      return [field, typed?.uint8 ? Uint8Array.from(typed.uint8) : typed?.uint32 ? Uint32Array.from(typed.uint32) : value];
    })));
    return decodePages({ keys: crossed.keys, values });
  } finally {
    await raw.dispose();
  }
}

/**
 * How many records each of the extension's IndexedDB stores holds (groups of
 * pages, the four block stores, an import's runs), and how many bucket
 * entries (8 bytes each) each block store holds: block1–3 file every page's
 * whole fingerprint once, so each holds one per page.
 */
export function storeSizes(firefox: FirefoxWithExtension): Promise<{ records: Record<string, number>; blockEntries: number[] }> {
  return firefox.control.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('deja-lu');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const read = <T>(request: IDBRequest<T>) => new Promise<T>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const names = [...db.objectStoreNames];
      const tx = db.transaction(names, 'readonly');
      const counts = await Promise.all(names.map((name) => read(tx.objectStore(name).count())));
      const blocks = ['block0', 'block1', 'block2', 'block3'];
      const blockEntries = await Promise.all(blocks.map(async (name) => ((await read(tx.objectStore(name).getAll())) as Uint8Array[]).reduce((sum, bucket) => sum + bucket.byteLength / 8, 0)));
      return { records: Object.fromEntries(names.map((name, i) => [name, counts[i] ?? 0])), blockEntries };
    } finally {
      db.close();
    }
  });
}

/** How many records each of the extension's IndexedDB stores holds (storeSizes). */
export async function storeCounts(firefox: FirefoxWithExtension): Promise<Record<string, number>> {
  return (await storeSizes(firefox)).records;
}

/** The keys the background keeps in storage.session (per-tab reports are `tab-report:<id>`). */
export async function sessionKeys(firefox: FirefoxWithExtension): Promise<string[]> {
  return Object.keys(await firefox.control.evaluate(() => (globalThis as unknown as WithBrowser).browser.storage.session.get(null)));
}

export async function setSettings(firefox: FirefoxWithExtension, patch: Partial<Settings>): Promise<void> {
  await firefox.control.evaluate(async (p) => {
    const { storage } = (globalThis as unknown as WithBrowser).browser;
    const { settings } = await storage.local.get('settings');
    await storage.local.set({ settings: { ...(settings ?? {}), ...p } });
  }, patch);
}

/**
 * The text inside the in-page notice (styles left out) and the kind of its
 * shadow root. The root is closed, so page scripts cannot see into it; BiDi
 * hands it over by reference.
 */
export async function readNotice(firefox: FirefoxWithExtension, page: Page): Promise<{ shadowRootType: string; text: string; links: string[] } | undefined> {
  const target = { context: contextOf(page) };
  type Remote = { type: string; result: { type: string; value?: { shadowRoot?: { sharedId: string } | null } } };
  const host = await firefox.bidi<Remote>('script.evaluate', {
    expression: 'document.querySelector("deja-lu-notice")', target, awaitPromise: false,
    serializationOptions: { includeShadowTree: 'all' },
  });
  const root = host.result.value?.shadowRoot;
  if (host.result.type !== 'node' || !root) return undefined;
  const read = await firefox.bidi<{ result: { value: string } }>('script.callFunction', {
    target, awaitPromise: false, arguments: [{ sharedId: root.sharedId }],
    functionDeclaration: String((shadow: ShadowRoot) => {
      const texts: string[] = [];
      const walker = document.createTreeWalker(shadow, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) if (walker.currentNode.parentElement?.tagName !== 'STYLE') texts.push(walker.currentNode.nodeValue ?? '');
      const links = Array.from(shadow.querySelectorAll('a'), (a) => a.getAttribute('href') ?? '');
      return JSON.stringify({ shadowRootType: shadow.mode, text: texts.join(''), links });
    }),
  });
  return JSON.parse(read.result.value);
}

/** The popup page, opened in a tab of its own (popup-sized), about the tab `tabId`. */
export async function openPopup(firefox: FirefoxWithExtension, tabId: number): Promise<Page> {
  const popup = await openExtensionPage(firefox, `popup.html?tabId=${tabId}`, { width: 380, height: 200 });
  await popup.waitForSelector('#report .status');
  return popup;
}

export async function openOptions(firefox: FirefoxWithExtension, hash = '#history'): Promise<Page> {
  const options = await openExtensionPage(firefox, `options.html${hash}`);
  // Ready once the history summary is filled in (it is hidden on the settings tab).
  await options.waitForFunction(() => document.getElementById('history-summary')?.textContent !== '');
  return options;
}

/** The text of the first element matching `selector` (undefined when there is none). */
export function textOf(page: Page, selector: string): Promise<string | undefined> {
  return page.evaluate((s) => document.querySelector(s)?.textContent ?? undefined, selector);
}

/** Imports `path` on the History page's import control; resolves to the status line once the import has finished (`timeoutMs`: a large file's). */
export async function importHistoryFile(options: Page, path: string, timeoutMs?: number): Promise<string> {
  const input = await options.$('input#import-file');
  if (!input) throw new Error('no #import-file on this page');
  await input.uploadFile(path);
  return eventually(async () => {
    const status = (await textOf(options, '#transfer-status')) ?? '';
    return IMPORT_PENDING.test(status) ? undefined : status;
  }, 'the end of the import', timeoutMs);
}

/** Clicks `button` on `page`; resolves to the path of the download it starts, once Firefox has finished it. */
export async function downloadFrom(firefox: FirefoxWithExtension, page: Page, button: string, extension: string): Promise<string> {
  const earlier = await finishedDownloads(firefox);
  await page.click(button);
  return eventually(async () => (await finishedDownloads(firefox)).find((p) => !earlier.includes(p) && p.endsWith(extension)), `the ${extension} download`);
}

/**
 * The files the browser has finished downloading, as its download list has
 * them (the download manager, in the browser window's scope).
 */
export function finishedDownloads(firefox: FirefoxWithExtension): Promise<string[]> {
  return chromeEval<string[]>(firefox, `(async () => {
    const { Downloads } = ChromeUtils.importESModule('resource://gre/modules/Downloads.sys.mjs');
    const all = await (await Downloads.getList(Downloads.ALL)).getAll();
    return all.filter((d) => d.succeeded).map((d) => d.target.path);
  })()`);
}

/** Saves a screenshot as a test artifact and returns its path. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`) as `${string}.png`;
  // From the top, so sticky headers sit where a user sees them.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, ...options });
  return path;
}
