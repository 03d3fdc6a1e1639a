import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { PageReading } from '../../src/messaging';
import { listen, sendMessage, type HandlersFor, type OnMessage } from '../../src/protocol';

/**
 * A stand-in for runtime.onMessage that lets a test choose the sender, which
 * fakeBrowser's sendMessage does not.
 */
function fakeOnMessage() {
  const listeners: Parameters<OnMessage['addListener']>[0][] = [];
  const onMessage: OnMessage = {
    addListener: (l) => listeners.push(l),
    removeListener: (l) => listeners.splice(listeners.indexOf(l), 1),
  };
  const deliver = (raw: unknown, sender: { id?: string; tab?: { id?: number } }) =>
    new Promise<unknown>((resolve) => {
      const async = listeners[0]!(raw, sender, resolve);
      if (!async) setTimeout(() => resolve("no reply"), 0);
    });
  return { onMessage, deliver, listeners };
}

const unexpected = async (): Promise<never> => {
  throw new Error('not expected in this test');
};
/** The background's table with every handler failing; a test replaces the ones it sends to. */
function background(handlers: Partial<HandlersFor<'background'>> = {}): HandlersFor<'background'> {
  return {
    'should-check': unexpected, 'read-html': unexpected, visit: unexpected, skip: unexpected, 'open-settings': unexpected,
    'get-tab-status': unexpected, 'check-tab': unexpected, 'check-text': unexpected, 'mark-own': unexpected, 'copied-parts': unexpected, 'history-cleared': unexpected, ...handlers,
  };
}
const READING: PageReading = { kind: 'skip', reason: 'no_article' };

describe('listen', () => {
  beforeEach(() => fakeBrowser.reset());

  it('answers a valid request from this extension with the handler value', async () => {
    const { onMessage, deliver } = fakeOnMessage();
    listen('background', background({ 'get-tab-status': async ({ tabId }) => ({ tabId }) as never }), onMessage, 'me');
    await expect(deliver({ type: 'get-tab-status', tabId: 3 }, { id: 'me' })).resolves.toEqual({ ok: true, value: { tabId: 3 } });
  });

  it('refuses messages from another extension with a clear error', async () => {
    const { onMessage, deliver } = fakeOnMessage();
    listen('background', background({ 'get-tab-status': async () => null }), onMessage, 'me');
    await expect(deliver({ type: 'get-tab-status', tabId: 3 }, { id: 'someone-else' })).resolves.toEqual({
      ok: false,
      error: 'messages are accepted only from this extension',
    });
  });

  it('answers invalid messages with the validation error', async () => {
    const { onMessage, deliver } = fakeOnMessage();
    listen('background', background(), onMessage, 'me');
    await expect(deliver({ type: 'visit', page: { url: 'ftp://x' } }, { id: 'me' })).resolves.toMatchObject({ ok: false, error: expect.stringMatching(/http/) });
  });

  it.each<[string, 'background' | 'content', unknown, string]>([
    ['the background refuses an unknown message', 'background', { type: 'drop-table' }, 'unknown message type "drop-table"'],
    ['the background refuses a message for the content script', 'background', { type: 'extract' }, 'message type "extract" is for the content script, not the background'],
    ['the background refuses a message for the offscreen document', 'background', { type: 'offscreen-read', url: 'https://e.com/', html: '' }, 'message type "offscreen-read" is for the offscreen document, not the background'],
    ['a content script refuses an unknown message', 'content', { type: 'pong' }, 'unknown message type "pong"'],
    ['a content script refuses a message for the background', 'content', { type: 'visit', page: { url: 'https://e.com/', title: 't', text: 'x' } }, 'message type "visit" is for the background, not the content script'],
  ])('%s, naming the reason', async (_name, receiver, raw, error) => {
    const { onMessage, deliver } = fakeOnMessage();
    if (receiver === 'background') listen('background', background(), onMessage, 'me');
    else listen('content', { extract: unexpected, ping: unexpected, 'highlight-copied': unexpected }, onMessage, 'me');
    await expect(deliver(raw, { id: 'me' })).resolves.toEqual({ ok: false, error });
  });

  it('the offscreen document answers its own message and leaves every other to the background (the first reply wins)', async () => {
    const { onMessage, deliver } = fakeOnMessage();
    listen('offscreen', { 'offscreen-read': async () => READING }, onMessage, 'me');
    await expect(deliver({ type: 'offscreen-read', url: 'https://e.com/', html: '<p>' }, { id: 'me' })).resolves.toEqual({ ok: true, value: READING });
    await expect(deliver({ type: 'offscreen-read', url: 'file:///etc/passwd', html: '' }, { id: 'me' })).resolves.toMatchObject({ ok: false, error: 'url must be an http(s) URL' });
    for (const raw of [{ type: 'should-check', url: 'https://e.com/' }, { type: 'read-html', url: 'https://e.com/', html: '' }, { type: 'drop-table' }, null, 'offscreen-read']) {
      await expect(deliver(raw, { id: 'me' })).resolves.toBe('no reply');
    }
  });

  it('passes a handler failure back as an error', async () => {
    const { onMessage, deliver } = fakeOnMessage();
    listen('background', background({ 'open-settings': async () => Promise.reject(new Error('boom')) }), onMessage, 'me');
    await expect(deliver({ type: 'open-settings' }, { id: 'me' })).resolves.toEqual({ ok: false, error: 'boom' });
  });

  it('stops listening when the returned function is called', () => {
    const { onMessage, listeners } = fakeOnMessage();
    const stop = listen('background', background(), onMessage, 'me');
    expect(listeners).toHaveLength(1);
    stop();
    expect(listeners).toHaveLength(0);
  });

  it('the typed sendMessage unwraps a value reply', async () => {
    fakeBrowser.runtime.onMessage.addListener((_raw, _sender, sendResponse) => {
      sendResponse({ ok: true, value: null });
      return true;
    });
    await expect(sendMessage({ type: 'get-tab-status', tabId: 1 })).resolves.toBeNull();
  });

  it('the typed sendMessage turns an error reply into a rejected promise', async () => {
    fakeBrowser.runtime.onMessage.addListener((_raw, _sender, sendResponse) => {
      sendResponse({ ok: false, error: 'tabId must be a non-negative integer' });
      return true;
    });
    await expect(sendMessage({ type: 'get-tab-status', tabId: 1 })).rejects.toThrow(/tabId/);
  });
});
