/**
 * Time to verdict as the user sees it: from a page's load event to the badge
 * of its tab being set, in Chromium with the bench copy of the extension, on
 * real practice pages (Latin and Chinese) served from 127.0.0.1. Two browsers
 * side by side, each page visited in both in turn (order rotating): one whose
 * history holds `historyPages` pages (the extension's own database, filled
 * with the bench's bulk write path), the peer with an empty history. Warm:
 * the worker is running; cold: it was stopped (CDP) just before the page
 * was opened, so the page's load event starts it.
 *
 * The times come from bench/browser/verdict-probe.ts, loaded in the worker
 * before background.js: marks in epoch milliseconds (timeOrigin + now) for
 * the worker's start, webNavigation.onCompleted, the content script's
 * injection, each message of the check, the offscreen read and
 * setBadgeText's answer; the page gives its load event from navigation
 * timing on the same clock.
 */
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import { DB_NAME } from '../../../src/store';
import type { ProbeMark } from '../../browser/verdict-probe';
import { realPages, type RealPage } from '../../lib/data';
import { round, roundSummary, summarize } from '../../lib/stats';
import { callSw, corpusForStore, EXT, FILL_BATCH, launch, progress, serviceWorker, settledDiskSize } from './common';
import { serve } from './page-impact';

/** Profile suffixes of the two browsers (removed after the run). */
export const VERDICT_PROFILES = ['-verdict', '-verdict-empty'];

/** Longest wait for a badge after the load event: a check that takes longer is a failure of the run, not a sample. */
const BADGE_TIMEOUT_MS = 20_000;

type Script = 'latin' | 'chinese';
type Mode = 'warm' | 'cold';

interface Sample {
  page: string;
  script: Script;
  mode: Mode;
  history: 'full' | 'empty';
  /** Navigation start → the page's load event ended. */
  loadMs: number;
  /** The page's load event ended → setBadgeText answered. */
  verdictMs: number;
  /** Each step's mark, ms after the load event (its first mark after the step before it; absent when the step did not happen). */
  steps: Record<string, number>;
}

/** The steps of a check in the order they happen, as the probe names them. */
const STEPS = ['worker-start', 'load-completed', 'inject-call', 'inject-done', 'message:read-html', 'offscreen-read-call', 'offscreen-received', 'offscreen-parsed', 'offscreen-replied', 'offscreen-read-done', 'message:visit',
  'idb-read-start', 'badge-call', 'badge-done', 'idb-write-start', 'idb-write-done'] as const;
/** Asked by the content script as soon as it runs, while it waits for an idle moment: off the chain of steps, so before or after `inject-done`. */
const ASIDE = 'message:should-check';
type Step = (typeof STEPS)[number] | typeof ASIDE;

/** The breakdown's segments: from one step to the next (each a difference of medians would not add up, so each is a median of differences). */
const SEGMENTS: [string, Step | 'load', Step][] = [
  ['(cold only) the worker script started, after the load event (negative: the navigation\'s earlier events woke it)', 'load', 'worker-start'],
  ['load event → webNavigation.onCompleted in the worker', 'load', 'load-completed'],
  ['→ executeScript called (ping of the tab first)', 'load-completed', 'inject-call'],
  ['→ content script injected', 'inject-call', 'inject-done'],
  ['→ read-html received (script start, idle wait, DOM serialised, sent)', 'inject-done', 'message:read-html'],
  ['  meanwhile: should-check received (negative: before the injection was answered)', 'inject-done', ASIDE],
  ['→ offscreen document asked', 'message:read-html', 'offscreen-read-call'],
  ['→ offscreen document answered (parse + extract)', 'offscreen-read-call', 'offscreen-read-done'],
  // The same step split by the offscreen document's own marks (bench/browser/offscreen-probe.ts).
  ['  of which: the HTML reached the document', 'offscreen-read-call', 'offscreen-received'],
  ['  of which: DOMParser', 'offscreen-received', 'offscreen-parsed'],
  ['  of which: extraction (Readability, metadata)', 'offscreen-parsed', 'offscreen-replied'],
  ['  of which: the answer reached the worker', 'offscreen-replied', 'offscreen-read-done'],
  ['→ visit received (reading back to the page, sent on)', 'offscreen-read-done', 'message:visit'],
  ["→ the check's first read of the history (settings, signing)", 'message:visit', 'idb-read-start'],
  ['→ setBadgeText called (look up: the address, queryMany, judging)', 'idb-read-start', 'badge-call'],
  ['→ setBadgeText answered', 'badge-call', 'badge-done'],
  // The visit is written after the badge (decisions/0031); marks seen by then, when it was quick.
  ["(after the badge) → the visit's write started", 'badge-done', 'idb-write-start'],
  ["→ the visit's write committed", 'idb-write-start', 'idb-write-done'],
];

interface Browser {
  history: 'full' | 'empty';
  context: BrowserContext;
  tab: Page;
  cdp: CDPSession;
  running: boolean;
}

