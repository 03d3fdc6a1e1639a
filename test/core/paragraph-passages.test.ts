/**
 * Fingerprint scheme 5 chunks passages paragraph by paragraph and leaves short
 * paragraphs out, so the lines a site's template puts between an article's
 * paragraphs (captions, "Advertisement", "Read more: …", share lines) no
 * longer change the article's passages
 * (docs/decisions/0035-paragraph-passages.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fingerprintToHex, hammingDistance, judge, passageRanges, signDocument, type DocumentSignature } from '../../src/core';
import { hashFeatures } from '../../src/core/feature-table';
import { featureStreamByParagraph } from '../../src/core/features';
import { PARAGRAPH_MIN_FEATURES, chunkBoundaries } from '../../src/core/passages';
import { equivalentScheme, type FingerprintScheme } from '../../src/core/scheme';
import { WRAPPED_LINE_MAX, paragraphEnds } from '../../src/core/tokenize';

const ARTICLE = readFileSync(join(__dirname, '../fixtures/history/dropbox-blog.txt'), 'utf8');
const detection = (name: string): string => readFileSync(join(__dirname, '../fixtures/detection', `${name}.txt`), 'utf8');
const PARAGRAPHS = ARTICLE.split(/\n\s*\n/).filter((p) => p.trim() !== '');

/** The article with `lines(i)` put after its i-th paragraph, as a template puts them. */
function interleaved(lines: (i: number) => string[]): string {
  return PARAGRAPHS.flatMap((p, i) => [p, ...lines(i)]).join('\n\n');
}

const sorted = (s: DocumentSignature): string[] => s.passages.map(fingerprintToHex).sort();
const sign = (text: string, scheme: FingerprintScheme): DocumentSignature => signDocument(text, {}, scheme);

/** Lines a template puts between paragraphs, each shorter than PARAGRAPH_MIN_FEATURES features. */
const TEMPLATES: Array<[string, (i: number) => string[]]> = [
  ['"Advertisement" after every paragraph', () => ['Advertisement']],
  ['a photo caption with its credit after every third', (i) => (i % 3 === 0 ? [`Engineers at work in the office, photo ${i}. Photo: Jane Doe / Agency`] : [])],
  ['"Read more" links', (i) => (i % 2 === 1 ? [`Read more: The ten best places to eat this weekend (${i})`] : [])],
  ['share lines and an author box', (i) => (i % 4 === 2 ? ['Share on Facebook', 'Share on X', 'Copy link', 'Jane Doe is a staff writer.'] : [])],
];

describe('scheme 5: the same passages whatever short lines stand between the paragraphs', () => {
  const plain = sign(ARTICLE, 5);

  it.each(TEMPLATES)('%s', (_name, lines) => {
    const framed = sign(interleaved(lines), 5);
    expect(sorted(framed)).toEqual(sorted(plain));
    expect(judge(plain, framed).verdict).toBe('duplicate');
  });

  it.each(TEMPLATES)('%s: most passages changed in scheme 4 (the chunks ran across the lines)', (_name, lines) => {
    const four = new Set(sorted(sign(ARTICLE, 4)));
    const framed = sorted(sign(interleaved(lines), 4));
    expect(framed.filter((p) => four.has(p)).length).toBeLessThan(framed.length);
  });

  it('finds a repost in another template whose lines moved every chunk of scheme 4', () => {
    const first = interleaved((i) => (i % 5 === 0 ? [`Photo ${i}: the team at work. Credit: Agency`] : i % 3 === 0 ? ['Advertisement'] : []));
    const second = interleaved((i) => (i % 4 === 1 ? ['Read more: Why we built it ourselves'] : i % 6 === 0 ? ['Share this article'] : []));
    const [four, five] = [4, 5].map((scheme) => [sign(first, scheme as FingerprintScheme), sign(second, scheme as FingerprintScheme)] as const);
    const shared = ([a, b]: readonly [DocumentSignature, DocumentSignature]) => a.passages.filter((p) => b.passages.some((q) => hammingDistance(p, q) === 0)).length;
    expect(shared(five!)).toBe(five![0].passages.length);
    expect(shared(four!)).toBeLessThan(four![0].passages.length);
    expect(judge(...five!).verdict).toBe('duplicate');
  });
});

describe('a repost in two real templates (eval/cross-template.ts material)', () => {
  const [first, second] = ['template-clean-links.folha', 'template-mozilla-1.folha'].map(detection) as [string, string];

  it.each([
    [4, 'different'],
    [5, 'duplicate'],
  ] as const)('scheme %i: %s', (scheme, verdict) => {
    expect(judge(sign(first, scheme), sign(second, scheme))).toMatchObject({ verdict, distance: 5 });
  });
});

