import { browser } from 'wxt/browser';
import {
  MAX_COPIED_PARTS,
  MAX_HTML_CHARS,
  MAX_SENT_EXCERPT_CHARS,
  MAX_SHORT_FIELD_CHARS,
  MAX_TEXT_CHARS,
  MessageError,
  NoReplyError,
  SKIP_REASONS,
  type CopiedParts,
  type Envelope,
  type HighlightResult,
  type ExtractedPage,
  type MessageSender,
  type PageReading,
  type PageReport,
  type VisitResponse,
} from './messaging';
import { MAX_TITLE_LENGTH } from './store/page';
import { arrayOf, boolean, flag, httpUrl, nonNegativeInteger, objectOf, oneOf, optional, readFields, record, string, time, type Infer, type Shape } from './validators';

/** The contexts that answer messages. */
export type Receiver = 'background' | 'content' | 'offscreen';
/** The contexts that send them: content scripts, the popup, the options page and the background. */
export type Sender = 'content' | 'popup' | 'options' | 'background';

const RECEIVER_NAMES: Readonly<Record<Receiver, string>> = { background: 'background', content: 'content script', offscreen: 'offscreen document' };

declare const replyType: unique symbol;
/** The type a receiver answers with: a type only, with no value at run time. */
export interface Reply<T> {
  readonly [replyType]?: T;
}
const reply = <T>(): Reply<T> => ({});

interface Definition {
  from: Sender;
  to: Receiver;
  /** The request's fields besides `type`, each with its validator. */
  request: Shape;
  reply: Reply<unknown>;
}

const page = objectOf<ExtractedPage>({
  url: httpUrl,
  title: string(MAX_TITLE_LENGTH),
  text: string(MAX_TEXT_CHARS),
  excerpt: optional(string(MAX_SENT_EXCERPT_CHARS)),
  canonicalUrl: optional(httpUrl),
  language: optional(string(MAX_SHORT_FIELD_CHARS)),
  siteName: optional(string(MAX_SHORT_FIELD_CHARS)),
  publishedTime: optional(time),
});

/**
 * Every message between the extension's contexts, once: who sends it, who
 * answers, its fields with their validation, and the reply. The typed
 * senders, the validation of what arrives and each receiver's handler table
 * are derived from it; docs/extension.md lists the same messages (checked by
 * test/messaging/protocol-doc.test.ts). Content scripts reach extension
 * pages with `runtime.sendMessage` and are reached with `tabs.sendMessage`.
 */
export const protocol = {
  /** False on excluded sites, with automatic mode off, or in incognito (unless allowed). */
  'should-check': { from: 'content', to: 'background', request: { url: httpUrl }, reply: reply<boolean>() },
  /** The article of the page whose HTML was sent, read off the page (src/background/html-reader.ts). */
  'read-html': { from: 'content', to: 'background', request: { url: httpUrl, html: string(MAX_HTML_CHARS) }, reply: reply<PageReading>() },
  /**
   * `revisit`: the page was not navigated to just now (reloaded, restored
   * with the session, or gone back or forward to): checked, recorded when
   * new to the history, but adding no visit to a page already in it.
   * `ownLoad`: the document's first check, at the address it was loaded at
   * (Navigation Timing), not content swapped in (route-limiter.ts).
   * `loadedAt`: with the first check, when the document's navigation began
   * (`performance.timeOrigin`): one loaded before the extension started adds no visit.
   */
  visit: { from: 'content', to: 'background', request: { page, revisit: flag, ownLoad: flag, loadedAt: optional(time) }, reply: reply<VisitResponse>() },
  /** The page was not read: no article, or over the reading budget. */
  skip: { from: 'content', to: 'background', request: { url: httpUrl, reason: oneOf(SKIP_REASONS) }, reply: reply<null>() },
  /** The notice's settings link. */
  'open-settings': { from: 'content', to: 'background', request: {}, reply: reply<null>() },
  'get-tab-status': { from: 'popup', to: 'background', request: { tabId: nonNegativeInteger }, reply: reply<PageReport | null>() },
  'check-tab': { from: 'popup', to: 'background', request: { tabId: nonNegativeInteger, record: boolean }, reply: reply<PageReport>() },
  /** Pasted or selected text, judged against the history like a page's, and not recorded. */
  'check-text': { from: 'popup', to: 'background', request: { text: string(MAX_TEXT_CHARS) }, reply: reply<PageReport>() },
  /** "This is my article" (`mine: true`) or "Not my article" for the tab's page: its report, updated. */
  'mark-own': { from: 'popup', to: 'background', request: { tabId: nonNegativeInteger, mine: boolean }, reply: reply<PageReport>() },
  /**
   * "Show copied parts" (`show: true`) for the tab's page flagged as a copy:
   * its parts copied from the earlier page are highlighted on the page, and
   * the earlier page described; `show: false` takes the highlight away.
   */
  'copied-parts': { from: 'popup', to: 'background', request: { tabId: nonNegativeInteger, show: boolean }, reply: reply<CopiedParts>() },
  /** The reports kept for the popup are forgotten and the badges reset. */
  'history-cleared': { from: 'options', to: 'background', request: {}, reply: reply<null>() },
  extract: { from: 'background', to: 'content', request: {}, reply: reply<PageReading>() },
  /** Highlights these parts of the page's text (CSS Custom Highlight API), replacing any before; none clears it. */
  'highlight-copied': { from: 'background', to: 'content', request: { parts: arrayOf(string(MAX_TEXT_CHARS), MAX_COPIED_PARTS) }, reply: reply<HighlightResult>() },
  /** Answered only by a page that already runs the content script (the background injects it otherwise). */
  ping: { from: 'background', to: 'content', request: {}, reply: reply<true>() },
  /** `read-html`, passed on by Chromium's background, whose service worker has no DOM. */
  'offscreen-read': { from: 'background', to: 'offscreen', request: { url: httpUrl, html: string(MAX_HTML_CHARS) }, reply: reply<PageReading>() },
} as const satisfies Record<string, Definition>;

