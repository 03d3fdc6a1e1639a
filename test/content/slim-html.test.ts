import { describe, expect, test } from 'vitest';
import { parseHtml } from '../../src/extract/parse-html';
import { pageHtml, readHtml } from '../../src/page-reading/read-page';
import { slimHtml } from '../../src/page-reading/slim-html';

const URL = 'https://news.example.com/story';
const ARTICLE = `<article><h1>Rivers</h1>${'<p>The river rose through the night, and by morning the town had moved its market, its school and its clinic up the hill, where they stayed.</p>'.repeat(6)}</article>`;

describe('slimHtml: the serialised page without what extraction never reads', () => {
  test.each([
    ['a script body is dropped, its element kept', '<head><script src="a.js" async="">var a = 1;</script></head>', '<head><script src="a.js" async=""></script></head>'],
    ['a style body is dropped, its element kept', '<style media="print">p { color: red }</style><p>x</p>', '<style media="print"></style><p>x</p>'],
    ['JSON-LD is kept (the metadata is read from it)', '<script type="application/ld+json">{"datePublished":"2024-01-02"}</script>', '<script type="application/ld+json">{"datePublished":"2024-01-02"}</script>'],
    ['tags in upper case', '<SCRIPT>x()</SCRIPT><STYLE>p{}</STYLE>', '<SCRIPT></SCRIPT><STYLE></STYLE>'],
    ['a script body that writes tags and comments ends at its own end tag', '<script>document.write("<style>p{}<\\/style><!--");</script><p>kept</p>', '<script></script><p>kept</p>'],
    ['a bare attribute name (linkedom)', '<script defer src="a.js">x()</script>', '<script defer src="a.js"></script>'],
    ['an SVG style (escaped text)', '<svg><style>.a { fill: red }</style><text>kept</text></svg>', '<svg><style></style><text>kept</text></svg>'],
  ])('%s', (_name, html, slim) => {
    expect(slimHtml(html)).toBe(slim);
  });

  test.each([
    ['a custom element named like one', '<script-x><p>kept</p></script-x><script>x()</script>'],
    ['"<script" in a comment', '<!-- <script> --><p>kept</p><script>x()</script>'],
    ['"<script" in an attribute value', '<div title="<script>"><p>kept</p></div><script>x()</script>'],
    ['"<style" in a noscript written out raw', '<noscript><style></noscript><p>kept</p><style>p{}</style>'],
    ['"<style" in an iframe written out raw', '<iframe><style></iframe><p>kept</p><style>p{}</style>'],
    ['a script without an end tag', '<p>kept</p><script>x()'],
  ])('never reads into the page where a tag only looks like one: %s', (_name, html) => {
    expect(slimHtml(html)).toContain('<p>kept</p>');
    expect(slimHtml(`${html}${ARTICLE}`)).toContain(ARTICLE);
  });

  test.each([
    ['scripts and styles around the article', `<!DOCTYPE html><html lang="en"><head><title>Rivers</title><style>article { margin: 0 }</style><script>window.a = "<p>not the article</p>";</script><script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2024-03-05T10:00:00Z","author":{"name":"A. Writer"}}</script></head><body><nav><a href="/">Home</a><script>menu()</script></nav>${ARTICLE}<script>track()</script></body></html>`],
    ['a page without an article (its whole text read)', '<!DOCTYPE html><html><head><title>Not found</title><style>body { margin: 0 }</style></head><body><h1>Not found</h1><script>report("<p>404</p>")</script><p>The page you asked for is not here.</p></body></html>'],
  ])('the page reads the same slimmed: %s', (_name, page) => {
    const html = pageHtml(parseHtml(page, URL));
    const parse = (h: string) => parseHtml(h, URL);
    expect(slimHtml(html).length).toBeLessThan(html.length);
    expect(readHtml(slimHtml(html), URL, parse)).toEqual(readHtml(html, URL, parse));
  });
});
