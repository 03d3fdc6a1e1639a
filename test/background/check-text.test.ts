import { beforeEach, describe, expect, it } from 'vitest';
import { backgroundHandlers } from '../../src/background/message-handlers';
import { PageChecker } from '../../src/background/page-checker';
import { VisitService } from '../../src/background/visit-service';
import { MAX_TEXT_CHARS, type Envelope, type PageReport } from '../../src/messaging';
import { listen, type OnMessage } from '../../src/protocol';
import { DEFAULT_SETTINGS } from '../../src/settings';
import type { History } from '../../src/store';
import { clock, freshHistory } from './fakes';

/**
 * "Check selected text" and the popup's paste box: `check-text` goes through
 * the real `listen`, handlers, VisitService and PageChecker (with the real
 * fingerprints) to a history in fake IndexedDB holding one article.
 */
const EXTENSION = 'chrome-extension://abcdefghijklmnop/';
const POPUP = { id: 'me', url: `${EXTENSION}popup.html?tabId=3` };
const ORIGINAL_URL = 'https://news.example.com/2026/harbour';

const ARTICLE = [
  'The harbour authority voted on Tuesday to rebuild the northern breakwater after two winters of storm damage.',
  'Engineers told the council that the old granite blocks had shifted by almost a metre since the last survey.',
  'Fishing crews, who moor behind the wall, asked for the work to be finished before the herring season opens in May.',
  'The cost, estimated at eleven million euros, will be shared between the port, the region and a European fund.',
  'Residents of the old quarter worry about months of lorries on the narrow coast road and asked for night limits.',
  'The mayor promised a public meeting next month, where the contractor will present its schedule and noise plans.',
].join(' ');
const UNRELATED = [
  'A small bakery on the hill began selling sourdough made with rye grown by farmers in the next valley.',
  'Its owner learned the craft in Vienna and spent three years adjusting the starter to the local flour.',
  'Queues form before dawn on Saturdays, and the loaves are often gone by nine, which regulars accept with humour.',
  'The bakery now trains two apprentices from the vocational school and hopes to open a second oven in spring.',
  'Neighbours say the smell of baking has changed the street, where several shops had closed in recent years.',
  'A cookbook of the recipes, illustrated by a local artist, is planned for the winter holidays next year.',
].join(' ');

let history: History;

/** Delivers `raw` from `sender` to the background as the browser would, and returns the envelope it answers with. */
function backgroundFor(h: History): (raw: unknown, sender?: typeof POPUP | { id: string; url: string; tab: { id: number }; frameId: number }) => Promise<Envelope<PageReport>> {
  const time = clock();
  const service = new VisitService({
    checker: new PageChecker({ history: h, now: time.now }),
    loadSettings: async () => DEFAULT_SETTINGS,
    tabReports: { get: async () => null, set: async () => {}, remove: async () => {}, clear: async () => [] },
    setBadge: async () => {},
    resetBadge: async () => {},
    extractFromTab: async () => ({ kind: 'skip', reason: 'no_article' }),
    routes: { allow: () => true, forgetTab: () => {}, navigated: () => {} },
  });
  let listener: Parameters<OnMessage['addListener']>[0] | undefined;
  listen('background', backgroundHandlers(service, { extensionOrigin: EXTENSION, readHtml: async () => ({ kind: 'skip', reason: 'no_article' }) }), {
    addListener: (l) => (listener = l),
    removeListener: () => {},
  }, 'me');
  return (raw, sender = POPUP) => new Promise((resolve) => listener!(raw, sender, (reply) => resolve(reply as Envelope<PageReport>)));
}

beforeEach(async () => {
  const time = clock();
  history = await freshHistory(time.now);
  const checker = new PageChecker({ history, now: time.now });
  await checker.check({ url: ORIGINAL_URL, title: 'Breakwater to be rebuilt', text: ARTICLE }, { ...DEFAULT_SETTINGS, record: true, source: 'visit' });
});

describe('check-text: a pasted or selected text judged against the history', () => {
  it.each<[string, string, PageReport['status'], string[]]>([
    ['the same article, as selected on another site', ARTICLE, 'repost', [ORIGINAL_URL]],
    ['the article as a selection gives it, a paragraph per sentence', ARTICLE.split('. ').join('.\n\n'), 'repost', [ORIGINAL_URL]],
    ['an unrelated article', UNRELATED, 'new', []],
    ['one sentence of the article: too short to judge', ARTICLE.slice(0, 110), 'too_short', []],
    // Its sentences are the article's: judged by them though under the length rule (decisions/0085; was too_short).
    ['its first three sentences: under the length rule, a quote of it', `${ARTICLE.split('. ').slice(0, 3).join('. ')}.`, 'quote', [ORIGINAL_URL]],
    ['nothing at all: too short to judge', '', 'too_short', []],
  ])('%s', async (_name, text, status, matchUrls) => {
    const send = backgroundFor(history);
    const reply = await send({ type: 'check-text', text });
    expect(reply.ok).toBe(true);
    const report = (reply as { value: PageReport }).value;
    expect(report).toMatchObject({ status, recorded: false, visitCount: 0, url: '', title: '' });
    expect(report.matches.map((match) => match.url)).toEqual(matchUrls);
    expect(report.matchCount).toBe(matchUrls.length);
  });

  it('never records the text: the history still holds only the article', async () => {
    const send = backgroundFor(history);
    await send({ type: 'check-text', text: UNRELATED });
    await send({ type: 'check-text', text: ARTICLE });
    expect(await history.count()).toBe(1);
    expect((await history.getByUrl(ORIGINAL_URL))?.visitCount).toBe(1);
  });

  it.each<[string, unknown, Parameters<ReturnType<typeof backgroundFor>>[1], RegExp]>([
    ['a text over the cap (refused by validation)', { type: 'check-text', text: 'x'.repeat(MAX_TEXT_CHARS + 1) }, POPUP, /text is longer than 1000000 characters/],
    ['a text that is no string', { type: 'check-text', text: 42 }, POPUP, /text must be a string/],
    ['a content script asking (a page must not probe the history)', { type: 'check-text', text: ARTICLE }, { id: 'me', url: 'https://evil.example/', tab: { id: 5 }, frameId: 0 }, /extension's own pages/],
  ])('refuses %s', async (_name, raw, sender, error) => {
    const reply = await backgroundFor(history)(raw, sender);
    expect(reply.ok).toBe(false);
    expect((reply as { error: string }).error).toMatch(error);
  });
});
