import { describe, expect, it } from 'vitest';
import { isSameSite, publisherOf, registrableSite, trustedCanonical } from '../src/same-site';

describe('registrable site', () => {
  it.each<[string, string | undefined]>([
    ['https://www.example.com/a', 'example.com'],
    ['https://m.news.example.com/a', 'example.com'],
    ['http://example.com:8080/a', 'example.com'],
    ['https://www.bbc.co.uk/news', 'bbc.co.uk'],
    ['https://alice.github.io/post', 'alice.github.io'],
    ['https://someone.blogspot.com/2026/01/x.html', 'someone.blogspot.com'],
    ['https://example.com./a', 'example.com'],
    ['http://127.0.0.1:4000/a', '127.0.0.1'],
    ['http://localhost:4000/a', 'localhost'],
    ['http://[::1]:4000/a', '[::1]'],
    ['file:///home/me/a.html', undefined],
    ['javascript:alert(1)', undefined],
    ['not a url', undefined],
  ])('%s → %s', (url, site) => {
    expect(registrableSite(url)).toBe(site);
  });
});

describe('canonical addresses are believed only on the page\'s own site', () => {
  it.each<[string, string, string, boolean]>([
    ['same host', 'https://news.example.com/a?x=1', 'https://news.example.com/a', true],
    ['mobile subdomain', 'https://m.example.com/story', 'https://news.example.com/2026/story', true],
    ['http page, https canonical', 'http://example.com/a', 'https://www.example.com/a', true],
    ['another port of one host', 'http://127.0.0.1:4000/a', 'http://127.0.0.1:5000/a', true],
    ['another site', 'https://copy.example.org/a', 'https://news.example.com/a', false],
    ['look-alike suffix', 'https://example.com.evil.net/a', 'https://example.com/a', false],
    ['two users of one hosting suffix', 'https://mallory.github.io/a', 'https://alice.github.io/a', false],
    ['two sites under a public second level', 'https://evil.co.uk/a', 'https://bbc.co.uk/a', false],
    ['localhost claiming an IP address', 'http://localhost:4000/a', 'http://127.0.0.1:4000/a', false],
    ['a file address', 'https://example.com/a', 'file:///example.com/a', false],
  ])('%s', (_name, pageUrl, canonical, trusted) => {
    expect(isSameSite(pageUrl, canonical)).toBe(trusted);
    expect(trustedCanonical(pageUrl, canonical)).toBe(trusted ? canonical : undefined);
  });

  it('no claim stays no claim', () => {
    expect(trustedCanonical('https://example.com/a', undefined)).toBeUndefined();
  });
});

describe('publisherOf (a stored page’s site, for the template rules)', () => {
  it.each<[string, string]>([
    ['news.example.com', 'example.com'],
    ['example.com', 'example.com'],
    ['m.bbc.co.uk', 'bbc.co.uk'],
    ['alice.github.io', 'alice.github.io'],
    ['127.0.0.1', '127.0.0.1'],
    ['localhost', 'localhost'],
    ['', ''],
  ])('%s → %s', (site, publisher) => {
    expect(publisherOf(site)).toBe(publisher);
  });
});
