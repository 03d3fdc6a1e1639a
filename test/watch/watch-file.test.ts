import { DOMParser } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { readWatchFile, type WatchFile, type XmlParser } from '../../src/watch/watch-file';

const parser = new DOMParser() as unknown as XmlParser;
const ARTICLE = '<p>First paragraph of the article.</p><p>Second <b>one</b>.</p>';
const TEXT = 'First paragraph of the article.\n\nSecond one.';

describe('readWatchFile: what a saved feed or sitemap holds, read without fetching', () => {
  it.each<[string, string, WatchFile]>([
    ['RSS 2.0 with content:encoded (the whole article)',
      `<?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Blog</title>
        <item><title>One</title><link>https://me.example/one</link><description>Summary only</description><pubDate>Tue, 06 Jun 2023 10:00:00 GMT</pubDate>
        <content:encoded><![CDATA[${ARTICLE}]]></content:encoded></item></channel></rss>`,
      { kind: 'feed', items: [{ url: 'https://me.example/one', title: 'One', text: TEXT, publishedTime: Date.UTC(2023, 5, 6, 10) }] }],
    ['RSS with the description only, escaped HTML, no date',
      `<rss><channel><item><title>Two</title><link> https://me.example/two </link><description>${ARTICLE.replaceAll('<', '&lt;').replaceAll('>', '&gt;')}</description></item></channel></rss>`,
      { kind: 'feed', items: [{ url: 'https://me.example/two', title: 'Two', text: TEXT }] }],
    ['RSS items without an http(s) link are left out; the guid stands in for a missing link',
      `<rss><channel><item><title>File</title><link>file:///home/me/a.html</link><description>x</description></item>
        <item><title>Guid</title><guid>https://me.example/guid</guid><description>Text</description></item></channel></rss>`,
      { kind: 'feed', items: [{ url: 'https://me.example/guid', title: 'Guid', text: 'Text' }] }],
    ['Atom: the alternate link, the content, the publication date; the title falls back to the address',
      `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Blog</title>
        <entry><title></title><link rel="self" href="https://me.example/feed/1"/><link href="https://me.example/one"/>
        <published>2024-02-01T08:00:00Z</published><updated>2024-03-01T08:00:00Z</updated><content type="html">${ARTICLE.replaceAll('<', '&lt;').replaceAll('>', '&gt;')}</content></entry></feed>`,
      { kind: 'feed', items: [{ url: 'https://me.example/one', title: 'https://me.example/one', text: TEXT, publishedTime: Date.UTC(2024, 1, 1, 8) }] }],
    ['a sitemap: its http(s) addresses, once each',
      `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <url><loc>https://me.example/one</loc><lastmod>2024-01-01</lastmod></url><url><loc> https://me.example/two </loc></url>
        <url><loc>https://me.example/one</loc></url><url><loc>javascript:alert(1)</loc></url></urlset>`,
      { kind: 'sitemap', urls: ['https://me.example/one', 'https://me.example/two'] }],
    ['a sitemap index names other sitemaps, which are not fetched',
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://me.example/s1.xml</loc></sitemap></sitemapindex>',
      { kind: 'sitemap-index' }],
    ['an HTML page is neither', '<html><body><p>Hello</p></body></html>', { kind: 'unknown' }],
  ])('%s', (_name, file, expected) => {
    expect(readWatchFile(file, parser)).toEqual(expected);
  });

  it('a document the XML parser refuses is unknown', () => {
    const refusing: XmlParser = { parseFromString: (text, type) => (type === 'application/xml' ? parser.parseFromString('<x><parsererror/></x>', type) : parser.parseFromString(text, type)) };
    expect(readWatchFile('<rss><channel>', refusing)).toEqual({ kind: 'unknown' });
  });
});
