import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import type { Notice } from '../../entrypoints/content/notice';
import { watchPage } from '../../entrypoints/content/page-watcher';
import { MAX_SWAPPED_CHECKS_PER_SITE, SWAP_WINDOW_MS, type PageReading } from '../../src/messaging';
import type { Request } from '../../src/protocol';

const URL = 'https://news.example.com/story';
const PAGE: PageReading = { kind: 'page', page: { url: URL, title: 'A story', text: 'words' } };

/** The background as the content script sees it: answers each request type with `answers[type]`. */
function fakeBackground(answers: Partial<Record<Request['type'], unknown>>): Request[] {
  const received: Request[] = [];
  fakeBrowser.runtime.onMessage.addListener((raw, _sender, sendResponse) => {
    const request = raw as Request;
    if (!(request.type in answers)) return false;
    received.push(request);
    sendResponse({ ok: true, value: answers[request.type] });
    return true;
  });
  return received;
}

function context(): ContentScriptContext {
  return { isValid: true, onInvalidated: () => () => {}, addEventListener: () => {} } as unknown as ContentScriptContext;
}

/** A content script context whose `wxt:locationchange` the test fires. */
function navigatingContext() {
  const listeners: Array<() => void> = [];
  const ctx = {
    isValid: true,
    onInvalidated: () => () => {},
    addEventListener: (_target: unknown, type: string, listener: () => void) => {
      if (type === 'wxt:locationchange') listeners.push(listener);
    },
  } as unknown as ContentScriptContext;
  return { ctx, navigate: () => listeners.forEach((listener) => listener()) };
}

/** A page that has already loaded and is idle. */
const now = () => Promise.resolve();
const loadedAlready = () => true;

function notice() {
  return { show: vi.fn<Notice['show']>(), hide: vi.fn<Notice['hide']>() };
}

describe('watchPage: what leaves the page', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    // watchPage listens for in-app navigations on the window.
    (globalThis as { window?: unknown }).window ??= globalThis;
  });

  it('an excluded site (or automatic mode off, or incognito) is never read: no extraction, no visit', async () => {
    const received = fakeBackground({ 'should-check': false });
    const read = vi.fn(() => PAGE);
    watchPage(context(), { loaded: now, hasLoaded: loadedAlready, notice: notice(), read, currentUrl: () => URL });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read).not.toHaveBeenCalled();
    expect(received).toEqual([{ type: 'should-check', url: URL }]);
  });

  it('nothing is asked or read before the page has loaded', async () => {
    const received = fakeBackground({ 'should-check': true, visit: { report: { status: 'new', matches: [] }, showNotice: false } });
    let markLoaded = () => {};
    const loaded = new Promise<void>((resolve) => (markLoaded = resolve));
    const read = vi.fn(() => PAGE);
    watchPage(context(), { loaded: () => loaded, hasLoaded: () => false, notice: notice(), read, currentUrl: () => URL });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toEqual([]);
    expect(read).not.toHaveBeenCalled();
    markLoaded();
    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect(read).toHaveBeenCalledOnce();
  });

  it('a page that has loaded is asked about while the script waits for an idle moment, and read only after it', async () => {
    const received = fakeBackground({ 'should-check': true, visit: { report: { status: 'new', matches: [] }, showNotice: false } });
    let markIdle = () => {};
    const idle = new Promise<void>((resolve) => (markIdle = resolve));
    const read = vi.fn(() => PAGE);
    watchPage(context(), { loaded: () => idle, hasLoaded: loadedAlready, notice: notice(), read, currentUrl: () => URL });
    await vi.waitFor(() => expect(received).toEqual([{ type: 'should-check', url: URL }]));
    expect(read).not.toHaveBeenCalled();
    markIdle();
    await vi.waitFor(() => expect(received.map((request) => request.type)).toEqual(['should-check', 'visit']));
    expect(read).toHaveBeenCalledOnce();
  });

  it('asks again when the page moved to another address before its idle moment', async () => {
    const received = fakeBackground({ 'should-check': true, visit: { report: { status: 'new', matches: [] }, showNotice: false } });
    let href = URL;
    let markIdle = () => {};
    const idle = new Promise<void>((resolve) => (markIdle = resolve));
    watchPage(context(), { loaded: () => idle, hasLoaded: loadedAlready, notice: notice(), read: (url) => ({ kind: 'page', page: { url, title: 't', text: 'words' } }), currentUrl: () => href });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    href = 'https://news.example.com/other-story';
    markIdle();
    await vi.waitFor(() => expect(received).toHaveLength(3));
    expect(received.map((request) => (request.type === 'visit' ? request.page.url : request.type === 'should-check' && request.url))).toEqual([URL, href, href]);
  });

  it('a page it may read is read once and sent; a repost shows the notice', async () => {
    const received = fakeBackground({ 'should-check': true, visit: { report: { status: 'repost', matches: [{}] }, showNotice: true } });
    const shown = notice();
    watchPage(context(), { loaded: now, hasLoaded: loadedAlready, notice: shown, read: () => PAGE, currentUrl: () => URL });
    await vi.waitFor(() => expect(shown.show).toHaveBeenCalledOnce());
    expect(received.map((request) => request.type)).toEqual(['should-check', 'visit']);
  });

  it.each<[string, PageReading]>([
    ['a page over the reading budget', { kind: 'skip', reason: 'too_large' }],
    ['a page without text', { kind: 'skip', reason: 'no_article' }],
  ])('%s is reported as skipped, with no text', async (_name, reading) => {
    const received = fakeBackground({ 'should-check': true, skip: null });
    watchPage(context(), { loaded: now, hasLoaded: loadedAlready, notice: notice(), read: () => reading, currentUrl: () => URL });
    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect(received[1]).toEqual({ type: 'skip', url: URL, reason: reading.kind === 'skip' && reading.reason });
  });
});

