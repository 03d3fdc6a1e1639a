import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isOneSite, normalizeUrl, siteOf } from '../../src/core/url';

describe('normalizeUrl', () => {
  test.each([
    ['drops the fragment', 'https://example.com/a#section', 'https://example.com/a'],
    ['drops utm_* and click ids', 'https://example.com/a?utm_source=x&id=7&fbclid=1&utm_medium=y', 'https://example.com/a?id=7'],
    ['sorts the remaining parameters', 'https://example.com/a?b=2&a=1', 'https://example.com/a?a=1&b=2'],
    ['drops a trailing slash', 'https://example.com/a/', 'https://example.com/a'],
    ['keeps the root slash', 'https://example.com/', 'https://example.com/'],
    ['lower-cases the host, drops the default port', 'HTTPS://Example.COM:443/A', 'https://example.com/A'],
    ['drops credentials', 'https://user:pw@example.com/a', 'https://example.com/a'],
    ['keeps local files (an author\'s own articles, imported)', 'file:///home/me/post.html#top', 'file:///home/me/post.html'],
    ['drops an empty fragment', 'https://example.com/a#', 'https://example.com/a'],
    ['drops an empty query', 'https://example.com/a?', 'https://example.com/a'],
    ['drops an empty query before a fragment', 'https://example.com/a?#x', 'https://example.com/a'],
    ['drops a query of tracking parameters only', 'https://example.com/a?utm_source=x', 'https://example.com/a'],
    ['keeps a question mark that is part of the fragment out', 'https://example.com/a#b?c=1', 'https://example.com/a'],
    ['drops a user name without a password', 'https://user@example.com/a', 'https://example.com/a'],
    ['re-encodes the query as URLSearchParams writes it', 'https://example.com/a?q=a b&x=%7E', 'https://example.com/a?q=a+b&x=%7E'],
    ['leaves an address that is already normal as it is', 'https://example.com/2024/05/title-of-a-post', 'https://example.com/2024/05/title-of-a-post'],
  ])('%s', (_name, input, expected) => {
    expect(normalizeUrl(input)).toBe(expected);
  });

  /** What normalizeUrl returns by parsing, for addresses it returns unchanged without parsing. */
  function parsed(input: string): string {
    const url = new URL(input);
    if (url.pathname.length > 1 && url.pathname.endsWith('/')) url.pathname = url.pathname.replace(/\/+$/, '');
    return url.toString();
  }

  test.each([
    'https://example.com/',
    'https://www.example.co.uk/2024/05/a-title_with~marks',
    'http://a-b.example/p/%E4%B8%AD%E6%96%87',
    'https://example.com/a.html',
    'https://example.com/a/b;c=d,e:f@g',
  ])('an address already normal comes back unchanged, as the parser gives it: %s', (input) => {
    expect(normalizeUrl(input)).toBe(input);
    expect(parsed(input)).toBe(input);
  });

  test.each([
    ['a dot segment', 'https://example.com/a/../b', 'https://example.com/b'],
    ['a percent-encoded dot segment', 'https://example.com/a/%2e%2E/b', 'https://example.com/b'],
    ['an IPv4 host written short', 'http://1.2.3/a', 'http://1.2.0.3/a'],
    ['a hex IPv4 host', 'http://0x7f.1/a', 'http://127.0.0.1/a'],
    ['no path', 'https://example.com', 'https://example.com/'],
    ['a trailing dot on a segment', 'https://example.com/a/.', 'https://example.com/a'],
  ])('an address the parser changes is still parsed (%s)', (_what, input, expected) => {
    expect(normalizeUrl(input)).toBe(expected);
  });

  test('any address made of the characters an already-normal one may hold comes back as the parser gives it', () => {
    const label = fc.stringMatching(/^[a-z0-9-]{1,8}$/);
    const segment = fc.stringMatching(/^[A-Za-z0-9\-._~!$&'()*+,;=:%]{0,6}$/);
    fc.assert(fc.property(fc.array(label, { minLength: 1, maxLength: 3 }), fc.array(segment, { maxLength: 4 }), fc.boolean(), (labels, segments, slash) => {
      const input = `https://${labels.join('.')}/${segments.join('/')}${slash ? '/' : ''}`;
      let expected: string | undefined;
      try {
        expected = parsed(input);
      } catch {
        expected = undefined;
      }
      expect(normalizeUrl(input)).toBe(expected);
    }), { numRuns: 3000, seed: 20261130 });
  });

  test.each(['javascript:alert(1)', 'data:text/html,<b>x</b>', 'not a url', 'chrome://settings', ''])('rejects %j', (input) => {
    expect(normalizeUrl(input)).toBeUndefined();
  });
});

describe('siteOf', () => {
  test.each([
    ['https://www.example.com/a', 'example.com'],
    ['http://news.example.co.uk/x', 'news.example.co.uk'],
    ['nonsense', ''],
    ['https://0x7f.1/a', '127.0.0.1'],
    ['https://EXAMPLE.com:8080/a', 'example.com'],
    ['https://xn--bcher-kva.example/a', 'xn--bcher-kva.example'],
    ['file:///home/me/post.html', ''],
  ])('%s → %s', (input, expected) => {
    expect(siteOf(input)).toBe(expected);
  });

  test('an address read without the parser has the host the parser gives', () => {
    const label = fc.stringMatching(/^[a-z0-9-]{1,8}$/);
    const segment = fc.stringMatching(/^[A-Za-z0-9\-._~!$&'()*+,;=:%]{0,6}$/);
    fc.assert(fc.property(fc.constantFrom('', 'www.'), fc.array(label, { minLength: 1, maxLength: 3 }), fc.array(segment, { maxLength: 4 }), (www, labels, segments) => {
      const input = `https://${www}${labels.join('.')}/${segments.join('/')}`;
      let expected: string;
      try {
        expected = new URL(input).hostname.replace(/^www\./, '');
      } catch {
        expected = '';
      }
      expect(siteOf(input)).toBe(expected);
    }), { numRuns: 3000, seed: 20261130 });
  });
});

describe('isOneSite', () => {
  test.each<[string | undefined, string | undefined, boolean]>([
    ['example.com', 'example.com', true],
    ['example.com', 'news.example.com', false],
    // Was one site in the Reposts view: two pages without a host (files, CLI texts) are no site at all.
    ['', '', false],
    [undefined, undefined, false],
    ['example.com', undefined, false],
  ])('%j and %j → %s', (a, b, expected) => {
    expect(isOneSite(a, b)).toBe(expected);
  });
});
