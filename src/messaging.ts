import { browser } from 'wxt/browser';
import type { PageSource } from './store/page';

/**
 * The one message protocol between the extension's contexts. Every request is
 * a member of `Request`; `ResponseOf<T>` is what the receiver answers. Replies
 * travel in an envelope so that errors reach the caller as errors instead of
 * `undefined`.
 *
 *   content script → background: `should-check`, `read-html`, `visit`, `skip`, `open-settings`
 *   popup          → background: `get-tab-status`, `check-tab`
 *   options page   → background: `history-cleared`
 *   background     → content script (tabs.sendMessage): `extract`, `ping`
 *   background     → offscreen document (Chromium): `offscreen-read`
 */

/**
 * Caps on what a page may send. An article of 1 M characters is already ten
 * times a long book chapter; the content script truncates before sending, so
 * only a misbehaving sender ever hits them.
 */
export const MAX_TEXT_CHARS = 1_000_000;
export const MAX_TITLE_CHARS = 1_000;
/** The history keeps URLs up to 2048 characters (src/store/page.ts). */
export const MAX_URL_CHARS = 2_048;
export const MAX_SHORT_FIELD_CHARS = 500;
export const MAX_EXCERPT_CHARS = 2_000;
/**
 * Longest page HTML a content script hands over to be read off the page
 * (`read-html`). The reading budget already stops pages over 5 M characters
 * of text (src/page-reading/page-budget.ts); four times that leaves room
 * for markup and inline scripts and stays well under Chromium's 64 MiB
 * message limit. A longer page is read in the page.
 */
export const MAX_HTML_CHARS = 20_000_000;

/**
 * Earlier copies a report lists at most: the nearest ones (and always the
 * one it leads with). Fifty is more than anyone reads in the popup, and it
 * bounds a report, which is kept per tab in `storage.session` and sent back
 * to the page, to ~200,000 characters even with the longest titles and URLs
 * the history keeps, however many copies the history holds.
 */
export const MAX_REPORTED_MATCHES = 50;

/**
 * Checks per site, in any window of SWAP_WINDOW_MS, of content swapped into
 * a page without a real navigation (history.pushState and the like). A
 * person reading articles in a single-page app spends well over twenty
 * seconds on each, so three a minute delays nobody; a page that cycles
 * candidate articles through its DOM to see which ones the user read (the
 * notice appears) learns at most three a minute, and adds at most three
 * pages to the history (docs/privacy.md). The background enforces it
 * (src/background/route-limiter.ts); the content script keeps to it, so a
 * reader's fourth article in a minute is checked late rather than refused.
 */
export const MAX_SWAPPED_CHECKS_PER_SITE = 3;
/** The window of MAX_SWAPPED_CHECKS_PER_SITE: one minute, the pace of reading. */
export const SWAP_WINDOW_MS = 60_000;

/** An article as extracted in the page, ready to be fingerprinted. */
export interface ExtractedPage {
  url: string;
  title: string;
  text: string;
  excerpt?: string;
  canonicalUrl?: string;
  language?: string;
  siteName?: string;
  /** Publication time the page declares, ms since the epoch. */
  publishedTime?: number;
}

/** What a page is, from the user's point of view. */
export type PageStatus =
  | 'new' // recorded for the first time, nothing similar read before
  | 'read_before' // the same URL was visited before, nothing similar elsewhere
  | 'repost' // near-identical to an article read at another address
  | 'partial' // contains a part of an article read before
  | 'too_short' // not enough text to judge
  | 'excluded' // the site is on the excluded list (automatic checks only)
  | 'incognito' // an incognito window and recording incognito is off
  | 'off' // automatic mode is off
  | 'no_article' // nothing article-like on the page
  | 'too_large' // over the content script's reading budget (src/page-reading/page-budget.ts): not read
  | 'rate_limited'; // content swapped in too often without a real navigation (src/background/route-limiter.ts): not checked

/** Why the content script did not send a page: it had no text, or was too big to read safely. */
export type SkipReason = Extract<PageStatus, 'no_article' | 'too_large'>;
export const SKIP_REASONS: readonly SkipReason[] = ['no_article', 'too_large'];

