import { describe, expect, test } from 'vitest';
import { articleText } from '../../src/extract/article-text';
import { articleLength, extractArticle, MIN_ARTICLE_LENGTH, UNSPACED_CHAR_WEIGHT } from '../../src/extract/extract-article';
import { pageText, removeNavigation } from '../../src/extract/page-text';
import { parseHtml } from '../../src/extract/parse-html';

const PAGE = (body: string): string => `<!DOCTYPE html><html><head><title>T</title></head><body>${body}</body></html>`;

function withoutNavigation(bodyHtml: string): string {
  const body = parseHtml(PAGE(bodyHtml)).querySelector('body') as Element;
  removeNavigation(body);
  return articleText(body);
}

describe('removeNavigation: blocks that are mostly link text go', () => {
  test.each([
    ['a menu of links', '<ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li></ul><p>Text.</p>', 'Text.'],
    ['a paragraph with a link in it stays', '<p>See <a href="/x">this</a> for the whole story of the river.</p>', 'See this for the whole story of the river.'],
    ['innermost first: the menu inside the main table goes, the table text stays',
      '<table><tr><td><div><a href="/a">论坛首页</a> <a href="/b">群众呼声</a> <a href="/c">警民交流</a></div>错误的版面参数！请确认您是从有效的连接进入。</td></tr></table>',
      '错误的版面参数！请确认您是从有效的连接进入。'],
    ['a block exactly half links stays', '<p><a href="/a">abcd</a>efgh</p>', 'abcdefgh'],
    ['text in scripts does not count', '<div><a href="/a">link</a><script>var padding = "long long long";</script></div><p>kept</p>', 'kept'],
  ])('%s', (_name, html, expected) => {
    expect(withoutNavigation(html)).toBe(expected);
  });
});

describe('pageText', () => {
  test('a page of links only: its whole text, rather than nothing', () => {
    const doc = parseHtml(PAGE('<ul><li><a href="/a">One</a></li><li><a href="/b">Two</a></li></ul>'));
    expect(pageText(doc)).toBe('One\n\nTwo');
  });

  test('the page document is not modified', () => {
    const doc = parseHtml(PAGE('<nav><a href="/">Home</a></nav><p>Text.</p>'));
    const before = doc.documentElement.outerHTML;
    pageText(doc);
    expect(doc.documentElement.outerHTML).toBe(before);
  });
});

describe('articleLength: CJK characters weigh as several Latin ones', () => {
  test.each([
    ['abc de', 6],
    ['中文', 2 * UNSPACED_CHAR_WEIGHT],
    ['かな and カナ', 4 * UNSPACED_CHAR_WEIGHT + 5],
  ])('%s', (text, expected) => {
    expect(articleLength(text)).toBe(expected);
  });
});

describe('extractArticle on pages without an article', () => {
  const MENU = '<ul>' + ['论坛首页', '群众呼声', '警民交流', '西部生态', '大话四川', '摄影真我', '美图视频', '情感空间'].map((t, i) => `<li><a href="/f${i}">${t}</a></li>`).join('') + '</ul>';
  // Lines too short for Readability to score (under 25 characters each), and
  // one login prompt it does score: it returns that prompt alone.
  const ERROR = '<table>' + ['发生错误，共有1项', '下面是错误的详细信息', '错误的版面参数！', '请确认您是从有效的连接进入。', '请仔细阅读论坛帮助文件', '确保您有相应的操作权限。']
    .map((line) => `<tr><td>${line}</td></tr>`).join('') + '</table>';
  const LOGIN = '<form><p>您尚未登录，您可以输入您的用户名、密码登录以便进行您的操作。</p></form>';

  test('an error page: its text minus the menu, not a fragment of it', () => {
    const text = extractArticle(parseHtml(PAGE(MENU + ERROR + LOGIN)))?.text ?? '';
    expect(text).toContain('错误的版面参数！');
    expect(text).toContain('您尚未登录');
    expect(text).not.toContain('论坛首页');
  });

  test('a short article found whole is kept as Readability found it, without the footer', () => {
    const article = '<article><h1>Short</h1><p>' + 'The river carried the ice past the mill, and the town watched. '.repeat(5) + '</p></article>';
    const footer = '<footer><p>© 2018 InfoStream. All rights reserved.</p><p>Firefox — Customize and make it your own.</p></footer>';
    const text = extractArticle(parseHtml(PAGE(MENU + article + footer)))?.text ?? '';
    expect(articleLength(text)).toBeLessThan(MIN_ARTICLE_LENGTH);
    expect(text).toContain('The river carried the ice');
    expect(text).not.toContain('All rights reserved');
  });
});
