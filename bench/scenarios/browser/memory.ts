/**
 * The extension's memory as a user's machine carries it: the production
 * build in a new profile, proportional memory (Pss) of its processes —
 * idle after start, after reading the 20 Chinese real pages one tab at a
 * time, and after the service worker has been idle long enough to stop.
 */
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { realPages } from '../../lib/data';
import { extensionProcessPssMB } from '../../lib/proc';
import { round } from '../../lib/stats';
import { BENCH_BUILD } from '../sizes';
import { launch, progress } from './common';
import { serve } from './page-impact';

/** Time after a page's load event for the content script to read it and the worker to store it. */
const READ_MS = 3_000;
/** Chromium stops an extension service worker after 30 s without events. */
const WORKER_IDLE_MS = 45_000;
const SETTLE_MS = 5_000;
/** The welcome tab opens within a second or two of install; a build without one is measured all the same after this. */
const WELCOME_WAIT_MS = 10_000;

async function storedPages(sw: Worker): Promise<number> {
  return sw.evaluate(async () => {
    const [info] = await indexedDB.databases();
    if (!info?.name) return 0;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(info.name as string);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      return await new Promise<number>((resolve, reject) => {
        const count = db.transaction('pages').objectStore('pages').count();
        count.onsuccess = () => resolve(count.result);
        count.onerror = () => reject(count.error);
      });
    } finally {
      db.close();
    }
  });
}

/** `build`: the unpacked extension to measure (the bench's production build by default). */
const isWelcome = (page: Page): boolean => page.url().endsWith('/welcome.html');

/**
 * The welcome page opens once, at install, in the extension's process (~15–20 MB of its Pss):
 * closed first, as the user closes it, so that the readings are the extension at work.
 */
async function closeWelcomePage(context: BrowserContext): Promise<void> {
  const welcome = context.pages().find(isWelcome) ?? (await context.waitForEvent('page', { predicate: isWelcome, timeout: WELCOME_WAIT_MS }).catch(() => undefined));
  await welcome?.close();
}

export async function extensionMemory(profileBase: string, build = BENCH_BUILD) {
  const pages = realPages().filter((p) => p.lang.startsWith('zh'));
  const { server, origin } = await serve(pages);
  const profile = `${profileBase}-memory`;
  const context = await launch(build, profile);
  // The saved pages refer to their sites' images and scripts: only the local server answers.
  await context.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort()));
  try {
    const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
    await closeWelcomePage(context);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const idleMB = extensionProcessPssMB(profile);
    progress(`memory: idle ${idleMB?.toFixed(1)} MB; reading ${pages.length} Chinese pages`);
    for (const page of pages) {
      const tab = await context.newPage();
      await tab.goto(`${origin}/p/${encodeURIComponent(page.id)}.html`, { waitUntil: 'load', timeout: 30_000 });
      progress(`memory: read ${page.id}`);
      await tab.waitForTimeout(READ_MS);
      await tab.close();
    }
    const afterReadingMB = extensionProcessPssMB(profile);
    const stored = await storedPages(context.serviceWorkers()[0] ?? sw);
    progress(`memory: after ${pages.length} pages ${afterReadingMB?.toFixed(1)} MB (${stored} stored); waiting for the worker to stop`);
    await new Promise((r) => setTimeout(r, WORKER_IDLE_MS));
    const afterIdleMB = extensionProcessPssMB(profile);
    return {
      pages: pages.length,
      stored,
      idleMB: idleMB === undefined ? undefined : round(idleMB, 1),
      afterReadingMB: afterReadingMB === undefined ? undefined : round(afterReadingMB, 1),
      afterWorkerIdleMB: afterIdleMB === undefined ? undefined : round(afterIdleMB, 1),
    };
  } finally {
    await context.close();
    server.close();
  }
}