const isLatin = (p: RealPage) => !p.lang.startsWith('zh') && p.lang !== 'ja' && p.lang !== 'und';
const isChinese = (p: RealPage) => p.lang.startsWith('zh');

/** `count` pages spread evenly over `pages`. */
function spread<T>(pages: T[], count: number): T[] {
  if (pages.length <= count) return pages;
  return Array.from({ length: count }, (_, i) => pages[Math.floor((i * pages.length) / count)] as T);
}

function worker(context: BrowserContext): Worker {
  const found = context.serviceWorkers().find((w) => w.url().endsWith('/bench-sw.js'));
  if (!found) throw new Error('no service worker');
  return found;
}

async function waitFor(ready: () => boolean, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function open(history: Browser['history'], profile: string, origin: string): Promise<Browser> {
  const context = await launch(EXT, profile);
  await serviceWorker(context);
  // Nothing leaves the machine: a page waiting on an unreachable server would only delay its load.
  await context.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort()));
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  const browser: Browser = { history, context, tab, cdp, running: true };
  await cdp.send('ServiceWorker.enable');
  cdp.on('ServiceWorker.workerVersionUpdated', (e: { versions: { runningStatus: string; scriptURL: string }[] }) => {
    for (const v of e.versions) if (v.scriptURL.endsWith('/bench-sw.js')) browser.running = v.runningStatus === 'running';
  });
  return browser;
}

async function stopWorker(b: Browser): Promise<void> {
  await b.cdp.send('ServiceWorker.stopAllWorkers');
  await waitFor(() => !b.running, 'the worker to stop');
}

/** Opens `url` in the browser's tab and waits for its badge; with `cold`, the worker is stopped first. */
async function visit(b: Browser, url: string, cold: boolean): Promise<Omit<Sample, 'page' | 'script'>> {
  if (cold) await stopWorker(b);
  await b.tab.goto(url, { waitUntil: 'load', timeout: 30_000 });
  await b.tab.waitForFunction(() => ((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd ?? 0) > 0);
  const nav = await b.tab.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { origin: performance.timeOrigin, start: n.startTime, loadEnd: n.loadEventEnd };
  });
  const since = nav.origin + nav.start;
  const loadAt = nav.origin + nav.loadEnd;
  // A stopped worker answers no evaluate: wait until the page's load has started it again.
  await waitFor(() => b.running, 'the worker to start');
  const marks = await worker(b.context).evaluate(([s, t]) => (globalThis as never as { __dejaLuVerdictProbe: { marksUntilBadge(s: number, t: number): Promise<ProbeMark[]> } }).__dejaLuVerdictProbe.marksUntilBadge(s, t), [since, BADGE_TIMEOUT_MS] as const);
  // Each step's first mark after the step before it (the worker also reads and writes the history at other times).
  const steps: Record<string, number> = {};
  let after = since;
  for (const step of STEPS) {
    const m = marks.find((x) => x.what === step && x.at >= after);
    if (!m) continue;
    steps[step] = round(m.at - loadAt, 1);
    after = m.at;
  }
  const injecting = marks.find((x) => x.what === 'inject-call' && x.at >= since);
  const asked = injecting && marks.find((x) => x.what === ASIDE && x.at >= injecting.at);
  if (asked) steps[ASIDE] = round(asked.at - loadAt, 1);
  if (steps['badge-done'] === undefined) throw new Error(`no badge within ${BADGE_TIMEOUT_MS} ms of ${url}'s load (marks: ${marks.map((m) => m.what).join(', ')})`);
  return { mode: cold ? 'cold' : 'warm', history: b.history, loadMs: round(nav.loadEnd - nav.start, 1), verdictMs: steps['badge-done'], steps };
}

/** Fills the extension's own history with `pages` synthetic pages, lets LevelDB settle, and stops the worker so that the background opens it afresh. */
async function fill(b: Browser, pages: number, profile: string): Promise<{ seconds: number; settledBytes: number }> {
  const sw = worker(b.context);
  await callSw(sw, 'setup', corpusForStore(), DB_NAME, false);
  const filled = await callSw<{ seconds: number }>(sw, 'fillTo', pages, FILL_BATCH, false);
  progress(`verdict: stored ${pages} pages in the extension's history (${round(filled.seconds, 1)} s)`);
  const extensionId = new URL(sw.url()).host;
  const settledBytes = await settledDiskSize(sw, join(profile, 'Default/IndexedDB', `chrome-extension_${extensionId}_0.indexeddb.leveldb`));
  await callSw(sw, 'closeHistory');
  await stopWorker(b);
  return { seconds: filled.seconds, settledBytes };
}

const summary = (values: number[]) => roundSummary(summarize(values.filter(Number.isFinite)), 1);

