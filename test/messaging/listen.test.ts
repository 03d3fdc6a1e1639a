import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BACKGROUND_REQUESTS, parseRequest } from '../../src/message-validation';
import { listen, sendMessage, type OnMessage } from '../../src/messaging';

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

const parse = (raw: unknown) => parseRequest(raw, BACKGROUND_REQUESTS);

describe('listen', () => {
  beforeEach(() => fakeBrowser.reset());

  it('answers a valid request from this extension with the handler value', async () => {
    const { onMessage, deliver } = fakeOnMessage();
    listen({ 'get-tab-status': async ({ tabId }) => ({ tabId }) as never }, parse, onMessage, 'me');
    await expect(deliver({ type: 'get-tab-status', tabId: 3 }, { id: 'me' })).resolves.toEqual({ ok: true, value: { tabId: 3 } });
  });

  it('refuses messages from another extension with a clear error', async () => {
    const { onMessage, deliver } = fakeOnMessage();
    listen({ 'get-tab-status': async () => null }, parse, onMessage, 'me');
    await expect(deliver({ type: 'get-tab-status', tabId: 3 }, { id: 'someone-else' })).resolves.toEqual({
      ok: false,
      error: 'messages are accepted only from this extension',
    });
  });

  it('answers invalid messages with the validation error', async () => {
    const { onMessage, deliver } = fakeOnMessage();
    listen({}, parse, onMessage, 'me');
    await expect(deliver({ type: 'visit', page: { url: 'ftp://x' } }, { id: 'me' })).resolves.toMatchObject({ ok: false, error: expect.stringMatching(/http/) });
  });

  it('passes a handler failure back as an error', async () => {
    const { onMessage, deliver } = fakeOnMessage();
    listen({ 'open-settings': async () => Promise.reject(new Error('boom')) }, parse, onMessage, 'me');
    await expect(deliver({ type: 'open-settings' }, { id: 'me' })).resolves.toEqual({ ok: false, error: 'boom' });
  });

  it('stops listening when the returned function is called', () => {
    const { onMessage, listeners } = fakeOnMessage();
    const stop = listen({}, parse, onMessage, 'me');
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