describe('watchPage: the document\'s own check', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    (globalThis as { window?: unknown }).window ??= globalThis;
  });
  afterEach(() => vi.restoreAllMocks());

  it.each<[string | undefined, boolean]>([
    ['navigate', false],
    ['prerender', false],
    [undefined, false],
    ['reload', true],
    // Also how Chromium reports a tab restored with the session.
    ['back_forward', true],
  ])('a document loaded by %s is sent as a revisit: %s', async (type, revisit) => {
    const received = fakeBackground({ 'should-check': true, visit: { report: { status: 'new', matches: [] }, showNotice: false } });
    watchPage(context(), { loaded: now, hasLoaded: loadedAlready, notice: notice(), read: () => PAGE, currentUrl: () => URL, navigationType: () => type });
    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect(received[1]).toEqual({ type: 'visit', page: PAGE.kind === 'page' && PAGE.page, ...(revisit ? { revisit: true } : {}), loadedAt: performance.timeOrigin });
  });

  it.each<[string, string | undefined, string, boolean]>([
    ['at the address it was loaded at', URL, URL, true],
    ['a fragment or tracking parameter apart', `${URL}#part`, `${URL}?utm_source=feed`, true],
    // A page that pushes another address before its first check is swapping content in.
    ['after the page pushed another address', URL, `${URL}/pushed`, false],
    ['where Navigation Timing says nothing', undefined, URL, false],
  ])('the first check %s claims the document\'s own load: %s', async (_name, loaded, current, ownLoad) => {
    const received = fakeBackground({ 'should-check': true, visit: { report: { status: 'new', matches: [] }, showNotice: false } });
    watchPage(context(), { loaded: now, hasLoaded: loadedAlready, notice: notice(), read: () => PAGE, currentUrl: () => current, navigationType: () => 'navigate', loadedUrl: () => loaded });
    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect((received[1] as { ownLoad?: true }).ownLoad).toBe(ownLoad ? true : undefined);
  });

  it('a background not listening yet (the browser is starting) is asked again until it answers; then the page is read', async () => {
    const received = fakeBackground({ 'should-check': true, visit: { report: { status: 'new', matches: [] }, showNotice: false } });
    const send = fakeBrowser.runtime.sendMessage.bind(fakeBrowser.runtime);
    let unanswered = 2;
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation(async (...args: Parameters<typeof send>) => {
      if (unanswered-- > 0) throw new Error('Could not establish connection. Receiving end does not exist.');
      return send(...args);
    });
    const sleep = vi.fn(async () => {});
    watchPage(context(), { loaded: now, hasLoaded: loadedAlready, notice: notice(), read: () => PAGE, currentUrl: () => URL, retry: { delaysMs: [1, 1, 1, 1], sleep } });
    await vi.waitFor(() => expect(received.map((request) => request.type)).toEqual(['should-check', 'visit']));
    expect(sleep).toHaveBeenCalledTimes(2);
  });

  it('a background that never answers is given up on after the last delay, without reading the page', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockRejectedValue(new Error('Could not establish connection. Receiving end does not exist.'));
    const sleep = vi.fn(async () => {});
    const read = vi.fn(() => PAGE);
    watchPage(context(), { loaded: now, hasLoaded: loadedAlready, notice: notice(), read, currentUrl: () => URL, retry: { delaysMs: [1, 1, 1], sleep } });
    await vi.waitFor(() => expect(fakeBrowser.runtime.sendMessage).toHaveBeenCalledTimes(4));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sleep).toHaveBeenCalledTimes(3);
    expect(read).not.toHaveBeenCalled();
  });

  it('a refusal is final: not asked again', async () => {
    let asked = 0;
    fakeBrowser.runtime.onMessage.addListener((_raw, _sender, sendResponse) => {
      asked++;
      sendResponse({ ok: false, error: 'a page may only report on its own site' });
      return true;
    });
    const sleep = vi.fn(async () => {});
    const read = vi.fn(() => PAGE);
    watchPage(context(), { loaded: now, hasLoaded: loadedAlready, notice: notice(), read, currentUrl: () => URL, retry: { delaysMs: [1, 1], sleep } });
    await vi.waitFor(() => expect(asked).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sleep).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
  });
});

