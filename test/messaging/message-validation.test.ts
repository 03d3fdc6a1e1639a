import { describe, expect, it } from 'vitest';
import { MAX_HTML_CHARS, MAX_TEXT_CHARS, MessageError } from '../../src/messaging';
import { parseRequest } from '../../src/protocol';
import { MAX_TITLE_LENGTH, MAX_URL_LENGTH } from '../../src/store/page';

const page = { url: 'https://example.com/a', title: 'A title', text: 'Some text' };

describe('parseRequest: accepted messages', () => {
  it.each([
    ['should-check', { type: 'should-check', url: 'https://example.com/' }, { type: 'should-check', url: 'https://example.com/' }],
    ['visit (minimal page)', { type: 'visit', page }, { type: 'visit', page }],
    [
      'visit (all fields)',
      { type: 'visit', page: { ...page, excerpt: 'e', canonicalUrl: 'https://example.com/c', language: 'en', siteName: 'Example', publishedTime: 1_600_000_000_000 } },
      { type: 'visit', page: { ...page, excerpt: 'e', canonicalUrl: 'https://example.com/c', language: 'en', siteName: 'Example', publishedTime: 1_600_000_000_000 } },
    ],
    ['visit: null optionals are dropped', { type: 'visit', page: { ...page, language: null, publishedTime: null } }, { type: 'visit', page }],
    ['visit of a reloaded or restored page', { type: 'visit', page, revisit: true }, { type: 'visit', page, revisit: true }],
    ['visit: revisit false is a plain visit', { type: 'visit', page, revisit: false }, { type: 'visit', page }],
    ['visit: a document\'s own first check', { type: 'visit', page, ownLoad: true, loadedAt: 1_700_000_000_000.25 }, { type: 'visit', page, ownLoad: true, loadedAt: 1_700_000_000_000.25 }],
    ['visit: unknown fields are dropped', { type: 'visit', page: { ...page, html: '<p>' }, extra: 1 }, { type: 'visit', page }],
    ['read-html', { type: 'read-html', url: 'https://example.com/', html: '<p>Hi</p>', extra: 1 }, { type: 'read-html', url: 'https://example.com/', html: '<p>Hi</p>' }],
    ['open-settings', { type: 'open-settings' }, { type: 'open-settings' }],
    ['get-tab-status', { type: 'get-tab-status', tabId: 7 }, { type: 'get-tab-status', tabId: 7 }],
    ['check-tab', { type: 'check-tab', tabId: 7, record: true }, { type: 'check-tab', tabId: 7, record: true }],
    ['skip (too large)', { type: 'skip', url: 'https://example.com/', reason: 'too_large' }, { type: 'skip', url: 'https://example.com/', reason: 'too_large' }],
    ['skip (no article), extra fields dropped', { type: 'skip', url: 'https://example.com/', reason: 'no_article', html: '<p>' }, { type: 'skip', url: 'https://example.com/', reason: 'no_article' }],
    ['history-cleared', { type: 'history-cleared', pages: 3 }, { type: 'history-cleared' }],
    ['hostile strings are data: markup in title and text is kept as it is', { type: 'visit', page: { ...page, title: '<img src=x onerror=alert(1)>\u202Egnp.exe', text: '<script>alert(1)</script>' } }, { type: 'visit', page: { ...page, title: '<img src=x onerror=alert(1)>\u202Egnp.exe', text: '<script>alert(1)</script>' } }],
    ['check-text', { type: 'check-text', text: 'Pasted text', url: 'https://example.com/' }, { type: 'check-text', text: 'Pasted text' }],
    ['mark-own', { type: 'mark-own', tabId: 7, mine: false, url: 'https://example.com/' }, { type: 'mark-own', tabId: 7, mine: false }],
    ['check-text at the cap', { type: 'check-text', text: 'x'.repeat(MAX_TEXT_CHARS) }, { type: 'check-text', text: 'x'.repeat(MAX_TEXT_CHARS) }],
    ['text at the cap', { type: 'visit', page: { ...page, text: 'x'.repeat(MAX_TEXT_CHARS) } }, { type: 'visit', page: { ...page, text: 'x'.repeat(MAX_TEXT_CHARS) } }],
  ])('%s', (_name, raw, expected) => {
    expect(parseRequest(raw, 'background')).toEqual(expected);
  });
});

