/**
 * Bench-only timestamps in the bench copy's service worker, loaded before
 * background.js (bench/scenarios/browser/index.ts), for the time-to-verdict
 * scenario: when the worker started, when a tab's page finished loading
 * (webNavigation), when the content script was injected, when each message
 * of the page check came in, when the offscreen document was asked to read,
 * when the check first read the history and when it wrote the visit
 * (IndexedDB transactions on the extension's database), and when the badge
 * was set. It wraps the extension APIs the background
 * calls before the background (and its webextension-polyfill) first touches
 * them; the production build is untouched. Every time is in epoch
 * milliseconds (performance.timeOrigin + performance.now()), so it compares
 * with the page's navigation timing in another process.
 */
import { DB_NAME } from '../../src/store/schema';
import { OFFSCREEN_PROBE_CHANNEL, messageType, now, type OffscreenMark } from './offscreen-probe-channel';

export interface ProbeMark {
  what: string;
  at: number;
  tabId?: number;
}

type Method = (...args: unknown[]) => unknown;
type Api = Record<string, unknown>;
interface ChromeApis {
  action: Api;
  scripting: Api;
  runtime: Api & { onMessage: { addListener(listener: (message: unknown, sender: { tab?: { id?: number } }) => undefined): void } };
  webNavigation: { onCompleted: { addListener(listener: (details: { tabId: number; frameId: number }) => void): void } };
}

const marks: ProbeMark[] = [];
/** Called with each new mark: the scenario's wait for a badge (no polling in the worker it measures). */
const watchers = new Set<(m: ProbeMark) => void>();
const mark = (what: string, tabId?: number, at = now()): void => {
  const m: ProbeMark = { what, at, ...(tabId === undefined ? {} : { tabId }) };
  marks.push(m);
  for (const watcher of watchers) watcher(m);
};

/**
 * Replaces `api[name]` by a function that marks `label-call` when called and
 * `label-done` when the browser has answered (callback or promise, whichever
 * the caller used). `label` returns undefined for calls not worth a mark.
 */
function timed(api: Api, name: string, label: (args: unknown[]) => { label: string; tabId?: number } | undefined): void {
  const original = api[name] as Method;
  api[name] = (...args: unknown[]): unknown => {
    const what = label(args);
    if (!what) return original.apply(api, args);
    mark(`${what.label}-call`, what.tabId);
    const done = () => mark(`${what.label}-done`, what.tabId);
    const callback = args.findIndex((a) => typeof a === 'function');
    if (callback >= 0) {
      const answer = args[callback] as Method;
      args[callback] = (...results: unknown[]) => {
        done();
        return answer(...results);
      };
      return original.apply(api, args);
    }
    const result = original.apply(api, args);
    void Promise.resolve(result).then(done, done);
    return result;
  };
}

const chromeApis = (globalThis as unknown as { chrome: ChromeApis }).chrome;
const tabOf = (args: unknown[]): number | undefined => (args[0] as { tabId?: number; target?: { tabId?: number } } | undefined)?.tabId ?? (args[0] as { target?: { tabId?: number } } | undefined)?.target?.tabId;

mark('worker-start');
chromeApis.webNavigation.onCompleted.addListener(({ tabId, frameId }) => {
  if (frameId === 0) mark('load-completed', tabId);
});
chromeApis.runtime.onMessage.addListener((message, sender) => {
  const type = messageType(message);
  if (type) mark(`message:${type}`, sender.tab?.id);
  return undefined;
});
// The offscreen document's own marks (bench/browser/offscreen-probe.ts), at its clock's times.
new BroadcastChannel(OFFSCREEN_PROBE_CHANNEL).onmessage = ({ data }: MessageEvent<OffscreenMark>) => mark(data.what, undefined, data.at);
timed(chromeApis.scripting, 'executeScript', (args) => ({ label: 'inject', ...optionalTab(tabOf(args)) }));
timed(chromeApis.runtime, 'sendMessage', (args) => (messageType(args[0]) === 'offscreen-read' ? { label: 'offscreen-read' } : undefined));
timed(chromeApis.action, 'setBadgeText', (args) => ({ label: 'badge', ...optionalTab(tabOf(args)) }));

/** Transactions on the extension's history: `idb-read-start`, `idb-write-start` and `idb-write-done` (when it commits). */
const openTransaction = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>): IDBTransaction {
  const tx = openTransaction.apply(this, args);
  if (this.name === DB_NAME) {
    const label = tx.mode === 'readonly' ? 'idb-read' : 'idb-write';
    mark(`${label}-start`);
    tx.addEventListener('complete', () => mark(`${label}-done`));
  }
  return tx;
};

function optionalTab(tabId: number | undefined): { tabId?: number } {
  return tabId === undefined ? {} : { tabId };
}

const isBadgeSince = (since: number) => (m: ProbeMark): boolean => m.what === 'badge-done' && m.at >= since;

/** Every mark since `since` (epoch ms), once a badge was set after it (or `timeoutMs` passed). */
async function marksUntilBadge(since: number, timeoutMs: number): Promise<ProbeMark[]> {
  const badgeSet = isBadgeSince(since);
  if (!marks.some(badgeSet)) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(finish, timeoutMs);
      function finish(): void {
        clearTimeout(timer);
        watchers.delete(watcher);
        resolve();
      }
      const watcher = (m: ProbeMark) => {
        if (badgeSet(m)) finish();
      };
      watchers.add(watcher);
    });
  }
  return marks.filter((m) => m.at >= since);
}

(globalThis as unknown as { __dejaLuVerdictProbe: unknown }).__dejaLuVerdictProbe = { marksUntilBadge };