describe('watchPage: addresses longer than a message may carry (2,048 characters)', () => {
  beforeEach(() => fakeBrowser.reset());

  it('a long fragment or tracking parameters are dropped: the page is checked under its normalised address', async () => {
    const received = fakeBackground({ 'should-check': true, visit: { report: { status: 'new', matches: [] }, showNotice: false } });
    const href = `${URL}?utm_source=${'x'.repeat(1_500)}#state=${'y'.repeat(3_000)}`;
    const read = vi.fn((url: string): PageReading => ({ kind: 'page', page: { url, title: 't', text: 'x' } }));
    watchPage(context(), { loaded: now, hasLoaded: loadedAlready, notice: notice(), read, currentUrl: () => href });
    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect(read).toHaveBeenCalledWith(URL);
    expect(received[0]).toEqual({ type: 'should-check', url: URL });
  });

  it('an address too long even then is skipped as too large, under its site, without reading the page', async () => {
    const received = fakeBackground({ 'should-check': true, skip: null });
    const read = vi.fn(() => PAGE);
    watchPage(context(), { loaded: now, hasLoaded: loadedAlready, notice: notice(), read, currentUrl: () => `https://news.example.com/${'a'.repeat(3_000)}` });
    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect(received).toEqual([
      { type: 'should-check', url: 'https://news.example.com/' },
      { type: 'skip', url: 'https://news.example.com/', reason: 'too_large' },
    ]);
    expect(read).not.toHaveBeenCalled();
  });
});

