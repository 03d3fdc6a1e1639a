import { describe, expect, it, test } from 'vitest';
import { htmlReader } from '../../src/background/html-reader';
import { OFFSCREEN_IDLE_MS, OFFSCREEN_PAGE, OFFSCREEN_PARSE_BUDGET_CHARS, OffscreenDocument, openOnNavigation } from '../../src/background/offscreen-document';
import { MessageError, type PageReading } from '../../src/messaging';

const READING: PageReading = { kind: 'page', page: { url: 'https://e.com/a', title: 'A', text: 'words' } };
/** Chromium stops an extension service worker after 30 s without events; the document must close before. */
const WORKER_IDLE_STOP_MS = 30_000;

/**
 * An OffscreenDocument on a fake `offscreen` API and a timer the test fires;
 * `calls` lists what the API was asked, in order. A created document is
 * "open" until closed; creating a second one fails as Chromium's does.
 */
function harness({ closeSettles = true, parseBudgetChars = OFFSCREEN_PARSE_BUDGET_CHARS } = {}) {
  const calls: string[] = [];
  let open = false;
  let finishClose: () => void = () => {};
  const pending = new Set<{ close: () => void; ms: number }>();
  const document = new OffscreenDocument(
    {
      createDocument: async ({ url, reasons }) => {
        calls.push(`create ${url} ${reasons.join()}`);
        if (open) throw new Error('Only a single offscreen document may be created.');
        open = true;
      },
      closeDocument: () => {
        calls.push('close');
        const closed = () => {
          open = false;
        };
        if (closeSettles) {
          closed();
          return Promise.resolve();
        }
        return new Promise<void>((resolve) => {
          finishClose = () => {
            closed();
            resolve();
          };
        });
      },
    },
    {
      parseBudgetChars,
      setTimer: (close, ms) => {
        const timer = { close, ms };
        pending.add(timer);
        return timer;
      },
      clearTimer: (timer) => pending.delete(timer as { close: () => void; ms: number }),
    },
  );
  /** Asks the document to read, as Chromium's htmlReader does; fails when it is not open. */
  const read = htmlReader({
    offscreen: document,
    ask: async (url) => {
      calls.push(`ask ${url}`);
      if (!open) throw new MessageError('Could not establish connection. Receiving end does not exist.');
      return READING;
    },
  });
  return {
    document,
    read,
    calls,
    isOpen: () => open,
    /** The idle period ends: the pending timers fire. */
    idle: async () => {
      for (const timer of pending) {
        pending.delete(timer);
        timer.close();
      }
      await Promise.resolve();
    },
    finishClose: () => finishClose(),
    pendingTimers: () => [...pending].map((timer) => timer.ms),
    /** Lets the document be closed behind the reader's back (a crash, or a worker before this one). */
    setOpen: (value: boolean) => {
      open = value;
    },
  };
}

describe('OffscreenDocument: opened for pages, closed when idle', () => {
  it('creates the document once, for DOM parsing, and asks it for every page', async () => {
    const h = harness();
    await expect(h.read('https://e.com/a', '<p>a</p>')).resolves.toEqual(READING);
    await h.read('https://e.com/b', '<p>b</p>');
    expect(h.calls).toEqual([`create ${OFFSCREEN_PAGE} DOM_PARSER`, 'ask https://e.com/a', 'ask https://e.com/b']);
  });

  it('closes the document once the idle period passes after the last page, in time for the worker to do it', async () => {
    const h = harness();
    await h.read('https://e.com/a', '<p>a</p>');
    expect(h.pendingTimers()).toEqual([OFFSCREEN_IDLE_MS]);
    expect(OFFSCREEN_IDLE_MS).toBeLessThan(WORKER_IDLE_STOP_MS);
    await h.idle();
    expect(h.isOpen()).toBe(false);
    expect(h.calls.at(-1)).toBe('close');
  });

  test.each([
    ['a page after the document closed opens it again', true, ['create', 'ask', 'close', 'create', 'ask']],
    ['a page within the idle period reuses it', false, ['create', 'ask', 'ask']],
  ])('%s', async (_name, idleBetween, calls) => {
    const h = harness();
    await h.read('https://e.com/a', '<p>a</p>');
    if (idleBetween) await h.idle();
    await expect(h.read('https://e.com/b', '<p>b</p>')).resolves.toEqual(READING);
    expect(h.calls.map((call) => call.split(' ')[0])).toEqual(calls);
    expect(h.pendingTimers()).toEqual([OFFSCREEN_IDLE_MS]);
  });

  it('does not close the document while a page is being read', async () => {
    const h = harness();
    await h.read('https://e.com/a', '<p>a</p>');
    let answer: (reading: PageReading) => void = () => {};
    const slow = h.document.use(() => new Promise<PageReading>((resolve) => (answer = resolve)));
    await Promise.resolve();
    expect(h.pendingTimers()).toEqual([]);
    answer(READING);
    await slow;
    expect(h.pendingTimers()).toEqual([OFFSCREEN_IDLE_MS]);
    expect(h.isOpen()).toBe(true);
  });

  it('opens the document again only after the close has finished (Chromium allows one document)', async () => {
    const h = harness({ closeSettles: false });
    await h.read('https://e.com/a', '<p>a</p>');
    await h.idle();
    const next = h.read('https://e.com/b', '<p>b</p>');
    await Promise.resolve();
    expect(h.calls.filter((call) => call.startsWith('create'))).toHaveLength(1);
    h.finishClose();
    await expect(next).resolves.toEqual(READING);
    expect(h.calls.map((call) => call.split(' ')[0])).toEqual(['create', 'ask', 'close', 'create', 'ask']);
  });

  it('uses a document left by a worker before this one as it is', async () => {
    const h = harness();
    h.setOpen(true);
    await expect(h.read('https://e.com/a', '<p>a</p>')).resolves.toEqual(READING);
  });

  it('creates the document again for the next page when it does not answer (closed, crashed)', async () => {
    const h = harness();
    await h.read('https://e.com/a', '<p>a</p>');
    h.setOpen(false);
    await expect(h.read('https://e.com/b', '<p>b</p>')).rejects.toThrow(MessageError);
    await expect(h.read('https://e.com/c', '<p>c</p>')).resolves.toEqual(READING);
    expect(h.calls.filter((call) => call.startsWith('create'))).toHaveLength(2);
  });

  it('opened ahead of a page (its navigation), it closes after the idle period when no page is read', async () => {
    const h = harness();
    await h.document.open();
    expect(h.isOpen()).toBe(true);
    expect(h.pendingTimers()).toEqual([OFFSCREEN_IDLE_MS]);
    await h.idle();
    expect(h.calls.map((call) => call.split(' ')[0])).toEqual(['create', 'close']);
  });
});