describe('scheme 5 chunks', () => {
  const text = interleaved((i) => (i % 2 === 0 ? ['Advertisement'] : []));

  it('never span a blank line, and a paragraph shorter than the minimum gives none', () => {
    const ranges = passageRanges(text, {}, 5);
    expect(ranges.length).toBeGreaterThan(PARAGRAPHS.length / 2);
    for (const { start, end } of ranges) {
      expect(text.slice(start, end)).not.toMatch(/\n\s*\n/);
      expect(text.slice(start, end)).not.toContain('Advertisement');
    }
  });

  it.each([
    ['one paragraph', 'one two three four five six seven eight nine ten eleven twelve thirteen', [[0, 13]]],
    ['a short paragraph between two long ones gives no chunk', 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu\n\nshort line here\n\nnu xi omicron pi rho sigma tau upsilon phi chi psi omega', [[0, 12], [14, 26]]],
    ['paragraphs split by spaces on the blank line too', 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu\n \t\nnu xi omicron pi rho sigma tau upsilon phi chi psi omega', [[0, 12], [12, 24]]],
    ['a single line break does not end a paragraph of Latin text (a wrapped line)', 'alpha beta gamma delta epsilon zeta\neta theta iota kappa lambda mu', [[0, 12]]],
  ] as const)('%s', (_name, input, expected) => {
    const { features, paragraphs } = featureStreamByParagraph(input);
    expect(chunkBoundaries(hashFeatures(features, paragraphs))).toEqual(expected);
  });

  it.each([
    [PARAGRAPH_MIN_FEATURES, 1],
    [PARAGRAPH_MIN_FEATURES - 1, 0],
  ])('a paragraph of %i features between two others gives %i chunks of its own', (size, chunks) => {
    const words = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}x`).join(' ');
    const text = [words('first', 20), words('middle', size), words('last', 20)].join('\n\n');
    const { features, paragraphs } = featureStreamByParagraph(text);
    const inMiddle = chunkBoundaries(hashFeatures(features, paragraphs)).filter(([start]) => start >= 20 && start < 20 + size);
    expect(inMiddle).toHaveLength(chunks);
  });

  it.each([
    ['Latin text: the first break of each run of blank lines, then the end', 'a\n\nb\n \n\n\nc\nd', [1, 4, 12]],
    ['no breaks', 'no breaks', [9]],
    ['Chinese text: every line break (its lines are <br> lines)', '第一行文字\n第二行文字\n\n第三行', [5, 11, 16]],
    ['Japanese text: every line break', 'これは一行目です\nこれは二行目です', [8, 17]],
    ['Chinese words inside a Latin-script text: blank lines only', 'The word 中文 means Chinese\nin English\n\nEnd', [36, 41]],
    ['Latin words inside a Chinese text: every line break', '今天我们讨论一下 AI 的发展\n明天继续', [15, 20]],
    // A copy that lost its blank lines: each paragraph on a line longer than any wrap width.
    ['Latin text with no blank line and a line longer than WRAPPED_LINE_MAX: every line break', `${'w'.repeat(WRAPPED_LINE_MAX + 1)}\nshort\nend`, [WRAPPED_LINE_MAX + 1, WRAPPED_LINE_MAX + 7, WRAPPED_LINE_MAX + 11]],
    ['Latin text with no blank line, wrapped at a width: no break', `${'w'.repeat(WRAPPED_LINE_MAX)}\nshort\nend`, [WRAPPED_LINE_MAX + 10]],
    ['Latin text with a blank line and a long line: blank lines only', `${'w'.repeat(WRAPPED_LINE_MAX + 1)}\nshort\n\nend`, [WRAPPED_LINE_MAX + 7, WRAPPED_LINE_MAX + 12]],
  ] as const)('paragraphEnds, %s', (_name, text, ends) => {
    expect(paragraphEnds(text)).toEqual(ends);
  });

  it('is a rule set of its own: scheme 5 pages do not compare with schemes 3 and 4 as one', () => {
    const length = { cjkChars: 0, words: 500 };
    expect([3, 4, 5].map((s) => equivalentScheme(s as FingerprintScheme, length))).toEqual([3, 3, 5]);
    expect(sign(ARTICLE, 5).fingerprint).toEqual(sign(ARTICLE, 4).fingerprint);
  });
});

describe('scheme 5 in Chinese text: each line is a paragraph', () => {
  const article = detection('cwc-bbdf5079');
  const lines = article.split('\n').filter((line) => line.trim() !== '');

  it('the article with its <br> lines put in <p> paragraphs keeps every passage', () => {
    expect(sorted(sign(lines.join('\n\n'), 5))).toEqual(sorted(sign(article, 5)));
  });

  it('the same lines behind short template lines keep every passage too', () => {
    const framed = lines.flatMap((line, i) => (i % 3 === 0 ? [line, '广告', '分享到微博'] : [line])).join('\n');
    expect(sorted(sign(framed, 5))).toEqual(sorted(sign(article, 5)));
  });
});

describe('scheme 5 in a copy that lost its blank lines (each paragraph on one line)', () => {
  // Most, not all: where the article itself breaks a paragraph's lines (a list), the copy splits them.
  it.each([
    ['the history fixture dropbox-blog', ARTICLE, PARAGRAPHS.join('\n')],
    ['the practice set\'s readability-cnet (its `format` edit)', detection('readability-cnet'), detection('readability-cnet.format')],
  ])('%s: most passages in common (was: one paragraph, none in common)', (_name, article, copy) => {
    const [a, b] = [sign(article, 5), sign(copy, 5)];
    expect(b.passages.filter((p) => a.passages.some((q) => hammingDistance(p, q) <= 3)).length).toBeGreaterThan(b.passages.length / 2);
  });
});