describe('watchPage: in-app navigations (fake clock)', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers();
    vi.setSystemTime(0);
    (globalThis as { window?: unknown }).window ??= globalThis;
  });
  afterEach(() => vi.useRealTimers());

  /** A single-page app: `go(path, text)` pushes an address and swaps its article in. */
  function app() {
    let href = URL;
    let text = 'the first article';
    const { ctx, navigate } = navigatingContext();
    const received = fakeBackground({ 'should-check': true, visit: { report: { status: 'new', matches: [] }, showNotice: false } });
    watchPage(ctx, {
      loaded: now,
      hasLoaded: loadedAlready,
      settled: now,
      notice: notice(),
      read: (url) => ({ kind: 'page', page: { url, title: 't', text } }),
      currentUrl: () => href,
      routeGate: { setTimer: (callback, ms) => setTimeout(callback, ms) },
    });
    const go = (path: string, newText = text) => {
      href = `https://news.example.com${path}`;
      text = newText;
      navigate();
    };
    const visits = () => received.filter((request) => request.type === 'visit').map((request) => request.type === 'visit' && request.page.url);
    return { go, visits };
  }

  it('a flood of 1,000 pushed addresses is one visit, for the address the app rests on', async () => {
    const { go, visits } = app();
    await vi.advanceTimersByTimeAsync(10);
    for (let i = 0; i < 1_000; i++) {
      go(`/feed?item=${i}`, `article ${i}`);
      await vi.advanceTimersByTimeAsync(1);
    }
    await vi.advanceTimersByTimeAsync(10_000);
    expect(visits()).toEqual([URL, 'https://news.example.com/feed?item=999']);
  });

  it('a new address showing the same text records nothing', async () => {
    const { go, visits } = app();
    await vi.advanceTimersByTimeAsync(10);
    go('/story?view=comments');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(visits()).toEqual([URL]);
  });

  it(`30 articles swapped in within a minute: at most ${MAX_SWAPPED_CHECKS_PER_SITE} visits that minute; the last one is checked later`, async () => {
    const { go, visits } = app();
    await vi.advanceTimersByTimeAsync(10);
    for (let i = 0; i < 30; i++) {
      go(`/c/${i}`, `candidate ${i}`);
      await vi.advanceTimersByTimeAsync(2_000);
    }
    expect(visits()).toHaveLength(1 + MAX_SWAPPED_CHECKS_PER_SITE);
    await vi.advanceTimersByTimeAsync(SWAP_WINDOW_MS);
    expect(visits().at(-1)).toBe('https://news.example.com/c/29');
  });
});

describe('watchPage: the copied parts the popup asks to show', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    (globalThis as { window?: unknown }).window ??= globalThis;
  });

  /** The page's content script, its highlighter a spy; `navigate` fires an in-app navigation. */
  function page() {
    const { ctx, navigate } = navigatingContext();
    fakeBackground({ 'should-check': false });
    const highlight = vi.fn((parts: readonly string[]) => ({ supported: true, highlighted: parts.length }));
    watchPage(ctx, { loaded: () => new Promise(() => {}), hasLoaded: () => false, settled: () => new Promise(() => {}), routeGate: { setTimer: () => {} }, notice: notice(), currentUrl: () => URL, highlight });
    const ask = (message: unknown) => new Promise((resolve) => void fakeBrowser.runtime.onMessage.trigger(message, { id: fakeBrowser.runtime.id }, resolve));
    return { highlight, ask, navigate };
  }

  it('highlight-copied: the parts are highlighted, and the page answers what it did', async () => {
    const { highlight, ask } = page();
    await expect(ask({ type: 'highlight-copied', parts: ['a copied part', 'another'] })).resolves.toEqual({ ok: true, value: { supported: true, highlighted: 2 } });
    expect(highlight).toHaveBeenCalledWith(['a copied part', 'another']);
  });

  it('an in-app navigation clears them: they were the last article\'s', () => {
    const { highlight, navigate } = page();
    navigate();
    expect(highlight).toHaveBeenCalledWith([]);
  });
});