/** What the content script made of its page: an article to check, or why there is none. */
export type PageReading = { kind: 'page'; page: ExtractedPage } | { kind: 'skip'; reason: SkipReason };

export type MatchVerdict = 'duplicate' | 'partial';

/** An earlier page that the current one repeats. */
export interface MatchSummary {
  url: string;
  title: string;
  /** Empty for the user's own articles imported from files. */
  site: string;
  /** 'author': one of the user's own articles (imported with `deja-lu import-file`). */
  source: PageSource;
  verdict: MatchVerdict;
  /** Hamming distance between the fingerprints (0–64). */
  distance: number;
  /** 1 − distance / 64, for people who prefer a percentage. */
  similarity: number;
  firstVisit: number;
  lastVisit: number;
  /** Publication time the earlier page declared, ms since the epoch. */
  publishedAt?: number;
}

/** Which of two copies was published first, when both declare a date. */
export type FirstPublished = 'earlier_page' | 'this_page' | 'unknown';

export interface PageReport {
  status: PageStatus;
  url: string;
  title: string;
  site: string;
  /** Best match first; at most MAX_REPORTED_MATCHES of them. */
  matches: MatchSummary[];
  /** Earlier copies found in all, `matches` included (more when the list was capped). */
  matchCount: number;
  /** The page is now in the history. */
  recorded: boolean;
  /** Visits to this URL including this one (0 when not recorded). */
  visitCount: number;
  /** When this URL was first visited, if it was. */
  firstVisit?: number;
  /** Publication time this page declares, ms since the epoch. */
  publishedAt?: number;
  firstPublished: FirstPublished;
  checkedAt: number;
  /** The page was checked but could not be recorded: the browser's storage quota is used up. */
  storageFull?: true;
}

export interface VisitResponse {
  report: PageReport;
  /** The content script shows the in-page notice only when this is true. */
  showNotice: boolean;
}

export type Request =
  | { type: 'should-check'; url: string }
  | { type: 'read-html'; url: string; html: string }
  | { type: 'offscreen-read'; url: string; html: string }
  /**
   * `revisit`: the page was not navigated to just now (reloaded, restored
   * with the session, or gone back or forward to): checked, recorded when
   * new to the history, but adding no visit to a page already in it.
   */
  | { type: 'visit'; page: ExtractedPage; revisit?: true }
  | { type: 'skip'; url: string; reason: SkipReason }
  | { type: 'open-settings' }
  | { type: 'get-tab-status'; tabId: number }
  | { type: 'check-tab'; tabId: number; record: boolean }
  | { type: 'history-cleared' }
  | { type: 'extract' }
  | { type: 'ping' };

export type RequestType = Request['type'];
export type RequestOf<T extends RequestType> = Extract<Request, { type: T }>;

interface ResponseMap {
  /** False on excluded sites, with automatic mode off, or in incognito (unless allowed). */
  'should-check': boolean;
  /** The article of the page whose HTML was sent, read in the offscreen document. */
  'read-html': PageReading;
  'offscreen-read': PageReading;
  visit: VisitResponse;
  skip: null;
  'open-settings': null;
  'get-tab-status': PageReport | null;
  'check-tab': PageReport;
  /** The reports kept for the popup are forgotten and the badges reset. */
  'history-cleared': null;
  extract: PageReading;
  /** Answered only by a page that already runs the content script (the background injects it otherwise). */
  ping: true;
}

export type ResponseOf<T extends RequestType> = ResponseMap[T];

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: string };

/** A request was refused; the message says why, for the developer console. */
export class MessageError extends Error {
  override name = 'MessageError';
}

/** Sends a request to the background (or another extension page) and unwraps the reply. */
export async function sendMessage<T extends RequestType>(request: RequestOf<T>): Promise<ResponseOf<T>> {
  return unwrap<T>(await browser.runtime.sendMessage(request));
}

/** Sends a request to the content script of one tab. */
export async function sendTabMessage<T extends RequestType>(tabId: number, request: RequestOf<T>): Promise<ResponseOf<T>> {
  return unwrap<T>(await browser.tabs.sendMessage(tabId, request));
}

/** Nothing answered: no context listens for the request (yet), as while the background starts. */
export class NoReplyError extends MessageError {
  override name = 'NoReplyError';
}

