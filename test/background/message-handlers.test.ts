import { describe, expect, it, vi } from 'vitest';
import { backgroundHandlers } from '../../src/background/message-handlers';
import type { VisitService } from '../../src/background/visit-service';
import type { MessageSender, PageReading } from '../../src/messaging';
import type { Handler, RequestTo } from '../../src/protocol';

type BackgroundRequest = RequestTo<'background'>;

const EXTENSION = 'chrome-extension://abcdefghijklmnop/';
const POPUP: MessageSender = { id: 'me', url: `${EXTENSION}popup.html?tabId=12`, tab: { id: 30 } };
const PAGE_URL = 'https://e.com/story';
const CONTENT: MessageSender = { id: 'me', url: PAGE_URL, frameId: 0, tab: { id: 4, incognito: false } };

function fakeVisits() {
  return {
    shouldCheck: vi.fn(async () => true),
    visit: vi.fn(async () => ({ report: {}, showNotice: false })),
    skip: vi.fn(async () => {}),
    checkTab: vi.fn(async () => ({})),
    checkText: vi.fn(async () => ({})),
    tabStatus: vi.fn(async () => null),
    forgetAllTabs: vi.fn(async () => {}),
    markOwn: vi.fn(async () => ({})),
  };
}

function setup() {
  const visits = fakeVisits();
  const afterVisit = vi.fn();
  const openSettings = vi.fn(async () => {});
  const readHtml = vi.fn(async (): Promise<PageReading> => ({ kind: 'skip', reason: 'no_article' }));
  const copiedParts = { show: vi.fn(async () => ({ kind: 'not_a_copy' as const })), hide: vi.fn(async () => ({ kind: 'hidden' as const })) };
  const handlers = backgroundHandlers(visits as unknown as VisitService, { afterVisit, openSettings, extensionOrigin: EXTENSION, readHtml, copiedParts });
  const send = (request: BackgroundRequest, sender: MessageSender) => (handlers[request.type] as Handler<BackgroundRequest['type']>)(request as never, sender);
  return { visits, afterVisit, openSettings, readHtml, copiedParts, send };
}

const page = { url: PAGE_URL, title: 't', text: 'x' };

