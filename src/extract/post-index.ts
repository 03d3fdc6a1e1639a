/**
 * A page that lists several posts (a blog's front page, an archive by
 * month) holds no single article, and Readability then takes the container
 * of all of them, sidebar included. The article is the first post: the
 * newest, the one the page opens on and the one a repost of it copies.
 *
 * Posts are found by the class names blog templates give a post's body
 * (Blogger, WordPress, Movable Type and the Chinese blog hosts that copied
 * them); two or more, none inside another, each with some text, and all of
 * one template (the same element with the same classes), mark a list. A post
 * followed by comments whose template reuses the class is not a list: the
 * comments' element differs (a blog's `<blockquote class="entry-content">`
 * under its `<div class="entry-content">`).
 */
/** Class names a blog template gives the body of one post. */
export const POST_BODY_CLASSES: readonly string[] = ['post-body', 'entry-content', 'post-content'];

/**
 * Least text, in characters, of a post body that counts: an empty template
 * slot or a one-line teaser does not make a list of posts.
 */
export const MIN_POST_CHARS = 100;

const POST_BODY_SELECTOR = POST_BODY_CLASSES.map((name) => `.${name}`).join(',');

/** The first post's body when `content` lists several posts; `content` itself otherwise. */
export function firstPostOfIndex(content: Node): Node {
  if (content.nodeType !== 1) return content;
  const bodies = [...(content as Element).querySelectorAll(POST_BODY_SELECTOR)].filter(
    (body, i, all) => !all.some((other, j) => j !== i && other.contains(body)) && (body.textContent ?? '').trim().length >= MIN_POST_CHARS,
  );
  const first = bodies[0];
  if (!first || bodies.length < 2) return content;
  return bodies.every((body) => sameTemplate(body, first)) ? first : content;
}

function sameTemplate(a: Element, b: Element): boolean {
  return a.localName === b.localName && a.getAttribute('class') === b.getAttribute('class');
}