/** HTML of `chars` characters. */
const htmlOf = (chars: number) => `<p>${'a'.repeat(chars - 7)}</p>`;

describe('OffscreenDocument: closed as soon as its reads end once it has parsed its budget of HTML', () => {
  const BUDGET = 100;

  test.each([
    ['one page of the whole budget', [BUDGET], ['create', 'ask', 'close']],
    ['pages that add up to the budget, the last one closing it', [60, 40], ['create', 'ask', 'ask', 'close']],
    ['pages under the budget, left to the idle period', [60, 39], ['create', 'ask', 'ask']],
    ['a page after a close over budget, which opens it again with a new budget', [BUDGET, 99], ['create', 'ask', 'close', 'create', 'ask']],
  ])('%s', async (_name, pages, calls) => {
    const h = harness({ parseBudgetChars: BUDGET });
    for (const [i, chars] of pages.entries()) await expect(h.read(`https://e.com/${i}`, htmlOf(chars))).resolves.toEqual(READING);
    expect(h.calls.map((call) => call.split(' ')[0])).toEqual(calls);
    expect(h.pendingTimers()).toEqual(calls.at(-1) === 'close' ? [] : [OFFSCREEN_IDLE_MS]);
  });

  it('waits for a read in progress before closing over budget', async () => {
    const h = harness({ parseBudgetChars: BUDGET });
    let answer: (reading: PageReading) => void = () => {};
    const slow = h.document.use(() => new Promise<PageReading>((resolve) => (answer = resolve)), 10);
    await Promise.resolve();
    await h.read('https://e.com/a', htmlOf(BUDGET));
    expect(h.isOpen()).toBe(true);
    answer(READING);
    await slow;
    expect(h.isOpen()).toBe(false);
  });

  it('counts from the document\'s opening: a close after the idle period starts the budget again', async () => {
    const h = harness({ parseBudgetChars: BUDGET });
    await h.read('https://e.com/a', htmlOf(60));
    await h.idle();
    await h.read('https://e.com/b', htmlOf(60));
    expect(h.calls.map((call) => call.split(' ')[0])).toEqual(['create', 'ask', 'close', 'create', 'ask']);
    expect(h.isOpen()).toBe(true);
  });
});

describe('openOnNavigation: the document opens when a tab commits to a web page', () => {
  test.each([
    ['a tab\'s top frame', { tabId: 3, frameId: 0 }, 1],
    ['a frame inside a page', { tabId: 3, frameId: 7 }, 0],
    ['no tab (a prerender or the browser itself)', { tabId: -1, frameId: 0 }, 0],
  ])('%s → opens %i time(s)', (_name, details, opens) => {
    let listener: (details: { tabId: number; frameId: number }) => void = () => {};
    let filters: unknown;
    let opened = 0;
    openOnNavigation({ open: async () => void opened++ }, { addListener: (callback, given) => ((listener = callback), (filters = given)) });
    listener(details);
    expect(opened).toBe(opens);
    expect(filters).toEqual({ url: [{ schemes: ['http', 'https'] }] });
  });
});