describe('background handlers: who may send what', () => {
  it.each<[string, BackgroundRequest, MessageSender, RegExp]>([
    ['a page request without a tab', { type: 'should-check', url: PAGE_URL }, { id: 'me', url: PAGE_URL }, /from a tab/],
    ['a page request from a tab without id', { type: 'should-check', url: PAGE_URL }, { id: 'me', url: PAGE_URL, tab: {} }, /from a tab/],
    ['a page request from the extension\'s own page (tab id -1)', { type: 'visit', page }, { id: 'me', url: PAGE_URL, tab: { id: -1 } }, /from a tab/],
    ['a page request from a frame', { type: 'visit', page }, { ...CONTENT, frameId: 3 }, /top frame/],
    ['a visit claiming another site', { type: 'visit', page: { ...page, url: 'https://bank.example/statement' } }, CONTENT, /its own site/],
    ['should-check for another site', { type: 'should-check', url: 'https://bank.example/' }, CONTENT, /its own site/],
    ['read-html for another site', { type: 'read-html', url: 'https://bank.example/', html: '<p>' }, CONTENT, /its own site/],
    ['read-html from a frame', { type: 'read-html', url: PAGE_URL, html: '<p>' }, { ...CONTENT, frameId: 2 }, /top frame/],
    ['a skip for another site', { type: 'skip', url: 'https://bank.example/', reason: 'too_large' }, CONTENT, /its own site/],
    ['a visit on another port of the same host', { type: 'visit', page: { ...page, url: 'https://e.com:8443/story' } }, CONTENT, /its own site/],
    ['a page request whose sender has no URL', { type: 'visit', page }, { ...CONTENT, url: undefined }, /its own site/],
    ['open-settings from no tab', { type: 'open-settings' }, { id: 'me' }, /from a tab/],
    ['get-tab-status from a content script', { type: 'get-tab-status', tabId: 9 }, CONTENT, /extension's own pages/],
    ['check-tab from a content script', { type: 'check-tab', tabId: 9, record: true }, CONTENT, /extension's own pages/],
    ['check-text from a content script (a page must not probe the history)', { type: 'check-text', text: 'what did they read?' }, CONTENT, /extension's own pages/],
    ['mark-own from a content script (a page must not make itself the user\'s article)', { type: 'mark-own', tabId: 9, mine: true }, CONTENT, /extension's own pages/],
    ['history-cleared from a content script', { type: 'history-cleared' }, CONTENT, /extension's own pages/],
    ['copied-parts from a content script (a page must not learn which of its parts the user read elsewhere)', { type: 'copied-parts', tabId: 9, show: true }, CONTENT, /extension's own pages/],
    ['get-tab-status from a page pretending to be an extension URL in its path', { type: 'get-tab-status', tabId: 9 }, { ...CONTENT, url: `https://e.com/${EXTENSION}` }, /extension's own pages/],
  ])('refuses %s', async (_name, request, sender, error) => {
    const { visits, readHtml, copiedParts, send } = setup();
    await expect(send(request, sender)).rejects.toThrow(error);
    for (const fn of [...Object.values(visits), ...Object.values(copiedParts)]) expect(fn).not.toHaveBeenCalled();
    expect(readHtml).not.toHaveBeenCalled();
  });

  it('has a page\'s own HTML read off the page and answers with the reading', async () => {
    const { readHtml, send } = setup();
    await expect(send({ type: 'read-html', url: PAGE_URL, html: '<p>Hi</p>' }, CONTENT)).resolves.toEqual({ kind: 'skip', reason: 'no_article' });
    expect(readHtml).toHaveBeenCalledWith(PAGE_URL, '<p>Hi</p>');
  });

  it('passes the sender tab and incognito flag on', async () => {
    const { visits, afterVisit, send } = setup();
    await send({ type: 'visit', page }, { ...CONTENT, tab: { id: 4, incognito: true } });
    expect(visits.visit).toHaveBeenCalledWith(page, { id: 4, incognito: true }, { revisit: false, ownLoad: false, loadedAt: undefined });
    expect(afterVisit).toHaveBeenCalledOnce();
  });

  it('passes on that the page was reloaded or restored (revisit)', async () => {
    const { visits, send } = setup();
    await send({ type: 'visit', page, revisit: true }, CONTENT);
    expect(visits.visit).toHaveBeenCalledWith(page, { id: 4, incognito: false }, { revisit: true, ownLoad: false, loadedAt: undefined });
  });

  it('passes on the document\'s own load and when it began', async () => {
    const { visits, send } = setup();
    await send({ type: 'visit', page, ownLoad: true, loadedAt: 1_700_000_000_000.5 }, CONTENT);
    expect(visits.visit).toHaveBeenCalledWith(page, { id: 4, incognito: false }, { revisit: false, ownLoad: true, loadedAt: 1_700_000_000_000.5 });
  });

  it('accepts a page reporting a new path of its own site (single-page apps)', async () => {
    const { visits, send } = setup();
    await send({ type: 'should-check', url: 'https://e.com/other/path?q=1' }, CONTENT);
    expect(visits.shouldCheck).toHaveBeenCalledWith('https://e.com/other/path?q=1', { id: 4, incognito: false });
  });

  it('passes skips on with their reason', async () => {
    const { visits, send } = setup();
    await expect(send({ type: 'skip', url: PAGE_URL, reason: 'too_large' }, CONTENT)).resolves.toBeNull();
    expect(visits.skip).toHaveBeenCalledWith(PAGE_URL, 'too_large', { id: 4, incognito: false });
  });

  it('popup requests name their tab (the popup may itself be open in a tab)', async () => {
    const { visits, send } = setup();
    await send({ type: 'check-tab', tabId: 12, record: true }, POPUP);
    expect(visits.checkTab).toHaveBeenCalledWith(12, true);
    await send({ type: 'get-tab-status', tabId: 12 }, { id: 'me', url: `${EXTENSION}popup.html` });
    expect(visits.tabStatus).toHaveBeenCalledWith(12);
  });

  it('checks a pasted or selected text for an extension page', async () => {
    const { visits, send } = setup();
    await send({ type: 'check-text', text: 'Pasted' }, POPUP);
    expect(visits.checkText).toHaveBeenCalledWith('Pasted');
  });

  it('marks the tab\'s page as the user\'s own article, or takes it back, for the popup', async () => {
    const { visits, send } = setup();
    await send({ type: 'mark-own', tabId: 12, mine: true }, POPUP);
    await send({ type: 'mark-own', tabId: 12, mine: false }, POPUP);
    expect(visits.markOwn.mock.calls).toEqual([[12, true], [12, false]]);
  });

  it('shows the copied parts of the tab\'s page, or hides them, for the popup', async () => {
    const { copiedParts, send } = setup();
    await send({ type: 'copied-parts', tabId: 12, show: true }, POPUP);
    await send({ type: 'copied-parts', tabId: 12, show: false }, POPUP);
    expect([copiedParts.show.mock.calls, copiedParts.hide.mock.calls]).toEqual([[[12]], [[12]]]);
  });

  it('the options page reports a cleared history: every tab report is forgotten', async () => {
    const { visits, send } = setup();
    await expect(send({ type: 'history-cleared' }, { id: 'me', url: `${EXTENSION}options.html#history` })).resolves.toBeNull();
    expect(visits.forgetAllTabs).toHaveBeenCalledOnce();
  });

  it('opens the settings for the notice', async () => {
    const { openSettings, send } = setup();
    await send({ type: 'open-settings' }, CONTENT);
    expect(openSettings).toHaveBeenCalledOnce();
  });
});