describe('parseRequest: refused messages', () => {
  it.each([
    ['not an object', 'visit', /message must be an object/],
    ['null', null, /message must be an object/],
    ['an array', [], /message must be an object/],
    ['no type', {}, /unknown message type/],
    ['unknown type', { type: 'drop-table' }, /unknown message type "drop-table"/],
    ['a content-script request sent to the background', { type: 'extract' }, /message type "extract" is for the content script, not the background/],
    ['a type inherited by every object', { type: 'toString' }, /unknown message type "toString"/],
    ['visit without page', { type: 'visit' }, /page must be an object/],
    ['revisit not a boolean', { type: 'visit', page, revisit: 'yes' }, /revisit must be true when present/],
    ['ownLoad not a boolean', { type: 'visit', page, ownLoad: 1 }, /ownLoad must be true when present/],
    ['loadedAt as a string', { type: 'visit', page, loadedAt: 'yesterday' }, /loadedAt must be a time/],
    ['loadedAt not finite', { type: 'visit', page, loadedAt: Number.POSITIVE_INFINITY }, /loadedAt must be a time/],
    ['page.url not a string', { type: 'visit', page: { ...page, url: 42 } }, /page.url must be a string/],
    ['page.url not http(s)', { type: 'visit', page: { ...page, url: 'javascript:alert(1)' } }, /page.url must be an http\(s\) URL/],
    ['page.url of a file', { type: 'visit', page: { ...page, url: 'file:///etc/passwd' } }, /http\(s\)/],
    ['page.url too long', { type: 'visit', page: { ...page, url: `https://e.com/${'a'.repeat(MAX_URL_LENGTH)}` } }, /longer than 2048/],
    ['title missing', { type: 'visit', page: { url: page.url, text: 't' } }, /page.title must be a string/],
    ['title too long', { type: 'visit', page: { ...page, title: 'x'.repeat(MAX_TITLE_LENGTH + 1) } }, /page.title is longer/],
    ['text over the cap', { type: 'visit', page: { ...page, text: 'x'.repeat(MAX_TEXT_CHARS + 1) } }, /page.text is longer than 1000000/],
    ['text not a string', { type: 'visit', page: { ...page, text: ['a'] } }, /page.text must be a string/],
    ['canonicalUrl not a string', { type: 'visit', page: { ...page, canonicalUrl: {} } }, /page.canonicalUrl must be a string/],
    ['publishedTime as a string', { type: 'visit', page: { ...page, publishedTime: '2024-01-01' } }, /page.publishedTime must be a time/],
    ['publishedTime NaN', { type: 'visit', page: { ...page, publishedTime: Number.NaN } }, /page.publishedTime/],
    ['tabId missing', { type: 'get-tab-status' }, /tabId must be a non-negative integer/],
    ['tabId fractional', { type: 'get-tab-status', tabId: 1.5 }, /tabId/],
    ['tabId negative', { type: 'check-tab', tabId: -1, record: false }, /tabId/],
    ['record not boolean', { type: 'check-tab', tabId: 1, record: 'yes' }, /record must be true or false/],
    ['check-text over the text cap', { type: 'check-text', text: 'x'.repeat(MAX_TEXT_CHARS + 1) }, /text is longer than 1000000/],
    ['check-text without text', { type: 'check-text' }, /text must be a string/],
    ['mark-own without saying mine or not', { type: 'mark-own', tabId: 1 }, /mine must be true or false/],
    ['check-text with text not a string', { type: 'check-text', text: ['a'] }, /text must be a string/],
    ['should-check url not http', { type: 'should-check', url: 'chrome://settings' }, /url must be an http\(s\) URL/],
    ['skip with an unknown reason', { type: 'skip', url: 'https://example.com/', reason: 'bored' }, /reason must be one of no_article, too_large/],
    ['skip with a javascript: URL', { type: 'skip', url: 'javascript:alert(1)', reason: 'too_large' }, /url must be an http\(s\) URL/],
    ['canonicalUrl javascript:', { type: 'visit', page: { ...page, canonicalUrl: 'javascript:alert(document.cookie)' } }, /page.canonicalUrl must be an http\(s\) URL/],
    ['canonicalUrl too long', { type: 'visit', page: { ...page, canonicalUrl: `https://e.com/${'a'.repeat(MAX_URL_LENGTH)}` } }, /page.canonicalUrl is longer than 2048/],
    ['language over its size', { type: 'visit', page: { ...page, language: 'x'.repeat(501) } }, /page.language is longer than 500/],
    ['siteName not a string', { type: 'visit', page: { ...page, siteName: 5 } }, /page.siteName must be a string/],
    ['excerpt over its size', { type: 'visit', page: { ...page, excerpt: 'x'.repeat(2001) } }, /page.excerpt is longer than 2000/],
    ['publishedTime infinite', { type: 'visit', page: { ...page, publishedTime: Number.POSITIVE_INFINITY } }, /page.publishedTime/],
    ['tabId as a string', { type: 'get-tab-status', tabId: '3' }, /tabId/],
    ['tabId beyond safe integers', { type: 'get-tab-status', tabId: 2 ** 53 }, /tabId/],
    ['read-html over the HTML cap', { type: 'read-html', url: 'https://example.com/', html: 'x'.repeat(MAX_HTML_CHARS + 1) }, /html is longer than 20000000/],
    ['read-html without HTML', { type: 'read-html', url: 'https://example.com/' }, /html must be a string/],
    ['read-html of a file', { type: 'read-html', url: 'file:///etc/passwd', html: '' }, /url must be an http\(s\) URL/],
    ['the offscreen document\'s request sent to the background', { type: 'offscreen-read', url: 'https://example.com/', html: '' }, /message type "offscreen-read" is for the offscreen document, not the background/],
  ])('%s', (_name, raw, message) => {
    expect(() => parseRequest(raw, 'background')).toThrow(MessageError);
    expect(() => parseRequest(raw, 'background')).toThrow(message);
  });

  it('a content script accepts only its own requests', () => {
    expect(parseRequest({ type: 'extract' }, 'content')).toEqual({ type: 'extract' });
    expect(parseRequest({ type: 'ping', extra: 1 }, 'content')).toEqual({ type: 'ping' });
    expect(() => parseRequest({ type: 'ping' }, 'background')).toThrow(/message type "ping" is for the content script, not the background/);
    expect(() => parseRequest({ type: 'visit', page }, 'content')).toThrow(/message type "visit" is for the background, not the content script/);
    expect(() => parseRequest({ type: 'drop-table' }, 'content')).toThrow(/unknown message type "drop-table"/);
  });

  it('the offscreen document accepts only its own requests', () => {
    const read = { type: 'offscreen-read', url: 'https://example.com/', html: '<p>Hi</p>' };
    expect(parseRequest(read, 'offscreen')).toEqual(read);
    expect(() => parseRequest({ ...read, type: 'read-html' }, 'offscreen')).toThrow(/message type "read-html" is for the background, not the offscreen document/);
    expect(() => parseRequest({ ...read, url: 'file:///etc/passwd' }, 'offscreen')).toThrow(/url must be an http\(s\) URL/);
    expect(() => parseRequest({ ...read, html: 'x'.repeat(MAX_HTML_CHARS + 1) }, 'offscreen')).toThrow(/html is longer than 20000000/);
  });
});
