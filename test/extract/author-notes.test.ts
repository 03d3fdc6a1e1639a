import { describe, expect, test } from 'vitest';
import { extractArticle } from '../../src/extract';
import { parseHtml } from '../../src/extract/parse-html';

const CHAPTER = [
  'Alden walked down the broad avenue toward the gym, wondering whether the showers would be the highest drama of the day.',
  'Haoyu gulped from a water bottle and said that his group, at least, had been getting along well enough.',
  'The speedsters, on the other hand, had seemed tense, as if one of them had said something nobody wanted to repeat.',
];
const NOTE = 'Thanks for reading, everyone! I never realised how different locker room etiquette is from country to country, and from one school to the next, until the story made me think about it. The next chapter comes out on Friday, and patrons can read two chapters ahead. Please leave a review if you are enjoying the story so far, it helps more than you know. '.repeat(3);

/** A chapter page as Royal Road lays it out: the chapter a div per paragraph, the author's note in a portlet beside it. */
function chapterPage(noteClass: string, repeats: number): string {
  const chapter = Array.from({ length: repeats }, () => CHAPTER.map((p) => `<div>${p}</div>`).join('')).join('');
  return `<!DOCTYPE html><html><head><title>Chapter 102</title></head><body><div class="chapter-page">
    <div class="portlet"><div class="portlet-body ${noteClass}"><p>${NOTE}</p></div></div>
    <div class="chapter-inner chapter-content">${chapter}</div></div></body></html>`;
}

// Once: too short for an article, read as the page's text; four times: the article Readability finds.
describe.each([1, 4])("an author's note is not the text (the chapter %i times)", (repeats) => {
  // The cross-template case royal-road: two different short chapters in that template both read as the note (distance 0).
  test.each([
    ['Royal Road', 'author-note', false],
    ['Scribble Hub', 'wi_authornotes', false],
    ['an author_notes box', 'author_notes', false],
    ['a footnote: kept', 'footnote', true],
    ['a co-author note: kept', 'coauthor-note', true],
  ])('%s', (_name, noteClass, noteKept) => {
    const text = extractArticle(parseHtml(chapterPage(noteClass, repeats)))?.text ?? '';
    expect(text.includes('Thanks for reading')).toBe(noteKept);
    if (!noteKept) for (const paragraph of CHAPTER) expect(text).toContain(paragraph);
  });
});
