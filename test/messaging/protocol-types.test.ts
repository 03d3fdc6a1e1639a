import { describe, expect, it } from 'vitest';
import type { PageReading } from '../../src/messaging';
import { sendMessage, sendTabMessage, type HandlersFor } from '../../src/protocol';

/**
 * What the protocol's types refuse. The `@ts-expect-error` lines are the
 * specification: `tsc --noEmit` (npm test's type check) fails when one of
 * them compiles, that is when the protocol stops catching the mistake.
 */
const reading = async (): Promise<PageReading> => ({ kind: 'skip', reason: 'no_article' });
const highlight = async () => ({ supported: true, highlighted: 0 });
const page = { url: 'https://e.com/', title: 't', text: 'x' };

describe('the protocol, at compile time', () => {
  it('a receiver\'s handler table answers every message addressed to it, and no other', () => {
    const tables: HandlersFor<'content'>[] = [
      { extract: reading, ping: async () => true, 'highlight-copied': highlight },
      // @ts-expect-error: no handler for `ping`
      { extract: reading, 'highlight-copied': highlight },
      // @ts-expect-error: `pong` is misspelled
      { extract: reading, pong: async () => true, 'highlight-copied': highlight },
      // @ts-expect-error: `visit` is answered by the background
      { extract: reading, ping: async () => true, 'highlight-copied': highlight, visit: reading },
      // @ts-expect-error: `ping` answers `true`
      { extract: reading, ping: async () => false, 'highlight-copied': highlight },
    ];
    expect(tables).toHaveLength(5);
  });

  it('each sender reaches only its own receivers, with the fields the message has', () => {
    const mistakes = [
      // @ts-expect-error: content scripts are reached with sendTabMessage
      () => sendMessage({ type: 'extract' }),
      // @ts-expect-error: the background is reached with sendMessage
      () => sendTabMessage(1, { type: 'visit', page }),
      // @ts-expect-error: `record` is missing
      () => sendMessage({ type: 'check-tab', tabId: 1 }),
      // @ts-expect-error: `reason` is not a skip reason
      () => sendMessage({ type: 'skip', url: page.url, reason: 'bored' }),
    ];
    expect(mistakes).toHaveLength(4);
  });
});
