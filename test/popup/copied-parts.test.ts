import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { copiedPartsToggle } from '../../entrypoints/popup/copied-parts';
import type { CopiedParts, PageReport, PageStatus } from '../../src/messaging';
import { loadExtensionPage } from '../support/extension-page';

const TAB = 4;
const EARLIER = { title: 'The original story', url: 'https://original.example/story', excerpt: 'I still remember using the iPhone 4…' };

function report(status: PageStatus): PageReport {
  return { status, url: 'https://copy.example/a', title: 'A copy', site: 'copy.example', matches: [], matchCount: 0, recorded: true, visitCount: 1, firstPublished: 'unknown', checkedAt: 0 };
}

/** The background answering `copied-parts` with `answer(request)` (an Error: a failed request); the requests it got. */
function background(answer: (request: { show: boolean }) => CopiedParts | Error): unknown[] {
  const received: unknown[] = [];
  fakeBrowser.runtime.onMessage.addListener((raw, _sender, sendResponse) => {
    received.push(raw);
    const reply = answer(raw as { show: boolean });
    sendResponse(reply instanceof Error ? { ok: false, error: reply.message } : { ok: true, value: reply });
    return true;
  });
  return received;
}

const text = (id: string) => document.getElementById(id)?.textContent ?? '';
const click = () => document.getElementById('copied-toggle')!.dispatchEvent(new window.Event('click'));

describe('popup: Show copied parts', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    loadExtensionPage('popup');
  });

  it.each<[PageStatus | null, boolean]>([
    ['repost', true],
    ['partial', true],
    ['quote', true],
    ['new', false],
    ['read_before', false],
    [null, false],
  ])('offered for a page whose status is %s: %s', (status, offered) => {
    copiedPartsToggle(TAB).update(status === null ? null : report(status));
    expect(document.getElementById('copied')!.hidden).toBe(!offered);
  });

  it.each<[string, CopiedParts | Error, { note: string; button: string; excerpts: string[] }]>([
    ['highlighted: how many, this page\'s part beside the earlier page\'s excerpt, and the button hides them next',
      { kind: 'shown', result: { supported: true, highlighted: 3 }, earlier: EARLIER, passage: '…still remember using the iPhone 4' },
      { note: '3 copied passages highlighted on the page.', button: 'Hide copied parts', excerpts: ['On this page…still remember using the iPhone 4', `Read earlier${EARLIER.title}${EARLIER.excerpt}`] }],
    ['a browser without the CSS Custom Highlight API: the excerpts, and why nothing is marked',
      { kind: 'shown', result: { supported: false, highlighted: 0 }, earlier: EARLIER, passage: 'Copied words' },
      { note: 'This browser cannot highlight text on a page. The copied part begins:', button: 'Show copied parts', excerpts: ['On this pageCopied words', `Read earlier${EARLIER.title}${EARLIER.excerpt}`] }],
    ['parts the page no longer shows',
      { kind: 'shown', result: { supported: true, highlighted: 0 }, earlier: EARLIER, passage: 'Copied words' },
      { note: 'The copied parts could not be found on the page; it may have changed since it was checked.', button: 'Show copied parts', excerpts: ['On this pageCopied words', `Read earlier${EARLIER.title}${EARLIER.excerpt}`] }],
    ['a page no longer flagged as a copy', { kind: 'not_a_copy' }, { note: 'No copied parts to show on this page.', button: 'Show copied parts', excerpts: [] }],
    ['a failed request', new Error('no content script'), { note: 'Could not show the copied parts. Reload the page and try again.', button: 'Show copied parts', excerpts: [] }],
  ])('%s', async (_name, reply, expected) => {
    const received = background(() => reply);
    copiedPartsToggle(TAB).update(report('partial'));
    click();
    await vi.waitFor(() => expect(text('copied-note')).not.toBe(''));
    expect(received).toEqual([{ type: 'copied-parts', tabId: TAB, show: true }]);
    expect({
      note: text('copied-note'),
      button: text('copied-toggle'),
      excerpts: [...document.querySelectorAll('#copied-compare .excerpt')].map((excerpt) => excerpt.textContent),
    }).toEqual(expected);
  });

  it('a second click asks to hide them, and the excerpts go', async () => {
    const received = background(({ show }) => (show ? { kind: 'shown', result: { supported: true, highlighted: 2 }, earlier: EARLIER, passage: 'Copied words' } : { kind: 'hidden' }));
    copiedPartsToggle(TAB).update(report('repost'));
    click();
    await vi.waitFor(() => expect(text('copied-toggle')).toBe('Hide copied parts'));
    click();
    await vi.waitFor(() => expect(text('copied-toggle')).toBe('Show copied parts'));
    expect(received).toEqual([{ type: 'copied-parts', tabId: TAB, show: true }, { type: 'copied-parts', tabId: TAB, show: false }]);
    expect(text('copied-note')).toBe('');
    expect(document.querySelectorAll('#copied-compare .excerpt')).toHaveLength(0);
  });
});
