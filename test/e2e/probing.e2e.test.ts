import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SWAPPED_CHECKS_PER_SITE } from '../../src/messaging';
import { seededRandom } from '../../bench/lib/seeded-random';
import { launchWithExtension, openPage, type ExtensionBrowser } from './support/browser';
import { storedPages, waitForReport } from './support/extension';
import { ROUTE_DEBOUNCE_MS } from '../../entrypoints/content/route-gate';
import { startFixtureServer, type FixtureServer } from './support/server';

/**
 * Issue 17 item 2 (docs/privacy.md, "Probing by swapped content"): a page
 * that swaps candidate articles into its DOM and pushes a new address for
 * each, watching for the notice, learns the status of at most
 * MAX_SWAPPED_CHECKS_PER_SITE of them and adds at most that many pages to
 * the history. The article the user read comes once among the first swaps
 * and once after them: only the first time can the page see a notice. Past
 * the limit the content script holds the next check until the minute is
 * over (route-gate.ts), and the background would refuse it before then
 * (route-limiter.ts): no report, no notice, no page.
 */
let server: FixtureServer;
let browser: ExtensionBrowser;

/** Candidate articles the probe cycles through: enough to pass the limit several times over. */
const CANDIDATES = 12;
/** Where the article the user read is swapped in: once within the limit, once past it. */
const READ_AT = [1, 7];
/** How long a swap past the limit is watched: twice what an in-app address waits before its check. */
const WATCH_MS = 2 * ROUTE_DEBOUNCE_MS;

/** The probe: its own first load is a real navigation; everything after it is swapped in by script. */
const PROBE_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Quiz</title></head>
<body><main id="view"><h1>Quiz</h1><p>Loading questions.</p></main>
<script>
window.swapIn = function (i, html) {
  history.pushState({}, '', '/probe/' + i);
  document.getElementById('view').innerHTML = html;
};
</script></body></html>`;

/** A made-up article of about 180 words that no other candidate shares. */
function madeUpArticle(seed: number): string {
  const random = seededRandom(seed);
  const syllables = ['ka', 'lo', 'mi', 'ren', 'tu', 'sa', 'vel', 'do', 'ni', 'por', 'qua', 'zen', 'bri', 'hol', 'fen'];
  const word = () => Array.from({ length: 2 + Math.floor(random() * 2) }, () => syllables[Math.floor(random() * syllables.length)]).join('');
  const paragraph = () => `<p>${Array.from({ length: 60 }, word).join(' ')}.</p>`;
  return `<article><h1>${word()} ${word()}</h1>${paragraph()}${paragraph()}${paragraph()}</article>`;
}

/** The body of the article the user read, as the probe would copy it. */
function readArticle(): string {
  const html = readFileSync(join(import.meta.dirname, 'fixtures', 'en-original.html'), 'utf8');
  return (html.match(/<article>[\s\S]*<\/article>/) as RegExpMatchArray)[0];
}

beforeAll(async () => {
  server = await startFixtureServer({ routes: { '/probe/': () => ({ contentType: 'text/html; charset=utf-8', body: PROBE_PAGE }) } });
  browser = await launchWithExtension('en');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a page probing what the user read', () => {
  it(`learns the status of at most ${MAX_SWAPPED_CHECKS_PER_SITE} swapped-in articles and adds no more pages than that`, async () => {
    const { context, worker } = browser;
    const originalUrl = server.siteA('/news/en-original.html');
    let since = Date.now();
    const original = await openPage(context, originalUrl);
    expect((await waitForReport(worker, originalUrl, since)).report.status).toBe('new');

    since = Date.now();
    const probe = await openPage(context, server.siteB('/probe/'));
    await waitForReport(worker, server.siteB('/probe/'), since);

    const limit = MAX_SWAPPED_CHECKS_PER_SITE;
    const reports = (): Promise<Record<string, { url: string }>> => worker.evaluate(() => (globalThis as unknown as { chrome: { storage: { session: { get(k: null): Promise<Record<string, { url: string }>> } } } }).chrome.storage.session.get(null));
    const started = Date.now();
    const statuses: string[] = [];
    const noticeSeen: boolean[] = [];
    for (let i = 0; i < CANDIDATES; i++) {
      since = Date.now();
      await probe.evaluate(([n, html]) => (window as unknown as { swapIn(n: number, html: string): void }).swapIn(n, html), [i, READ_AT.includes(i) ? readArticle() : madeUpArticle(i)] as const);
      if (i < limit) statuses.push((await waitForReport(worker, server.siteB(`/probe/${i}`), since)).report.status);
      else await new Promise((resolve) => setTimeout(resolve, WATCH_MS));
      // All the probe can see: whether a notice element is in its document.
      noticeSeen.push(await probe.evaluate(() => document.querySelector('deja-lu-notice') !== null));
    }
    // The limit is per minute: a run slower than that would test nothing.
    expect(Date.now() - started).toBeLessThan(60_000);

    expect(statuses).toEqual(['new', 'repost', 'new']);
    // No report names a swap past the limit: the popup has nothing to tell about them either.
    const named = Object.values(await reports()).map((report) => report.url).filter((url) => /\/probe\/\d+$/.test(url));
    expect(named.every((url) => Number(url.split('/').pop()) < limit)).toBe(true);
    // The read article past the limit shows nothing, as every other candidate does.
    expect(noticeSeen.map((seen, i) => (seen ? i : -1)).filter((i) => i >= 0)).toEqual([1]);
    const probed = (await storedPages(worker)).map((page) => page.url).filter((url) => /\/probe\/\d+$/.test(url));
    expect(probed.sort()).toEqual([0, 1, 2].map((i) => server.siteB(`/probe/${i}`)));
    await Promise.all([original.close(), probe.close()]);
  });
});
