import { describe, expect, test } from 'vitest';
import { articleText, collapseWhitespace } from '../../src/extract/article-text';
import { parseHtml } from '../../src/extract/parse-html';

function textOf(bodyHtml: string): string {
  const doc = parseHtml(`<!DOCTYPE html><html><head></head><body>${bodyHtml}</body></html>`);
  return articleText(doc.querySelector('body') as Element);
}

describe('articleText: one paragraph per block, blocks separated by a blank line', () => {
  test.each([
    ['paragraphs', '<p>One.</p><p>Two.</p>', 'One.\n\nTwo.'],
    ['blocks with no whitespace between them stay apart', '<div><h2>Step 1</h2><p>Measure the pot.</p></div>', 'Step 1\n\nMeasure the pot.'],
    ['inline elements join their text', '<p>An <b>important</b> <a href="#">link</a>, <em>here</em>.</p>', 'An important link, here.'],
    ['whitespace inside a block collapses', '<p>\n   spread\n   over   lines\t</p>', 'spread over lines'],
    ['list items, quotes and table cells are blocks', '<ul><li>a</li><li>b</li></ul><blockquote><p>c</p></blockquote><table><tr><td>d</td><td>e</td></tr></table>', 'a\n\nb\n\nc\n\nd\n\ne'],
    ['a <br> is a line break inside the block', '<p>line one<br>line two</p>', 'line one\nline two'],
    ['two <br> in a row end a paragraph', '<div>first<br><br>second<br>\n<br>third</div>', 'first\n\nsecond\n\nthird'],
    ['text directly in a container between blocks is its own paragraph', '<div>lead<p>para</p>tail</div>', 'lead\n\npara\n\ntail'],
    ['preformatted text keeps its layout', '<pre>\nif (x) {\n  y();\n}\n</pre>', 'if (x) {\n  y();\n}'],
    ['scripts, styles and form widgets are not text', '<p>kept<script>var x = 1;</script><style>p{}</style><select><option>no</option></select></p>', 'kept'],
    ['comments are not text and do not split words', '<p>Page A<!-- -->22</p>', 'Page A22'],
    ['empty blocks leave no empty paragraphs', '<p> </p><div><p>only</p><p></p></div>', 'only'],
    ['Chinese wrapped across source lines is joined', '<p>培养德智体美\n   全面发展</p>', '培养德智体美全面发展'],
    ['a line break between Latin words stays a space', '<p>two\nwords</p>', 'two words'],
    ['a space typed between Chinese characters stays', '<p>字号：大 中 小</p>', '字号：大 中 小'],
  ])('%s', (_name, html, expected) => {
    expect(textOf(html)).toBe(expected);
  });

  test('a deeply nested page does not overflow the stack', () => {
    const depth = 20_000;
    const html = '<div>'.repeat(depth) + 'deep' + '</div>'.repeat(depth);
    expect(textOf(html)).toBe('deep');
  });
});

describe('collapseWhitespace', () => {
  test.each([
    ['  a \n b  ', 'a b'],
    ['中文\n字', '中文字'],
    ['中文，\r\n继续', '中文，继续'],
    ['中文 字', '中文 字'],
    ['English\n中文', 'English 中文'],
    ['𠀀\n𠀁', '𠀀𠀁'],
  ])('%j → %j', (input, expected) => {
    expect(collapseWhitespace(input)).toBe(expected);
  });
});
