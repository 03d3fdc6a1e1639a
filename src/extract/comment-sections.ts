/**
 * A page's comment section: readers' replies below a post ("#1 小鳳 於
 * 2013/12/28 … 回覆"). Readability drops it on its first pass, by the
 * class and id words it finds unlikely, but when that pass finds less than
 * its 500 characters (a short post) it tries again with that filter off
 * and keeps the longest result, so a short post with a long thread is read
 * as its comments, and a copy of the post elsewhere reads like another text.
 *
 * This keeps Readability's own first-pass rule for comments on every try:
 * an element whose class or id has a word "comment(s)", "replies" or
 * "disqus…" (as a whole word between `-`/`_`, so "commentary" is not one)
 * goes, unless its class and id also name content the way Readability
 * spares it ("comment-body", "article-comments"), or it is inside a table
 * or code, as Readability spares those too. Whatever this removes,
 * Readability's first pass removed already.
 */

/** A class or id word of a comment section. */
const COMMENT_WORD = /^(?:comments?|replies|disqus\w*)$/i;

/** Readability's `okMaybeItsACandidate`: class and id words that spare an element it finds unlikely. */
const CONTENT_WORDS = /and|article|body|column|content|main|mathjax|shadow/i;

/** Elements with a class or id that mentions a comment section at all: each is then checked by its words. */
const CANDIDATES = ['comment', 'Comment', 'COMMENT', 'replies', 'disqus'].map((w) => `[class*="${w}"], [id*="${w}"]`).join(', ');

/** Ancestors under which Readability never drops an unlikely element. */
const SPARING_ANCESTORS = 'table, code';

function isCommentSection(element: Element): boolean {
  const names = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
  if (CONTENT_WORDS.test(names)) return false;
  if (!names.split(/[\s_-]+/).some((word) => COMMENT_WORD.test(word))) return false;
  const tag = element.localName.toLowerCase();
  return tag !== 'body' && tag !== 'html' && tag !== 'a' && element.parentElement?.closest(SPARING_ANCESTORS) == null;
}

/** Removes every comment section below `root` (a clone: it is modified). */
export function removeCommentSections(root: Element): void {
  for (const element of Array.from(root.querySelectorAll(CANDIDATES))) {
    // An element inside one removed already is detached; removing it again is harmless.
    if (isCommentSection(element)) element.parentNode?.removeChild(element);
  }
}