/** Medians and tails per script, mode and history, the ratios to the empty history, and the breakdown of the full history's checks. */
function report(samples: Sample[]) {
  const groups = (['latin', 'chinese'] as const).flatMap((script) => (['warm', 'cold'] as const).map((mode) => {
    const of = (history: Sample['history']) => samples.filter((s) => s.script === script && s.mode === mode && s.history === history);
    const full = of('full');
    const empty = of('empty');
    const fullMs = summary(full.map((s) => s.verdictMs));
    const emptyMs = summary(empty.map((s) => s.verdictMs));
    const breakdown = Object.fromEntries(SEGMENTS.map(([name, from, to]) => [name, summary(full.map((s) => (to in s.steps ? s.steps[to]! - (from === 'load' ? 0 : s.steps[from] ?? NaN) : NaN)))]));
    return {
      script, mode,
      full: fullMs, empty: emptyMs,
      ratio: { median: round(fullMs.median / emptyMs.median, 2), p95: round(fullMs.p95 / emptyMs.p95, 2) },
      pageLoad: summary(full.map((s) => s.loadMs)),
      breakdown,
    };
  }));
  return groups;
}

export async function verdictLatency(options: { quick: boolean; million: boolean }, profileBase: string) {
  const historyPages = Number(process.env.BENCH_VERDICT_PAGES ?? (options.million ? 1_000_000 : options.quick ? 10_000 : 100_000));
  const perScript = options.quick ? 5 : 20;
  const warmRounds = options.quick ? 1 : 3;
  const coldRounds = options.quick ? 1 : 2;
  const all = realPages();
  const latin = spread(all.filter(isLatin), perScript);
  const chinese = spread(all.filter(isChinese), perScript);
  // Latin and Chinese alternate, so that both meet the same moments of the machine's load.
  const pages = latin.flatMap((p, i) => [p, chinese[i]].filter((x): x is RealPage => x !== undefined));
  const scriptOf = new Map<string, Script>([...latin.map((p) => [p.id, 'latin'] as const), ...chinese.map((p) => [p.id, 'chinese'] as const)]);
  const { server, origin } = await serve(pages);
  const browsers: Browser[] = [];
  try {
    const full = await open('full', `${profileBase}${VERDICT_PROFILES[0]}`, origin);
    browsers.push(full);
    const filled = await fill(full, historyPages, `${profileBase}${VERDICT_PROFILES[0]}`);
    browsers.push(await open('empty', `${profileBase}${VERDICT_PROFILES[1]}`, origin));
    // Every visit has an address of its own: a later round's page is a repost of an earlier round's.
    let visitNumber = 0;
    const url = (p: RealPage) => `${origin}/p/${encodeURIComponent(p.id)}.html?visit=${++visitNumber}`;
    // Unmeasured: the first Latin and Chinese pages of a worker's life load the engine (and segmentit's dictionary).
    for (const b of browsers) for (const p of [latin[0]!, chinese[0]!]) await visit(b, url(p), false);
    const samples: Sample[] = [];
    const rounds: Mode[] = [...Array<Mode>(warmRounds).fill('warm'), ...Array<Mode>(coldRounds).fill('cold')];
    for (const [r, mode] of rounds.entries()) {
      for (const [k, p] of pages.entries()) {
        for (let j = 0; j < browsers.length; j++) {
          const b = browsers[(k + r + j) % browsers.length]!;
          samples.push({ page: p.id, script: scriptOf.get(p.id)!, ...(await visit(b, url(p), mode === 'cold')) });
        }
      }
      progress(`verdict: round ${r + 1}/${rounds.length} (${mode}) done`);
    }
    return {
      historyPages,
      fillSeconds: round(filled.seconds, 1),
      settledMB: round(filled.settledBytes / 1e6, 0),
      pages: { latin: latin.length, chinese: chinese.length },
      rounds: { warm: warmRounds, cold: coldRounds },
      groups: report(samples),
      // Each visit without its steps (the breakdown summarises them) unless BENCH_VERDICT_STEPS asks for them, for later analysis.
      samples: process.env.BENCH_VERDICT_STEPS ? samples : samples.map(({ steps: _steps, ...sample }) => sample),
      method: `${latin.length} Latin and ${chinese.length} Chinese real pages of shared/data/pages served from 127.0.0.1 (every other request aborted), each opened in the same tab ` +
        `${warmRounds} times with the worker running (warm) and ${coldRounds} times right after the worker was stopped with CDP ServiceWorker.stopAllWorkers (cold), ` +
        `each time at a new address (the first round's pages are new, later rounds' are reposts of them). Two browsers side by side, each page opened in both in turn: ` +
        `one whose history holds ${historyPages.toLocaleString('en-US')} pages (the extension's own database filled with the bench's bulk write path, then left to settle), the peer with an empty history. ` +
        `Time to verdict: the page's load event ended (navigation timing) → chrome.action.setBadgeText answered in the worker (bench/browser/verdict-probe.ts, loaded before background.js in the bench copy), ` +
        `both as performance.timeOrigin + now() in their processes. Before measuring, one Latin and one Chinese page per browser (the engine and segmentit's dictionary loaded). ` +
        `Playwright attaches to the worker when it starts (it pauses a starting worker until its debugger is set up), which cold times include.`,
    };
  } finally {
    server.close();
    for (const b of browsers) await b.context.close();
  }
}
