import { Readability } from '@mozilla/readability';
import { describe, expect, test } from 'vitest';
import { articleText } from '../../src/extract/article-text';
import { parseHtml } from '../../src/extract/parse-html';
import { skipDisplayTidying } from '../../src/extract/readability-text-only';

// An article with what the tidying would change: relative addresses, a javascript: link,
// classes, an empty wrapper and a wrapper around a single block.
const PAGE = `<!DOCTYPE html><html><head><title>Tidy</title></head><body><article class="post">
  <h1>On rivers</h1>
  <div class="wrap"><div class="inner"><p class="lead">${'The river carries the last of the winter ice, and the town comes out to watch it go. '.repeat(4)}</p></div></div>
  <div class="empty">   </div>
  <p>See <a href="/rivers/ice.html">the ice pictures</a>, <a href="javascript:void(0)">open the <b>map</b></a> or <img src="thaw.jpg" alt="">read on.</p>
  <p>${'Spring arrives late in the valley, and the ferry waits for the channel to clear before its first crossing. '.repeat(4)}</p>
</article></body></html>`;

function read(tidy: boolean) {
  const reader = new Readability<Node>(parseHtml(PAGE, 'https://example.org/news/story.html'), { serializer: (node) => node });
  if (!tidy) expect(skipDisplayTidying(reader)).toBe(true);
  const content = reader.parse()?.content as Element;
  return { text: articleText(content), link: content.querySelector('a')?.getAttribute('href'), classes: content.querySelectorAll('[class]').length };
}

describe('skipDisplayTidying', () => {
  test('the article keeps its addresses and classes as the page wrote them', () => {
    const tidied = read(true);
    const untidied = read(false);
    expect([tidied.link, untidied.link]).toEqual(['https://example.org/rivers/ice.html', '/rivers/ice.html']);
    // Readability keeps its own "page" class on the wrapper it adds.
    expect(untidied.classes).toBeGreaterThan(tidied.classes);
  });

  test('the text is the same as with the tidying', () => {
    expect(read(false).text).toBe(read(true).text);
    expect(read(false).text).toContain('open the map or read on.');
  });

  test('an object of another shape is left alone', () => {
    const other = { _postProcessContent: 1 };
    expect(skipDisplayTidying(other)).toBe(false);
    expect(other._postProcessContent).toBe(1);
  });
});
