import { describe, expect, test } from 'vitest';
import { extractArticle } from '../../src/extract';
import { removeCommentSections } from '../../src/extract/comment-sections';
import { parseHtml } from '../../src/extract/parse-html';

const POST = '昨天我們在山上看見了第一片紅葉，朋友說今年的楓葉比往年都早。';
const COMMENT = '哇！好美的楓葉，下次也想去看看，謝謝分享這麼多照片。';

/** A short post (under Readability's 500 characters) and a long thread under it, in a box with these class and id. */
function postWithThread(boxClass: string, boxId = ''): string {
  const thread = Array.from({ length: 30 }, (_, i) => `<li class="post-info"><p>#${i + 1} 訪客</p><p>${COMMENT}</p></li>`).join('');
  return `<!DOCTYPE html><html><head><title>賞楓</title></head><body><div class="article"><h2>賞楓</h2><p>${POST}</p></div>
    <div class="${boxClass}" id="${boxId}"><ul>${thread}</ul></div></body></html>`;
}

describe('a comment section is not the article, even under a short post', () => {
  test.each([
    ['pixnet: comment-box', 'comment-box user-post-box', '', false],
    ['an id "comments"', '', 'comments', false],
    ['replies', 'replies', '', false],
    ['Disqus', '', 'disqus_thread', false],
    ['"commentary" is a word of its own: kept', 'commentary', '', true],
    ['content words spare it, as in Readability: kept', 'comment-body', '', true],
  ])('%s', (_name, boxClass, boxId, threadKept) => {
    const text = extractArticle(parseHtml(postWithThread(boxClass, boxId)))?.text ?? '';
    // Kept, the thread is longer than the post and Readability reads it, as before.
    expect(text.includes(COMMENT)).toBe(threadKept);
    if (!threadKept) expect(text).toContain(POST);
  });

  test('inside a table, as Readability spares it there: kept', () => {
    const doc = parseHtml(`<!DOCTYPE html><html><body><table><tr><td><div class="comments"><p>${COMMENT}</p></div></td></tr></table></body></html>`);
    removeCommentSections(doc.documentElement);
    expect(doc.body.textContent).toContain(COMMENT);
  });
});
