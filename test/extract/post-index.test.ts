import { describe, expect, test } from 'vitest';
import { articleText } from '../../src/extract/article-text';
import { parseHtml } from '../../src/extract/parse-html';
import { firstPostOfIndex, MIN_POST_CHARS } from '../../src/extract/post-index';

const prose = (word: string): string => `${word} `.repeat(Math.ceil(MIN_POST_CHARS / word.length));
const post = (tag: string, cls: string, word: string): string => `<${tag} class="${cls}">${prose(word)}</${tag}>`;

/** The text firstPostOfIndex keeps of `html`'s `<main>`. */
function kept(html: string): string {
  const main = parseHtml(`<!DOCTYPE html><html><head></head><body><main>${html}</main></body></html>`).querySelector('main');
  if (!main) throw new Error('no <main>');
  return articleText(firstPostOfIndex(main));
}

describe('firstPostOfIndex', () => {
  test.each([
    // cwc-59562291 (fit half): a blog's front page, six `<td class="post-body">`.
    ['table cells of one blog template', `<table><tr>${post('td', 'post-body', 'alpha')}</tr><tr>${post('td', 'post-body', 'beta')}</tr></table>`, 'alpha'],
    ['WordPress entries, a sidebar beside them', `<ul><li><a href="/">Archive</a></li></ul>${post('div', 'entry-content', 'alpha')}${post('div', 'entry-content', 'beta')}${post('div', 'entry-content', 'gamma')}`, 'alpha'],
    ['several classes, the same on each post', `${post('div', 'post-content clearfix', 'alpha')}${post('div', 'post-content clearfix', 'beta')}`, 'alpha'],
  ])('a list of posts: the first post only: %s', (_name, html, word) => {
    expect(kept(html)).toBe(prose(word).trim());
  });

  test.each([
    ['a single post', post('div', 'entry-content', 'alpha')],
    // readability-firefox-nightly-blog (fit half): the post, then comments reusing its class.
    ['a post followed by comments of another element', `${post('div', 'entry-content', 'alpha')}${post('blockquote', 'entry-content', 'beta')}${post('blockquote', 'entry-content', 'gamma')}`],
    ['posts of different classes', `${post('div', 'post-body', 'alpha')}${post('div', 'post-body featured', 'beta')}`],
    ['one post inside another', `<div class="post-body">${prose('alpha')}${post('div', 'post-body', 'beta')}</div>`],
    ['one post and an empty template slot', `${post('div', 'post-body', 'alpha')}<div class="post-body">more</div>`],
    ['no post markup at all', `<p>${prose('alpha')}</p><p>${prose('beta')}</p>`],
  ])('not a list: everything kept: %s', (_name, html) => {
    const main = parseHtml(`<!DOCTYPE html><html><head></head><body><main>${html}</main></body></html>`).querySelector('main');
    expect(main && firstPostOfIndex(main)).toBe(main);
  });
});
