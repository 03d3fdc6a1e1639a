import { DOMParser } from 'linkedom';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { signDocument } from '../../src/core';
import type { History } from '../../src/store';
import { feedRecords } from '../../src/watch/feed-pages';
import { importWatchFile } from '../../src/watch/import-watch-file';
import type { XmlParser } from '../../src/watch/watch-file';
import { watchedUrls } from '../../src/watch/watched-urls';
import { clock, freshHistory, T0 } from '../background/fakes';

const parser = new DOMParser() as unknown as XmlParser;
const NOW = new Date(T0);
const TEXT = 'An article of the user\'s own, long enough to be judged. '.repeat(20).trim();

let history: History;

beforeEach(async () => {
  fakeBrowser.reset();
  history = await freshHistory(clock().now);
});

describe('feedRecords: a feed\'s items as the user\'s pages, fingerprinted as import-file does', () => {
  it('signs the text as a page read in the browser would be, and marks it as the user\'s', () => {
    const [record] = feedRecords([{ url: 'https://me.example/one', title: 'One', text: TEXT, publishedTime: Date.UTC(2024, 0, 1) }], NOW);
    const signature = signDocument(TEXT);
    expect(record).toMatchObject({ url: 'https://me.example/one', title: 'One', site: 'me.example', source: 'author', words: signature.length.words, publishedAt: '2024-01-01T00:00:00.000Z' });
    expect(record?.excerpt).toHaveLength(200);
  });

  it('leaves out items without text: nothing to recognise a copy by', () => {
    expect(feedRecords([{ url: 'https://me.example/one', title: 'One', text: '' }], NOW)).toEqual([]);
  });
});

describe('importWatchFile', () => {
  const targets = () => ({ history, watched: watchedUrls(), now: NOW, parser });

  it.each<[string, string, object, string[], number]>([
    ['a feed: its articles into the history as the user\'s',
      `<rss><channel><item><title>One</title><link>https://me.example/one</link><description>${TEXT}</description></item></channel></rss>`,
      { kind: 'feed', articles: 1 }, ['https://me.example/one author'], 0],
    ['a sitemap: its addresses watched, nothing recorded',
      '<urlset><url><loc>https://me.example/one</loc></url><url><loc>https://me.example/two</loc></url></urlset>',
      { kind: 'sitemap', added: 2, watched: 2 }, [], 2],
    ['a sitemap index: nothing', '<sitemapindex><sitemap><loc>https://me.example/s.xml</loc></sitemap></sitemapindex>', { kind: 'sitemap-index' }, [], 0],
    ['anything else: nothing', '<html><body>Hi</body></html>', { kind: 'unknown' }, [], 0],
  ])('%s', async (_name, file, result, pages, watched) => {
    await expect(importWatchFile(file, targets())).resolves.toEqual(result);
    expect((await history.list()).pages.map((page) => `${page.url} ${page.source}`)).toEqual(pages);
    await expect(watchedUrls().count()).resolves.toBe(watched);
  });

  it('a page read before becomes the user\'s when its feed is imported later', async () => {
    await history.recordVisit({ url: 'https://me.example/one', title: 'One', site: 'me.example', excerpt: '', textLength: 10, cjkChars: 0, words: 300, fingerprint: '0123456789abcdef' });
    await importWatchFile(`<rss><channel><item><title>One</title><link>https://me.example/one</link><description>${TEXT}</description></item></channel></rss>`, { ...targets(), now: new Date(T0 + 1000) });
    expect((await history.getByUrl('https://me.example/one'))?.source).toBe('author');
  });
});