function unwrap<T extends RequestType>(reply: unknown): ResponseOf<T> {
  if (!reply || typeof reply !== 'object' || !('ok' in reply)) throw new NoReplyError('no reply from the receiver');
  const envelope = reply as Envelope<ResponseOf<T>>;
  if (!envelope.ok) throw new MessageError(envelope.error);
  return envelope.value;
}

/**
 * Whether `error` means the request reached no listener, so that sending it
 * again later may work: the browser's own rejection ("Could not establish
 * connection. Receiving end does not exist.") or no reply at all. A refusal
 * by the receiver (a MessageError it sent back) is final.
 */
export function isUnanswered(error: unknown): boolean {
  return error instanceof NoReplyError || !(error instanceof MessageError);
}

/**
 * Waits between attempts to reach a background that is not listening yet:
 * doubling from a quarter second to ten, about two minutes in all. Long
 * enough for a browser that starts its extensions' backgrounds after
 * restoring the session's tabs (Firefox does, after the first paint).
 */
export const UNANSWERED_RETRY_DELAYS_MS: readonly number[] = [250, 500, 1_000, 2_000, 4_000, 8_000, ...Array<number>(10).fill(10_000)];

export interface RetryOptions {
  delaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  /** Checked before each new attempt: stop (rethrowing the last error) when it says so. */
  stop?: () => boolean;
}

/**
 * `send()`, sent again after each delay of `delaysMs` while nothing answers
 * it (isUnanswered); the last error once they are used up. For idempotent
 * requests only: an unanswered one may still have been handled.
 */
export async function untilAnswered<T>(
  send: () => Promise<T>,
  { delaysMs = UNANSWERED_RETRY_DELAYS_MS, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)), stop = () => false }: RetryOptions = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const delay = delaysMs[attempt];
      if (!isUnanswered(error) || delay === undefined || stop()) throw error;
      await sleep(delay);
      if (stop()) throw error;
    }
  }
}

export type Handler<T extends RequestType> = (request: RequestOf<T>, sender: MessageSender) => Promise<ResponseOf<T>>;
export type Handlers = { [T in RequestType]?: Handler<T> };

/** The parts of `runtime.MessageSender` the receivers look at. */
export interface MessageSender {
  id?: string;
  tab?: { id?: number; incognito?: boolean; url?: string };
  /** 0 for a tab's top frame. */
  frameId?: number;
  /** The sending document's address (a page for content scripts, chrome-extension://… for extension pages). */
  url?: string;
}

/**
 * Registers `handlers` on `runtime.onMessage`. Messages that fail `parse`, come
 * from another extension or have no handler here are answered with an error.
 * Replies go through `sendResponse` (+ `return true`), which every browser and
 * the test fake deliver; returning a Promise is not delivered by the fake.
 */
export function listen(
  handlers: Handlers,
  parse: (raw: unknown) => Request,
  onMessage: OnMessage = browser.runtime.onMessage as unknown as OnMessage,
  ownId: string = browser.runtime.id,
): () => void {
  const listener: RawListener = (raw, sender, sendResponse) => {
    let request: Request;
    try {
      if (sender.id !== ownId) throw new MessageError('messages are accepted only from this extension');
      request = parse(raw);
    } catch (error) {
      sendResponse(failure(error));
      return true;
    }
    const handler = handlers[request.type] as Handler<RequestType> | undefined;
    // Another context of this extension may handle it (e.g. a page message reaching the popup).
    if (!handler) return false;
    handler(request, sender).then(
      (value) => sendResponse({ ok: true, value } satisfies Envelope<unknown>),
      (error: unknown) => sendResponse(failure(error)),
    );
    return true;
  };
  onMessage.addListener(listener);
  return () => onMessage.removeListener(listener);
}

type RawListener = (raw: unknown, sender: MessageSender, sendResponse: (reply: unknown) => void) => boolean;
export interface OnMessage {
  addListener(listener: RawListener): void;
  removeListener(listener: RawListener): void;
}

function failure(error: unknown): Envelope<never> {
  return { ok: false, error: error instanceof Error ? error.message : String(error) };
}
