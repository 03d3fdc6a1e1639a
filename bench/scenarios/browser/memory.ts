/**
 * The extension's memory as a user's machine carries it: the production
 * build in a new profile, proportional memory (Pss) of its processes —
 * idle after start, after reading the 20 Chinese real pages one tab at a
 * time, after as long without pages as Chromium lets a worker idle, and
 * once the worker has stopped.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import { realPages } from '../../lib/data';
import { extensionProcessMemoryMB } from '../../lib/proc';
import { round } from '../../lib/stats';
import { BENCH_BUILD } from '../sizes';
import { launch, progress, TMP } from './common';
import { serve } from './page-impact';

/** Time after a page's load event for the content script to read it and the worker to store it. */
const READ_MS = 3_000;
/**
 * Chromium stops an extension service worker after 30 s without events, but
 * not while a debugger is attached, as Playwright's is: the bench waits this
 * long (the extension's own idle timers run meanwhile), then stops the worker
 * itself as Chromium would have.
 */
const WORKER_IDLE_MS = 45_000;
/** The longest a stopping worker may take to report itself stopped. */
const WORKER_STOP_TIMEOUT_MS = 15_000;
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
        // Pages, one lastVisit index entry each (the groups store holds them in groups).
        const count = db.transaction('groups').objectStore('groups').index('lastVisit').count();
        count.onsuccess = () => resolve(count.result);
        count.onerror = () => reject(count.error);
      });
    } finally {
      db.close();
    }
  });
}

const isWelcome = (page: Page): boolean => page.url().endsWith('/welcome.html');

/**
 * The welcome page opens once, at install, in the extension's process (~15–20 MB of its Pss):
 * closed first, as the user closes it, so that the readings are the extension at work.
 */
async function closeWelcomePage(context: BrowserContext): Promise<void> {
  const welcome = context.pages().find(isWelcome) ?? (await context.waitForEvent('page', { predicate: isWelcome, timeout: WELCOME_WAIT_MS }).catch(() => undefined));
  await welcome?.close();
}

/** Stops the extension's service worker as Chromium stops an idle one (CDP ServiceWorker.stopAllWorkers), once it reports itself stopped. */
async function stopWorker(cdp: CDPSession): Promise<void> {
  let running = true;
  cdp.on('ServiceWorker.workerVersionUpdated', (event: { versions: { runningStatus: string }[] }) => {
    running = event.versions.some((version) => version.runningStatus !== 'stopped');
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  const deadline = Date.now() + WORKER_STOP_TIMEOUT_MS;
  while (running && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (running) throw new Error('the service worker did not stop');
}

/** Pss and its anonymous part (bench/lib/proc.ts), rounded; undefined when the extension has no process. */
function reading(profile: string): { pss: number; anon: number } | undefined {
  const memory = extensionProcessMemoryMB(profile);
  return memory && { pss: round(memory.pss, 1), anon: round(memory.anon, 1) };
}

/**
 * The peer: an extension whose service worker is one line, idle in a new
 * profile of the same browser, measured right after ours. Half of a Pss is
 * Chromium's own files, whose share depends on how many Chromium processes
 * run on the machine at that moment (bench/lib/proc.ts), so the floor is
 * measured in the same run, not quoted.
 */
async function oneLineWorkerMemory(profileBase: string) {
  const extension = join(TMP, 'one-line-worker-ext');
  rmSync(extension, { recursive: true, force: true });
  mkdirSync(extension, { recursive: true });
  writeFileSync(join(extension, 'manifest.json'), JSON.stringify({ manifest_version: 3, name: 'One-line worker (bench peer)', version: '1.0', background: { service_worker: 'sw.js' } }));
  writeFileSync(join(extension, 'sw.js'), 'self.addEventListener("message", () => {});\n');
  const profile = `${profileBase}-peer-memory`;
  const context = await launch(extension, profile);
  try {
    if (context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker', { timeout: 30_000 });
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    return reading(profile);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** `build`: the unpacked extension to measure (the bench's production build by default). */
export async function extensionMemory(profileBase: string, build = BENCH_BUILD) {
  const pages = realPages().filter((p) => p.lang.startsWith('zh'));
  const { server, origin } = await serve(pages);
  const profile = `${profileBase}-memory`;
  const context = await launch(build, profile);
  // The saved pages refer to their sites' images and scripts: only the local server answers.
  await context.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort()));
  let measured;
  try {
    const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
    await closeWelcomePage(context);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const idle = reading(profile);
    // As after a browser restart: the worker alone in a new process, without the welcome page's leftovers.
    const control = await context.newPage();
    const cdp = await context.newCDPSession(control);
    await stopWorker(cdp);
    await cdp.send('ServiceWorker.startWorker', { scopeURL: new URL('/', sw.url()).href });
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const idleRestarted = reading(profile);
    await control.close();
    progress(`memory: idle ${idle?.pss} MB, after a restart of the worker ${idleRestarted?.pss} MB; reading ${pages.length} Chinese pages`);
    for (const page of pages) {
      const tab = await context.newPage();
      await tab.goto(`${origin}/p/${encodeURIComponent(page.id)}.html`, { waitUntil: 'load', timeout: 30_000 });
      progress(`memory: read ${page.id}`);
      await tab.waitForTimeout(READ_MS);
      await tab.close();
    }
    const afterReading = reading(profile);
    const stored = await storedPages(context.serviceWorkers().at(-1) ?? sw);
    progress(`memory: after ${pages.length} pages ${afterReading?.pss} MB (${stored} stored); ${WORKER_IDLE_MS / 1000} s without pages`);
    await new Promise((r) => setTimeout(r, WORKER_IDLE_MS));
    const afterIdle = reading(profile);
    // A tab of its own for the CDP session: not an extension page, so not in the process measured.
    const tab = await context.newPage();
    await stopWorker(await context.newCDPSession(tab));
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const afterWorkerStop = reading(profile);
    await tab.close();
    progress(`memory: 45 s without pages ${afterIdle?.pss} MB; worker stopped ${afterWorkerStop?.pss ?? 'process gone'}`);
    measured = {
      pages: pages.length,
      stored,
      idleMB: idle?.pss,
      idleAnonMB: idle?.anon,
      idleRestartedMB: idleRestarted?.pss,
      idleRestartedAnonMB: idleRestarted?.anon,
      afterReadingMB: afterReading?.pss,
      afterReadingAnonMB: afterReading?.anon,
      afterIdleMB: afterIdle?.pss,
      afterIdleAnonMB: afterIdle?.anon,
      afterWorkerStopMB: afterWorkerStop?.pss,
    };
  } finally {
    await context.close();
    server.close();
  }
  // With this browser closed, as it was alone at the idle reading.
  const peer = await oneLineWorkerMemory(profileBase);
  progress(`memory: an extension with a one-line worker, idle: ${peer?.pss} MB`);
  return { ...measured, peerIdleMB: peer?.pss, peerIdleAnonMB: peer?.anon };
}
