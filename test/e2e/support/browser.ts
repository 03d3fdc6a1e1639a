import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';

export const ROOT = resolve(import.meta.dirname, '..', '..', '..');
export const EXTENSION_DIR = join(ROOT, '.output', 'chrome-mv3');
/** Profiles and temp files stay inside the (git-ignored) .tmp of the repo. */
const TMP = join(ROOT, '.tmp', 'e2e');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export type UiLocale = 'en' | 'zh-CN';

export interface ExtensionBrowser {
  context: BrowserContext;
  /** The extension's service worker (the same handle keeps working after a restart). */
  worker: Worker;
  extensionId: string;
  profileDir: string;
  close(): Promise<void>;
}

/**
 * Debian's Chromium, headless, with only the built extension loaded, in a new
 * profile. `extraArgs` go to Chromium as well (e.g. a proxy that logs traffic).
 */
export async function launchWithExtension(locale: UiLocale = 'en', extraArgs: readonly string[] = []): Promise<ExtensionBrowser> {
  await mkdir(TMP, { recursive: true });
  const profileDir = await mkdtemp(join(TMP, 'profile-'));
  const language = locale === 'zh-CN' ? 'zh_CN' : 'en_US';
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    locale,
    viewport: { width: 1280, height: 800 },
    // The notice fades in; without motion, screenshots show it as users finally see it.
    reducedMotion: 'reduce',
    env: { ...process.env, TMPDIR: TMP, LANGUAGE: language, LANG: `${language}.UTF-8` },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--lang=${locale}`,
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      ...extraArgs,
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await backgroundListening(worker);
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    worker,
    extensionId,
    profileDir,
    close: async () => {
      await context.close();
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the background listens for loaded pages. The browser drops a
 * navigation event that comes before the service worker, started by the
 * install, has registered its listeners: a page opened that early is never
 * read (as a tab opened before the install).
 */
async function backgroundListening(worker: Worker): Promise<void> {
  const listening = () =>
    worker.evaluate(() => (globalThis as unknown as { chrome: { webNavigation: { onCompleted: { hasListeners(): boolean } } } }).chrome.webNavigation.onCompleted.hasListeners());
  const deadline = Date.now() + 10_000;
  while (!(await listening())) {
    if (Date.now() > deadline) throw new Error('the background never started listening for loaded pages');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Opens `url` in a new tab and waits for it to load. */
export async function openPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  return page;
}
