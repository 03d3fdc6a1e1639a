import { CURRENT_SAMPLE_SIZE } from './core/scheme';
import type { Page, PageSource } from './store/page';

/** Bits in a fingerprint: a distance of d means a similarity of 1 − d / 64. */
const FINGERPRINT_BITS = 64;

/**
 * What the extension's contexts tell each other: the pages, readings and
 * reports the messages carry, the caps on what a page may send, and the
 * errors of messaging. The messages themselves, their validation and
 * delivery are defined once in src/protocol.ts.
 */

/**
 * Caps on what a page may send. An article of 1 M characters is already ten
 * times a long book chapter; the content script truncates before sending, so
 * only a misbehaving sender ever hits them. Titles and URLs are capped at
 * what the history keeps (MAX_TITLE_LENGTH, MAX_URL_LENGTH in
 * src/store/page.ts).
 */
export const MAX_TEXT_CHARS = 1_000_000;
/**
 * A page's language and site name: a bound on junk, not the history's rule
 * (which keeps only language tags of at most MAX_LANGUAGE_LENGTH).
 */
export const MAX_SHORT_FIELD_CHARS = 500;
/**
 * A page's excerpt: refused above this, well over the extractor's cut
 * (EXTRACTED_EXCERPT_CHARS) so that a longer cut there is no protocol change;
 * the history keeps MAX_EXCERPT_LENGTH of it.
 */
export const MAX_SENT_EXCERPT_CHARS = 2_000;
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
  | 'quote' // quotes a passage of an article read before
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

export type MatchVerdict = 'duplicate' | 'partial' | 'quote';

/** The status a report led by a match of this kind has. */
export const STATUS_OF_VERDICT = { duplicate: 'repost', partial: 'partial', quote: 'quote' } as const satisfies Record<MatchVerdict, PageStatus>;

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
  /**
   * Passages of the current page found in the earlier one (Judgement.sharedPassages):
   * shown for a quote instead of the similarity, which two texts sharing one
   * passage barely move. Absent in reports made before it was recorded.
   */
  sharedPassages?: number;
  /**
   * For a quote: the sites of other pages the user read that are copies of
   * this one and hold the passage too, listed under the copy read first
   * (background/quoted-copies.ts). Absent when there are none.
   */
  alsoReadOn?: string[];
  firstVisit: number;
  lastVisit: number;
  /** Publication time the earlier page declared, ms since the epoch. */
  publishedAt?: number;
}

/** How a stored page that copies (or is copied by) another is described to the UI. */
export function matchSummary(page: Page, { verdict, distance, sharedPassages }: { verdict: MatchVerdict; distance: number; sharedPassages: number }): MatchSummary {
  return {
    url: page.url,
    title: page.title,
    site: page.site,
    source: page.source,
    verdict,
    distance,
    similarity: 1 - distance / FINGERPRINT_BITS,
    sharedPassages,
    firstVisit: page.firstVisit,
    lastVisit: page.lastVisit,
    ...(page.publishedAt !== undefined ? { publishedAt: page.publishedAt } : {}),
  };
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
  /** The page is in the history as the user's own article (source `author`). */
  own?: true;
}

/**
 * Copied parts sent to a page to highlight, at most: a partial copy has a
 * part per run of chunks matching the earlier page's kept passages (at
 * most a sample per page, passageSampleSize), a repost one, the whole
 * article; a text repeating a kept passage more often than that is cut here.
 */
export const MAX_COPIED_PARTS = CURRENT_SAMPLE_SIZE;

/** What the page's content script did with the copied parts it was sent (`highlight-copied`). */
export interface HighlightResult {
  /** The browser has the CSS Custom Highlight API (CSS.highlights). */
  supported: boolean;
  /** Stretches of the page's text highlighted (a part spanning paragraphs is one per paragraph). */
  highlighted: number;
}

/** "Show copied parts" in the popup: what was highlighted, and the earlier page it was copied from. */
export type CopiedParts =
  | { kind: 'not_a_copy' }
  | { kind: 'hidden' }
  | {
      kind: 'shown';
      result: HighlightResult;
      /** The earlier page: its title, address and the excerpt the history keeps of it. */
      earlier: { title: string; url: string; excerpt: string };
      /** The start of this page's first copied part, as long as a stored excerpt at most. */
      passage: string;
    };

export interface VisitResponse {
  report: PageReport;
  /** The content script shows the in-page notice only when this is true. */
  showNotice: boolean;
}

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: string };

/** A request was refused; the message says why, for the developer console. */
export class MessageError extends Error {
  override name = 'MessageError';
}

/** Nothing answered: no context listens for the request (yet), as while the background starts. */
export class NoReplyError extends MessageError {
  override name = 'NoReplyError';
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
 * The popup page opened in a tab of its own, as the keyboard shortcut and
 * the context menu do (src/background/shortcuts.ts): browsers let an
 * extension open its popup only in some versions and some events, and a tab
 * shows the same verdict everywhere. The page is about tab `tabId`; with
 * `check` it checks that page at once (as its button does), with `selection`
 * it checks the text left in storage.session under selectionKey(selection).
 */
export interface PopupRequest {
  tabId?: number;
  check?: true;
  selection?: string;
}

export const POPUP_PAGE = '/popup.html';
const CHECK_PARAM = 'check';
const SELECTION_PARAM = 'selection';

/** The popup page's address (after the extension's origin) for `request`. */
export function popupPagePath({ tabId, check, selection }: PopupRequest): string {
  const params = new URLSearchParams();
  if (tabId !== undefined) params.set('tabId', String(tabId));
  if (check) params.set(CHECK_PARAM, '1');
  if (selection !== undefined) params.set(SELECTION_PARAM, selection);
  return `${POPUP_PAGE}?${params}`;
}

/** What the popup page was opened to do, read from its query string (`location.search`). */
export function readPopupRequest(search: string): PopupRequest {
  const params = new URLSearchParams(search);
  const tabId = Number(params.get('tabId'));
  const selection = params.get(SELECTION_PARAM);
  return {
    ...(Number.isSafeInteger(tabId) && tabId > 0 ? { tabId } : {}),
    ...(params.has(CHECK_PARAM) ? { check: true as const } : {}),
    ...(selection ? { selection } : {}),
  };
}

/**
 * Where a selected text waits for the popup page that checks it: in
 * storage.session (memory only, emptied when the browser closes), and taken
 * out as soon as the page reads it.
 */
export function selectionKey(id: string): `session:selection:${string}` {
  return `session:selection:${id}`;
}
