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
  /** Closes the browser and deletes its profile, unless `keepProfile` (to launch it again on the same profile). */
  close(options?: { keepProfile?: boolean }): Promise<void>;
}

export interface LaunchOptions {
  /** A profile a previous launch kept; a new one by default. */
  profileDir?: string;
  /**
   * Start the browser without the extension, to install it later over the
   * DevTools protocol (installExtension): `worker` and `extensionId` are
   * those of the first installation, made by `install` (undefined until then).
   */
  installLater?: boolean;
}

/**
 * Debian's Chromium, headless, with only the built extension loaded, in a new
 * profile. `extraArgs` go to Chromium as well (e.g. a proxy that logs traffic).
 */
export async function launchWithExtension(locale: UiLocale = 'en', extraArgs: readonly string[] = [], options: LaunchOptions = {}): Promise<ExtensionBrowser> {
  const profileDir = options.profileDir ?? (await newProfileDir());
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
      ...(options.installLater
        // Extensions.loadUnpacked is refused without it.
        ? ['--enable-unsafe-extension-debugging']
        : [`--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`]),
      ...extraArgs,
    ],
    ...(options.installLater ? { ignoreDefaultArgs: ['--disable-extensions'] } : {}),
  });
  const worker = options.installLater ? undefined : (context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker')));
  if (worker) await backgroundListening(worker);
  return {
    context,
    worker: worker as Worker,
    extensionId: worker ? new URL(worker.url()).host : '',
    profileDir,
    close: async ({ keepProfile = false } = {}) => {
      await context.close();
      if (!keepProfile) await rm(profileDir, { recursive: true, force: true });
    },
  };
}

/**
 * Installs the built extension into a running browser (launched with
 * `installLater`) as a user would, with tabs already open; when it is
 * installed already, updates it: a new service worker, storage.session
 * emptied, the old content scripts cut off. Resolves to the new worker once
 * it listens for loaded pages.
 */
export async function installExtension(context: BrowserContext): Promise<Worker> {
  const started = context.waitForEvent('serviceworker');
  const cdp = await context.browser()!.newBrowserCDPSession();
  try {
    // Not in playwright-core's protocol types yet.
    await (cdp.send as (method: string, params: object) => Promise<unknown>)('Extensions.loadUnpacked', { path: EXTENSION_DIR });
  } finally {
    await cdp.detach();
  }
  const worker = await started;
  await backgroundListening(worker);
  return worker;
}

/** An empty profile directory (for launchWithExtension's `profileDir`). */
export async function newProfileDir(): Promise<string> {
  await mkdir(TMP, { recursive: true });
  return mkdtemp(join(TMP, 'profile-'));
}

/**
 * Waits until the background listens for loaded pages. The browser drops a
 * navigation event that comes before the service worker, started by the
 * install, has registered its listeners: a page opened that early is read
 * only as a tab open at install (src/background/open-tabs.ts), which tests
 * that count visits must not depend on.
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
