/**
 * Bench-only timestamps in the bench copy's offscreen document, loaded before
 * its module (bench/scenarios/browser/index.ts), for the time-to-verdict
 * scenario: when an `offscreen-read` reached the document, when its
 * DOMParser parse ended and when the document sent its answer. They go to
 * the worker's probe (bench/browser/verdict-probe.ts) over a
 * BroadcastChannel, in epoch milliseconds, so that the step "offscreen
 * document asked → answered" splits into the HTML's way in, the parse, the
 * extraction and the answer's way back (decisions/0074 left that split open).
 * The production build is untouched.
 */
import { OFFSCREEN_PROBE_CHANNEL, messageType, now, type OffscreenMark } from './offscreen-probe-channel';

type Listener = (message: unknown, sender: unknown, sendResponse: (reply: unknown) => void) => unknown;

const channel = new BroadcastChannel(OFFSCREEN_PROBE_CHANNEL);
const post = (what: OffscreenMark['what']): void => channel.postMessage({ what, at: now() } satisfies OffscreenMark);

// Only the parse of a read under way is marked (the page-text fallback parses again: its first end counts).
let reading = false;
const parse = DOMParser.prototype.parseFromString;
DOMParser.prototype.parseFromString = function (this: DOMParser, ...args: Parameters<DOMParser['parseFromString']>): Document {
  const document = parse.apply(this, args);
  if (reading) {
    reading = false;
    post('offscreen-parsed');
  }
  return document;
};

const onMessage = (globalThis as unknown as { chrome: { runtime: { onMessage: { addListener(l: Listener): void } } } }).chrome.runtime.onMessage;
const addListener = onMessage.addListener.bind(onMessage);
onMessage.addListener = (listener: Listener): void => {
  addListener((message, sender, sendResponse) => {
    if (messageType(message) !== 'offscreen-read') return listener(message, sender, sendResponse);
    post('offscreen-received');
    reading = true;
    return listener(message, sender, (reply) => {
      post('offscreen-replied');
      sendResponse(reply);
    });
  });
};
