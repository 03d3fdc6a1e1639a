import { describe, expect, test } from 'vitest';
import { articleText } from '../../src/extract/article-text';
import { isMediaWikiGenerator, removeCollapsedContent } from '../../src/extract/collapsed';
import { extractArticle } from '../../src/extract/extract-article';
import { parseHtml } from '../../src/extract/parse-html';

function afterRemoval(bodyHtml: string): string {
  const doc = parseHtml(`<!DOCTYPE html><html><head></head><body>${bodyHtml}</body></html>`);
  const body = doc.querySelector('body') as Element;
  removeCollapsedContent(body);
  return articleText(body);
}

describe('removeCollapsedContent: what a MediaWiki page shows on load', () => {
  test.each([
    ['a collapsed table keeps its title row',
      '<table class="wikitable mw-collapsible mw-collapsed"><tbody><tr><th>Appearances</th></tr><tr><td>2004</td><td>X-Man</td></tr><tr><td>2005</td><td>Happy Together</td></tr></tbody></table>',
      'Appearances'],
    ['the named collapsible content goes, the toggle stays',
      '<div class="mw-collapsible mw-collapsed"><div>Track list</div><div class="mw-collapsible-content"><ol><li>Prologue</li><li>Sad Story</li></ol></div></div>',
      'Track list'],
    ['a collapsed NavFrame keeps its head',
      '<div class="NavFrame collapsed"><div class="NavHead">Variety shows</div><div class="NavContent"><p>2004年 Sponge</p></div></div>',
      'Variety shows'],
    ['an autocollapse navbox keeps its title row, not the rows of tables nested in it',
      '<table class="nowraplinks collapsible autocollapse navbox-inner"><tr><th>Running Man</th></tr><tr><td><table><tr><td>Members</td></tr><tr><td>Kim Jong-kook</td></tr></table></td></tr></table>',
      'Running Man'],
    ['a collapsed element without named content keeps its first child',
      '<ul class="mw-collapsible mw-collapsed"><li>Awards</li><li>2005 Grand Prize</li></ul>',
      'Awards'],
  ])('%s', (_name, html, expected) => {
    expect(afterRemoval(html)).toBe(expected);
  });

  test.each([
    ['an expanded collapsible', '<table class="wikitable mw-collapsible"><tr><th>Title</th></tr><tr><td>row</td></tr></table>', 'Title\n\nrow'],
    ['"collapsed" without a collapsible marker (a toggle button, a folded article elsewhere)', '<div class="article collapsed"><p>First.</p><p>Second.</p></div>', 'First.\n\nSecond.'],
  ])('kept: %s', (_name, html, expected) => {
    expect(afterRemoval(html)).toBe(expected);
  });

  test.each([
    ['MediaWiki 1.38.0-wmf.23', true],
    [' MediaWiki 1.28.0', true],
    ['WordPress 6.4', false],
    [undefined, false],
  ])('generator %s is MediaWiki: %s', (generator, expected) => {
    expect(isMediaWikiGenerator(generator)).toBe(expected);
  });
});

describe('extractArticle drops collapsed sections on MediaWiki pages only', () => {
  const PROSE = '<p>' + 'Kim Jong-kook is a South Korean singer and entertainer, known for his strength, his songs, and his long run on a variety show. '.repeat(6) + '</p>';
  const COLLAPSED = '<table class="wikitable mw-collapsible mw-collapsed"><tr><th>Variety appearances</th></tr><tr><td>Happy Together, 2002, guest</td></tr></table>';
  const page = (head: string): string => `<!DOCTYPE html><html><head>${head}</head><body><div id="content"><h1>Kim Jong-kook</h1>${PROSE}${COLLAPSED}${PROSE}</div></body></html>`;

  test('with <meta name="generator" content="MediaWiki …">', () => {
    const text = extractArticle(parseHtml(page('<meta name="generator" content="MediaWiki 1.38.0-wmf.23">')))?.text ?? '';
    expect(text).toContain('Variety appearances');
    expect(text).not.toContain('Happy Together, 2002');
  });

  test('without it the same markup is left alone', () => {
    expect(extractArticle(parseHtml(page('')))?.text).toContain('Happy Together, 2002');
  });

  test('the page document is not modified', () => {
    const doc = parseHtml(page('<meta name="generator" content="MediaWiki 1.38.0-wmf.23">'));
    const before = doc.documentElement.outerHTML;
    extractArticle(doc);
    expect(doc.documentElement.outerHTML).toBe(before);
  });
});
