import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MAX_WATCHED_URLS, watchedUrls } from '../../src/watch/watched-urls';

describe('watched URLs (a sitemap\'s addresses, in storage.local)', () => {
  beforeEach(() => fakeBrowser.reset());

  it.each<[string, string[], string, boolean, number]>([
    ['an address of the sitemap', ['https://me.example/one'], 'https://me.example/one', true, 1],
    ['the same page with tracking parameters and a fragment', ['https://me.example/one'], 'https://me.example/one?utm_source=feed#comments', true, 1],
    ['another page of the site', ['https://me.example/one'], 'https://me.example/two', false, 1],
    ['addresses that are no web pages are not kept', ['javascript:alert(1)', 'file:///a.html', 'https://me.example/one'], 'https://me.example/one', true, 1],
    ['an address listed twice counts once', ['https://me.example/one', 'https://me.example/one#x'], 'https://me.example/one', true, 1],
  ])('%s', async (_name, added, visited, watched, count) => {
    const list = watchedUrls();
    await expect(list.add(added)).resolves.toBe(count);
    await expect(list.has(visited)).resolves.toBe(watched);
    await expect(list.count()).resolves.toBe(count);
  });

  it('forgets an address taken back, and keeps the others', async () => {
    const list = watchedUrls();
    await list.add(['https://me.example/one', 'https://me.example/two']);
    await list.remove('https://me.example/one?utm_medium=x');
    await expect(list.has('https://me.example/one')).resolves.toBe(false);
    await expect(list.has('https://me.example/two')).resolves.toBe(true);
  });

  it(`keeps at most ${MAX_WATCHED_URLS} addresses, the sitemap protocol's limit for one file`, async () => {
    const list = watchedUrls();
    await list.add(Array.from({ length: MAX_WATCHED_URLS + 10 }, (_, i) => `https://me.example/${i}`));
    await expect(list.count()).resolves.toBe(MAX_WATCHED_URLS);
  });
});
