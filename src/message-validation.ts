import {
  MAX_EXCERPT_CHARS,
  MAX_HTML_CHARS,
  MAX_SHORT_FIELD_CHARS,
  MAX_TEXT_CHARS,
  MAX_TITLE_CHARS,
  MAX_URL_CHARS,
  MessageError,
  SKIP_REASONS,
  type ExtractedPage,
  type Request,
  type RequestType,
} from './messaging';

/**
 * Turns whatever arrived on `runtime.onMessage` into a typed `Request`, or
 * throws a `MessageError` naming the first problem. A content script runs in
 * pages we do not control, so nothing it sends is trusted: every field's type
 * and size is checked and unknown fields are dropped.
 */
export function parseRequest(raw: unknown, accepted: readonly RequestType[]): Request {
  const message = record(raw, 'message');
  const type = message.type;
  if (typeof type !== 'string' || !accepted.includes(type as RequestType)) {
    throw new MessageError(`unknown message type ${JSON.stringify(type)}`);
  }
  switch (type as RequestType) {
    case 'should-check':
      return { type: 'should-check', url: httpUrl(message.url, 'url') };
    case 'read-html':
      return { type: 'read-html', url: httpUrl(message.url, 'url'), html: string(message.html, 'html', MAX_HTML_CHARS) };
    case 'offscreen-read':
      return { type: 'offscreen-read', url: httpUrl(message.url, 'url'), html: string(message.html, 'html', MAX_HTML_CHARS) };
    case 'visit':
      return message.revisit === undefined || message.revisit === null || message.revisit === false
        ? { type: 'visit', page: parsePage(message.page) }
        : { type: 'visit', page: parsePage(message.page), revisit: literalTrue(message.revisit, 'revisit') };
    case 'skip':
      return { type: 'skip', url: httpUrl(message.url, 'url'), reason: oneOf(message.reason, 'reason', SKIP_REASONS) };
    case 'open-settings':
      return { type: 'open-settings' };
    case 'get-tab-status':
      return { type: 'get-tab-status', tabId: tabId(message.tabId) };
    case 'check-tab':
      return { type: 'check-tab', tabId: tabId(message.tabId), record: boolean(message.record, 'record') };
    case 'history-cleared':
      return { type: 'history-cleared' };
    case 'extract':
      return { type: 'extract' };
    case 'ping':
      return { type: 'ping' };
  }
}

/** The requests the background answers. */
export const BACKGROUND_REQUESTS: readonly RequestType[] = ['should-check', 'read-html', 'visit', 'skip', 'open-settings', 'get-tab-status', 'check-tab', 'history-cleared'];
/** The requests a content script answers. */
export const CONTENT_REQUESTS: readonly RequestType[] = ['extract', 'ping'];
/** The requests the offscreen document answers. */
export const OFFSCREEN_REQUESTS: readonly RequestType[] = ['offscreen-read'];

export function parsePage(raw: unknown): ExtractedPage {
  const page = record(raw, 'page');
  const url = httpUrl(page.url, 'page.url');
  const parsed: ExtractedPage = {
    url,
    title: string(page.title, 'page.title', MAX_TITLE_CHARS),
    text: string(page.text, 'page.text', MAX_TEXT_CHARS),
  };
  const excerpt = optionalString(page.excerpt, 'page.excerpt', MAX_EXCERPT_CHARS);
  const canonicalUrl = page.canonicalUrl === undefined || page.canonicalUrl === null ? undefined : httpUrl(page.canonicalUrl, 'page.canonicalUrl');
  const language = optionalString(page.language, 'page.language', MAX_SHORT_FIELD_CHARS);
  const siteName = optionalString(page.siteName, 'page.siteName', MAX_SHORT_FIELD_CHARS);
  const publishedTime = optionalTime(page.publishedTime, 'page.publishedTime');
  if (excerpt !== undefined) parsed.excerpt = excerpt;
  if (canonicalUrl !== undefined) parsed.canonicalUrl = canonicalUrl;
  if (language !== undefined) parsed.language = language;
  if (siteName !== undefined) parsed.siteName = siteName;
  if (publishedTime !== undefined) parsed.publishedTime = publishedTime;
  return parsed;
}

function literalTrue(value: unknown, name: string): true {
  if (value !== true) throw new MessageError(`${name} must be true when present`);
  return true;
}

function record(value: unknown, name: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new MessageError(`${name} must be an object`);
  return value as Record<string, unknown>;
}

function string(value: unknown, name: string, maxChars: number): string {
  if (typeof value !== 'string') throw new MessageError(`${name} must be a string`);
  if (value.length > maxChars) throw new MessageError(`${name} is longer than ${maxChars} characters`);
  return value;
}

function optionalString(value: unknown, name: string, maxChars: number): string | undefined {
  return value === undefined || value === null ? undefined : string(value, name, maxChars);
}

function httpUrl(value: unknown, name: string): string {
  const url = string(value, name, MAX_URL_CHARS);
  if (!/^https?:\/\/./i.test(url)) throw new MessageError(`${name} must be an http(s) URL`);
  return url;
}

function optionalTime(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new MessageError(`${name} must be a time in ms since the epoch`);
  return value;
}

function oneOf<T extends string>(value: unknown, name: string, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) throw new MessageError(`${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

function boolean(value: unknown, name: string): boolean {
  if (typeof value !== 'boolean') throw new MessageError(`${name} must be true or false`);
  return value;
}

function tabId(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new MessageError('tabId must be a non-negative integer');
  }
  return value;
}
