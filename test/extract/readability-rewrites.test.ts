/**
 * scripts/patch-readability.ts: the installed Readability sets no innerHTML
 * (Firefox's add-on linter warns about each assignment), and the two code
 * paths rewritten as DOM operations still do their job.
 */
import { readFileSync } from 'node:fs';
import { Readability } from '@mozilla/readability';
import { describe, expect, test } from 'vitest';
import { parseHtml } from '../../src/extract/parse-html';
import { patchReadability, READABILITY_FILE, REWRITES } from '../../scripts/patch-readability';

const installed = readFileSync(READABILITY_FILE, 'utf8');
/** Readability 0.6.0 as published, rebuilt from the installed copy. */
const published = REWRITES.reduce((source, { from, to }) => source.replace(to, from), installed);

describe('the installed Readability', () => {
  test('assigns innerHTML nowhere (npm ci runs the rewrites)', () => {
    expect(installed).not.toMatch(/\.innerHTML\s*=[^=]/);
  });

  test('is the published one with the rewrites, and only them', () => {
    expect(published).not.toBe(installed);
    expect(patchReadability(published)).toBe(installed);
  });
});

describe('patchReadability', () => {
  test('leaves a patched source as it is', () => {
    expect(patchReadability(installed)).toBe(installed);
  });

  test.each(REWRITES.map((rewrite) => [rewrite.why, rewrite] as const))('refuses a Readability without the code to %s', (_why, { from }) => {
    expect(() => patchReadability(published.replace(from, ''))).toThrow(/Readability changed/);
  });
});

interface Internals {
  _attempts: unknown[];
}

function readabilityOn(body: string): { text: string; html: string; attempts: number } {
  const doc = parseHtml(`<!DOCTYPE html><html><head><title>T</title></head><body>${body}</body></html>`);
  const reader = new Readability<Node>(doc, { serializer: (node) => node });
  const article = reader.parse();
  const content = article?.content as Element;
  return { text: content.textContent ?? '', html: content.outerHTML, attempts: (reader as unknown as Internals)._attempts.length };
}

const PROSE = Array.from({ length: 6 }, (_, i) => `<p>Paragraph ${i} of the story, long enough to be prose, with commas, clauses, and a full stop at the end of it.</p>`).join('');

test('an article dropped by the first attempt is found on the restored page', () => {
  // "comment" makes it an unlikely candidate: the first attempt strips it, finds too little text and starts again.
  const { text, attempts } = readabilityOn(`<div class="comment">${PROSE}</div><div class="nav"><a href="/">Home</a></div>`);
  expect(attempts).toBeGreaterThan(0);
  for (let i = 0; i < 6; i++) expect(text).toContain(`Paragraph ${i} of the story`);
});

test('a placeholder image takes the address of the image in the <noscript> after it', () => {
  const { html } = readabilityOn(`<article>${PROSE}<figure><img src="data:image/gif;base64,R0lGOD" alt="x"><noscript><img src="https://example.com/photo.jpg" alt="x"></noscript></figure>${PROSE}</article>`);
  expect(html).toContain('src="https://example.com/photo.jpg"');
  expect(html).not.toContain('<noscript');
});