type Protocol = typeof protocol;
export type RequestType = keyof Protocol;
export type RequestOf<T extends RequestType> = { type: T } & Infer<Protocol[T]['request']>;
export type Request = { [T in RequestType]: RequestOf<T> }[RequestType];
export type ResponseOf<T extends RequestType> = Protocol[T]['reply'] extends Reply<infer R> ? R : never;
/** The messages `receiver` answers. */
export type RequestTypeTo<R extends Receiver> = { [T in RequestType]: Protocol[T]['to'] extends R ? T : never }[RequestType];

/** The requests `receiver` answers. */
export type RequestTo<R extends Receiver> = Extract<Request, { type: RequestTypeTo<R> }>;

export type Handler<T extends RequestType> = (request: RequestOf<T>, sender: MessageSender) => Promise<ResponseOf<T>>;
/** A receiver's answer to each message addressed to it: a missing or unknown one is a type error. */
export type HandlersFor<R extends Receiver> = { [T in RequestTypeTo<R>]: Handler<T> };

export const REQUEST_TYPES = Object.keys(protocol) as RequestType[];

function isRequestType(type: unknown): type is RequestType {
  return typeof type === 'string' && Object.hasOwn(protocol, type);
}

/**
 * Turns whatever arrived at `receiver` into a typed request, or throws a
 * MessageError naming the first problem: not a message, an unknown type, a
 * message for another receiver, or a field of the wrong type or size.
 * Unknown fields are dropped.
 */
export function parseRequest<R extends Receiver>(raw: unknown, receiver: R): RequestTo<R> {
  const message = record(raw, 'message');
  const { type } = message;
  if (!isRequestType(type)) throw new MessageError(`unknown message type ${JSON.stringify(type)}`);
  const { to, request } = protocol[type];
  if (to !== receiver) throw new MessageError(`message type "${type}" is for the ${RECEIVER_NAMES[to]}, not the ${RECEIVER_NAMES[receiver]}`);
  return { type, ...readFields(request, message) } as RequestTo<R>;
}

/** Sends a request to the background (or the offscreen document) and unwraps the reply. */
export async function sendMessage<T extends RequestTypeTo<'background' | 'offscreen'>>(request: RequestOf<T>): Promise<ResponseOf<T>> {
  return unwrap<T>(await browser.runtime.sendMessage(request));
}

/** Sends a request to the content script of one tab. */
export async function sendTabMessage<T extends RequestTypeTo<'content'>>(tabId: number, request: RequestOf<T>): Promise<ResponseOf<T>> {
  return unwrap<T>(await browser.tabs.sendMessage(tabId, request));
}

function unwrap<T extends RequestType>(reply: unknown): ResponseOf<T> {
  if (!reply || typeof reply !== 'object' || !('ok' in reply)) throw new NoReplyError('no reply from the receiver');
  const envelope = reply as Envelope<ResponseOf<T>>;
  if (!envelope.ok) throw new MessageError(envelope.error);
  return envelope.value;
}

/**
 * The offscreen document hears every `runtime.sendMessage` of the extension,
 * the content scripts' and popup's to the background included: it leaves
 * those (and anything unknown) to the background to answer or refuse, since
 * the first reply wins.
 */
const ANSWERS_ONLY_ITS_OWN: ReadonlySet<Receiver> = new Set(['offscreen']);

/**
 * Registers `handlers`, the answers of `receiver`, on `runtime.onMessage`.
 * Messages from another extension, unknown or malformed ones and ones for
 * another receiver are answered with an error. Replies travel in an
 * envelope, so that errors reach the caller as errors instead of `undefined`,
 * and go through `sendResponse` (+ `return true`), which every browser and
 * the test fake deliver; returning a Promise is not delivered by the fake.
 */
export function listen<R extends Receiver>(
  receiver: R,
  handlers: HandlersFor<R>,
  onMessage: OnMessage = browser.runtime.onMessage as unknown as OnMessage,
  ownId: string = browser.runtime.id,
): () => void {
  const listener: RawListener = (raw, sender, sendResponse) => {
    if (ANSWERS_ONLY_ITS_OWN.has(receiver) && !addressedTo(raw, receiver)) return false;
    let request: Request;
    try {
      if (sender.id !== ownId) throw new MessageError('messages are accepted only from this extension');
      request = parseRequest(raw, receiver);
    } catch (error) {
      sendResponse(failure(error));
      return true;
    }
    const handler = (handlers as Partial<Record<RequestType, Handler<RequestType>>>)[request.type]!;
    handler(request as never, sender).then(
      (value) => sendResponse({ ok: true, value } satisfies Envelope<unknown>),
      (error: unknown) => sendResponse(failure(error)),
    );
    return true;
  };
  onMessage.addListener(listener);
  return () => onMessage.removeListener(listener);
}

function addressedTo(raw: unknown, receiver: Receiver): boolean {
  const type = (raw as { type?: unknown } | null)?.type;
  return isRequestType(type) && protocol[type].to === receiver;
}

type RawListener = (raw: unknown, sender: MessageSender, sendResponse: (reply: unknown) => void) => boolean;
export interface OnMessage {
  addListener(listener: RawListener): void;
  removeListener(listener: RawListener): void;
}

function failure(error: unknown): Envelope<never> {
  return { ok: false, error: error instanceof Error ? error.message : String(error) };
}
