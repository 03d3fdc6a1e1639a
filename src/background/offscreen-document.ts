import { browser } from 'wxt/browser';

/** Where WXT writes the offscreen document (entrypoints/offscreen/index.html). */
export const OFFSCREEN_PAGE = '/offscreen.html';

/**
 * The offscreen document is closed after this long without a page to read.
 * Shorter than the 30 s after which Chromium stops an idle extension service
 * worker, so that the worker's timer still runs to close it: an open document
 * kept the extension's process and ~15 MB of parsing leftovers alive after
 * the worker stopped (docs/decisions/0037-offscreen-document-closed-when-idle.md).
 */
export const OFFSCREEN_IDLE_MS = 20_000;

/**
 * The document is closed as soon as its reads end once it has parsed this
 * many characters of HTML since it opened: a parsed page stays in memory as
 * garbage, ~9 bytes a character, until the document's isolate collects,
 * which it hardly does while open, and closing it is what makes it collect
 * (docs/decisions/0044-offscreen-document-closed-after-a-parse-budget.md).
 */
export const OFFSCREEN_PARSE_BUDGET_CHARS = 1_000_000;

/** The part of Chromium's `offscreen` API this uses (absent in Firefox). */
export interface OffscreenApi {
  createDocument(parameters: { url: string; reasons: string[]; justification: string }): Promise<void>;
  closeDocument(): Promise<void>;
}

export interface OffscreenDocumentDeps {
  idleMs?: number;
  parseBudgetChars?: number;
  setTimer?: (close: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * The offscreen document where Chromium reads pages (html-reader.ts): opened
 * when a page is on its way (`open`, at the navigation's commit) or at the
 * latest when its HTML arrives (`use`), closed OFFSCREEN_IDLE_MS after the
 * last read, or as soon as its reads end once it has parsed
 * OFFSCREEN_PARSE_BUDGET_CHARS. Opening one costs ~50–100 ms on a loaded
 * machine, which the commit hides: the load event comes hundreds of
 * milliseconds later.
 */
export class OffscreenDocument {
  /** Settles when the document is open, or when opening failed (then `use`'s read fails and the next one opens it again). */
  private opened: Promise<void> | undefined;
  private closing: Promise<void> = Promise.resolve();
  private reads = 0;
  /** Characters of HTML given to the document to parse since it opened. */
  private parsedChars = 0;
  private timer: unknown;
  private readonly idleMs: number;
  private readonly parseBudgetChars: number;
  private readonly setTimer: (close: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(
    private readonly api: OffscreenApi,
    {
      idleMs = OFFSCREEN_IDLE_MS,
      parseBudgetChars = OFFSCREEN_PARSE_BUDGET_CHARS,
      setTimer = (close, ms) => setTimeout(close, ms),
      clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    }: OffscreenDocumentDeps = {},
  ) {
    this.idleMs = idleMs;
    this.parseBudgetChars = parseBudgetChars;
    this.setTimer = setTimer;
    this.clearTimer = clearTimer;
  }

  /** Opens the document unless it is open already; it closes after the idle period unless a read comes. */
  open(): Promise<void> {
    // "Only a single offscreen document may be created": after a worker restart the
    // document may still be there, which is what is wanted; any other failure
    // shows when the document is asked.
    this.opened ??= this.closing
      .then(() => this.api.createDocument({ url: OFFSCREEN_PAGE, reasons: ['DOM_PARSER'], justification: 'Reads the article of a page from its HTML, off the page\'s main thread.' }))
      .catch(() => {});
    if (this.reads === 0) this.closeWhenIdle();
    return this.opened;
  }

  /**
   * Runs `read` (a question to the document about `htmlChars` characters of
   * HTML) with the document open; the idle period starts when the last read
   * ends, or the document closes then if it is over its parse budget.
   */
  async use<T>(read: () => Promise<T>, htmlChars = 0): Promise<T> {
    this.reads++;
    this.parsedChars += htmlChars;
    this.stopTimer();
    try {
      await this.open();
      return await read();
    } catch (error) {
      // The document may have gone (closed, crashed): the next page creates it again.
      this.opened = undefined;
      throw error;
    } finally {
      this.reads--;
      if (this.reads === 0 && this.parsedChars >= this.parseBudgetChars) this.close();
      else if (this.reads === 0) this.closeWhenIdle();
    }
  }

  private closeWhenIdle(): void {
    this.stopTimer();
    this.timer = this.setTimer(() => {
      this.timer = undefined;
      this.close();
    }, this.idleMs);
  }

  private close(): void {
    this.stopTimer();
    this.opened = undefined;
    this.parsedChars = 0;
    this.closing = this.api.closeDocument().catch(() => {});
  }

  private stopTimer(): void {
    if (this.timer !== undefined) this.clearTimer(this.timer);
    this.timer = undefined;
  }
}

interface CommittedEvent {
  addListener(callback: (details: { tabId: number; frameId: number }) => void, filters?: { url: { schemes: string[] }[] }): void;
}

/**
 * Opens the document when a tab commits to a new web page, so that it is
 * ready when the page's HTML comes after the load event; pages that are then
 * not read (a paused or excluded site) leave it to close after the idle period.
 */
export function openOnNavigation(document: Pick<OffscreenDocument, 'open'>, onCommitted: CommittedEvent): void {
  onCommitted.addListener(({ tabId, frameId }) => {
    if (frameId === 0 && tabId >= 0) void document.open();
  }, { url: [{ schemes: ['http', 'https'] }] });
}

/** The browser's offscreen document, or null where there is none (Firefox reads in its background page). */
export function browserOffscreenDocument(api = (browser as unknown as { offscreen?: OffscreenApi }).offscreen ?? null): OffscreenDocument | null {
  return api ? new OffscreenDocument(api) : null;
}
