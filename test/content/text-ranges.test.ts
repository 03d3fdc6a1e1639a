import { describe, expect, test } from 'vitest';
import { parseHtml } from '../../src/extract/parse-html';
import { openShadowRoot } from '../../src/extract/shadow-roots';
import { findText, type TextBounds } from '../../src/page-reading/text-ranges';

const URL = 'https://copies.example.com/story';

/** Every text node under `root` in reading order, open shadow roots' first (the order findText reads them in). */
function textNodes(root: Node): Text[] {
  const out: Text[] = [];
  const visit = (parent: Node): void => {
    for (let child = parent.firstChild; child !== null; child = child.nextSibling) {
      if (child.nodeType === 3) out.push(child as Text);
      else if (child.nodeType === 1) {
        const shadow = openShadowRoot(child as Element);
        if (shadow) visit(shadow);
        visit(child);
      }
    }
  };
  visit(root);
  return out;
}

/** The page text a found stretch covers, as the DOM Range over it would give it. */
function textOf(root: Node, { start, startOffset, end, endOffset }: TextBounds): string {
  if (start === end) return start.data.slice(startOffset, endOffset);
  const nodes = textNodes(root);
  const between = nodes.slice(nodes.indexOf(start) + 1, nodes.indexOf(end));
  return start.data.slice(startOffset) + between.map((node) => node.data).join('') + end.data.slice(0, endOffset);
}

function found(html: string, parts: string[]): string[] {
  const doc = parseHtml(`<!DOCTYPE html><html><head><title>t</title></head><body>${html}</body></html>`, URL);
  return findText(doc.body, parts).map((bounds) => textOf(doc.body, bounds));
}

describe('findText: where the copied parts lie in the page', () => {
  test.each<[string, string, string[], string[]]>([
    ['a line across inline elements, spaced differently from the article text',
      '<p>The  headset <b>packs</b>\n   an insane display.</p>', ['The headset packs an insane display.'], ['The  headset packs\n   an insane display.']],
    ['a part of several lines: one stretch per paragraph',
      '<p>First paragraph here.</p><p>Second paragraph here.</p>', ['First paragraph here.\n\nSecond paragraph here.'], ['First paragraph here.', 'Second paragraph here.']],
    ['a part that starts within a paragraph',
      '<p>I still remember using the phone.</p>', ['still remember using the phone.'], ['still remember using the phone.']],
    ['a short line that is also the site\'s name is found in the article, beside the rest of its part, not in the header',
      '<header>InfoStream</header><article><p>InfoStream</p><p>Video tools for businesses, announced today.</p></article>',
      ['InfoStream\nVideo tools for businesses, announced today.'], ['InfoStream', 'Video tools for businesses, announced today.']],
    ['parts in the order of the page, each after the one before',
      '<p>Repeated line of text.</p><p>Middle.</p><p>Repeated line of text.</p><p>Closing line of text.</p>',
      ['Closing line of text.', 'Repeated line of text.'], ['Closing line of text.', 'Repeated line of text.']],
    ['text in an open shadow root',
      '<article-body><template shadowrootmode="open"><p>Rendered by a web component.</p></template></article-body>', ['Rendered by a web component.'], ['Rendered by a web component.']],
    ['script and style text is no text a reader sees',
      '<script>var copied = "Words of the article";</script><p>Words of the article</p>', ['Words of the article'], ['Words of the article']],
    ['Chinese text, one line of the article across two paragraphs of the page', '<p>翱翔于距地球数千公里的太空中，</p><p>进入广袤漆黑的未知领域。</p>',
      ['翱翔于距地球数千公里的太空中，进入广袤漆黑的未知领域。'], ['翱翔于距地球数千公里的太空中，进入广袤漆黑的未知领域。']],
    ['a line the page no longer has is skipped', '<p>Only this line.</p>', ['A line that is gone.\nOnly this line.'], ['Only this line.']],
    ['lines shorter than MIN_LINE_CHARS are not looked for', '<p>abc</p><p>Long enough line.</p>', ['abc\nLong enough line.'], ['Long enough line.']],
  ])('%s', (_name, html, parts, expected) => {
    expect(found(html, parts)).toEqual(expected);
  });
});
