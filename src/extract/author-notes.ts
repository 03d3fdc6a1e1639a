/**
 * An author's note beside a story or an article ("Thanks for reading! The
 * next chapter comes Friday…"): web-fiction sites print one above or below
 * every chapter, and a chapter copied to another site seldom takes it along.
 * It is not the text, and on a short chapter with a long note Readability
 * takes the note for the article, so two chapters of one story read alike.
 *
 * The sites mark it in the class name — `author-note` (Royal Road),
 * `wi_authornotes` (Scribble Hub), `author_notes` — so the rule is a class
 * token ending in "author note(s)", with or without a separator.
 */

/** A class token that names an author's note. */
const AUTHOR_NOTE_TOKEN = /(?:^|[-_])author[-_]?notes?$/i;

/** Elements whose class mentions a note at all: each is then checked by its tokens. */
const CANDIDATES = '[class*="note"], [class*="Note"], [class*="NOTE"]';

function isAuthorNote(element: Element): boolean {
  return (element.getAttribute('class') ?? '').split(/\s+/).some((token) => AUTHOR_NOTE_TOKEN.test(token));
}

/** Removes every author's note below `root` (a clone: it is modified). */
export function removeAuthorNotes(root: Element): void {
  for (const element of Array.from(root.querySelectorAll(CANDIDATES))) if (isAuthorNote(element)) element.parentNode?.removeChild(element);
}
