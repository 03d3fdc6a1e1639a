import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../../../bench/lib/seeded-random';
import { ROUTE_DEBOUNCE_MS } from '../../../entrypoints/content/route-gate';
import { MAX_SWAPPED_CHECKS_PER_SITE } from '../../../src/messaging';

/**
 * The probing attack of issue 17 item 2 (docs/privacy.md), shared by the
 * Chromium and Firefox tests: `fixtures/probe.html` swaps candidate articles
 * in by script, the article the user read among them, and watches for the
 * notice.
 */

/** Candidate articles the probe cycles through: enough to pass the limit several times over. */
export const CANDIDATES = 12;
/** Where the article the user read is swapped in: once within the limit, once past it. */
export const READ_AT: readonly number[] = [1, 7];
/** How long a swap past the limit is watched: twice what an in-app address waits before its check. */
export const WATCH_MS = 2 * ROUTE_DEBOUNCE_MS;
/** The limit is per minute: a probe slower than that would test nothing. */
export const PROBE_WITHIN_MS = 60_000;

/** A made-up article of about 180 words that no other candidate shares. */
export function madeUpArticle(seed: number): string {
  const random = seededRandom(seed);
  const syllables = ['ka', 'lo', 'mi', 'ren', 'tu', 'sa', 'vel', 'do', 'ni', 'por', 'qua', 'zen', 'bri', 'hol', 'fen'];
  const word = () => Array.from({ length: 2 + Math.floor(random() * 2) }, () => syllables[Math.floor(random() * syllables.length)]).join('');
  const paragraph = () => `<p>${Array.from({ length: 60 }, word).join(' ')}.</p>`;
  return `<article><h1>${word()} ${word()}</h1>${paragraph()}${paragraph()}${paragraph()}</article>`;
}

/** The `<article>` of a fixture, as the probe would copy it. */
export function articleOf(fixture: string): string {
  const html = readFileSync(join(import.meta.dirname, '..', 'fixtures', fixture), 'utf8');
  return (html.match(/<article>[\s\S]*<\/article>/) as RegExpMatchArray)[0];
}

/** What candidate `i` is: the read article at READ_AT, a made-up one elsewhere. */
export function candidate(i: number, readFixture: string): string {
  return READ_AT.includes(i) ? articleOf(readFixture) : madeUpArticle(i);
}

/** The swapped-in addresses among `urls`, by their index. */
export function probeIndexes(urls: readonly string[]): number[] {
  return urls.filter((url) => /\/probe\/\d+$/.test(url)).map((url) => Number(url.split('/').pop())).sort((a, b) => a - b);
}

/** What a browser's test gives the probe: the page's own doings and the extension's report. */
export interface ProbeDriver {
  /** Runs `swapIn(i, html)` in the probe page. */
  swap(i: number, html: string): Promise<void>;
  /** Waits for the extension's report on the swapped-in address `/probe/<i>`, made after `since`. */
  reportStatus(i: number, since: number): Promise<string>;
  /** All the probe can see: whether a notice element is in its document. */
  noticeShown(): Promise<boolean>;
}

/**
 * Swaps the CANDIDATES in, the read article among them: waits for the report
 * of each swap within the limit, and watches each one past it for WATCH_MS.
 * The statuses of the first swaps, the swaps after which a notice was in the
 * page, and the time it all took.
 */
export async function runProbe(driver: ProbeDriver, readFixture: string): Promise<{ statuses: string[]; noticeSeen: number[]; ms: number }> {
  const started = Date.now();
  const statuses: string[] = [];
  const noticeSeen: number[] = [];
  for (let i = 0; i < CANDIDATES; i++) {
    const since = Date.now();
    await driver.swap(i, candidate(i, readFixture));
    if (i < MAX_SWAPPED_CHECKS_PER_SITE) statuses.push(await driver.reportStatus(i, since));
    else await new Promise((resolve) => setTimeout(resolve, WATCH_MS));
    if (await driver.noticeShown()) noticeSeen.push(i);
  }
  return { statuses, noticeSeen, ms: Date.now() - started };
}
