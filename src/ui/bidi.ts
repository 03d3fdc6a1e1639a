/**
 * Titles come from web pages and may carry bidirectional control characters
 * (U+202E RIGHT-TO-LEFT OVERRIDE…) or simply right-to-left text. Shown inside
 * one of our sentences, an unterminated override would reorder the rest of
 * the sentence ("repost of ‹title›, read on …" read backwards). Wrapped in
 * FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE, whatever the title opens is
 * closed at its end. In the DOM the same is done with `dir="auto"` on the
 * element holding the title.
 */
const FSI = '\u2068';
const PDI = '\u2069';

export function isolateBidi(text: string): string {
  return `${FSI}${text}${PDI}`;
}
