import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../bench/lib/seeded-random';
import { combinedEdit, withInlineClutter, withTypos, wrapped } from '../../eval/own-edits';

const LATIN = Array.from({ length: 400 }, (_, i) => ['harbour', 'fees', 'rose', 'again', 'on', 'Tuesday', 'owners', 'said'][i % 8]).join(' ');
const CHINESE = '城市基础设施向民间资本开放也就是投资项目的商业化运作其前提仍然是项目的盈利性'.repeat(20);

const wordsChanged = (a: string, b: string): number => {
  const x = a.split(' ');
  const y = b.split(' ');
  return x.filter((w, i) => y[i] !== w).length;
};

describe('own typos (eval/own-edits.ts)', () => {
  it.each([0.01, 0.03, 0.05])('touches about %s of the words, the same ones for the same seed', (rate) => {
    const once = withTypos(LATIN, 'other', rate, seededRandom(7));
    expect(withTypos(LATIN, 'other', rate, seededRandom(7))).toBe(once);
    expect(once).not.toBe(LATIN);
    // A split or joined word shifts the words after it, so count up to the first shift only loosely.
    const touched = Math.abs(once.length - LATIN.length) + wordsChanged(LATIN, once);
    expect(touched).toBeGreaterThan(0);
    expect(touched).toBeLessThan(400 * rate * 40);
  });

  it('in Chinese changes Han characters only, at about the rate', () => {
    const text = `${CHINESE}，Apple 2024。`;
    const typed = withTypos(text, 'zh', 0.05, seededRandom(3));
    expect(typed).toContain('，Apple 2024。');
    const changed = Math.abs(Array.from(typed).length - Array.from(text).length);
    expect(typed).not.toBe(text);
    expect(changed).toBeLessThan(0.05 * CHINESE.length * 3);
  });
});

describe('the combined edit (eval/own-edits.ts)', () => {
  // Digits mark each paragraph: typos touch letters only.
  const marker = (i: number): string => String(i + 1).repeat(5);
  const paragraphs = Array.from({ length: 6 }, (_, i) => `${marker(i)} ${LATIN.slice(0, 200)}`);
  const edited = combinedEdit(paragraphs.join('\n\n'), 'other', seededRandom(11));
  const blocks = edited.split('\n\n');
  it('puts a header and a footer of its own around the text', () => {
    expect(blocks.slice(0, 3)).toEqual(['Home > News > Article', 'Posted by admin | Filed under: Stories', 'Share: Facebook Twitter Email']);
    expect(blocks.at(-1)).toBe('Previous post | Next post');
  });
  it('drops one paragraph, swaps two, and wraps the others at 72 characters', () => {
    const body = blocks.slice(3, -3);
    expect(body).toHaveLength(paragraphs.length - 1);
    const order = body.map((block) => paragraphs.findIndex((_, i) => block.startsWith(marker(i))));
    expect(order).not.toContain(-1);
    expect(order).not.toEqual([...order].sort((a, b) => a - b));
    for (const line of body.flatMap((block) => block.split('\n'))) expect(line.length).toBeLessThanOrEqual(72);
  });
});

describe('the site wrapper (eval/own-edits.ts)', () => {
  const others = ['One other article opens with these words and goes on for a while', 'A second one starts like this, then says more'];
  it.each([0.15, 0.3])('keeps the text whole between short lines adding about %s of its length', (share) => {
    const out = wrapped(LATIN, 'other', share, others, seededRandom(5));
    const [before, after] = out.split(LATIN) as [string, string];
    expect(after).toBeDefined();
    const added = before.length + after.length;
    expect(added).toBeGreaterThanOrEqual(share * LATIN.length);
    expect(added).toBeLessThan(share * LATIN.length + 200);
    for (const line of `${before}${after}`.split('\n\n').filter(Boolean)) expect(line.split(' ').length).toBeLessThanOrEqual(15);
  });
});

describe('inline clutter (eval/own-edits.ts)', () => {
  const article = Array.from({ length: 7 }, (_, i) => `Paragraph ${i} of the article, long enough to read.`).join('\n\n');
  const others = ['Another story about harbour fees and the owners who pay them every year in full'];

  it('puts a line after every third paragraph, titled from another text, and keeps the article as it was', () => {
    const cluttered = withInlineClutter(article, 'other', (title) => `READ MORE: ${title}`, others, seededRandom(1)).split('\n\n');
    expect(cluttered).toHaveLength(9);
    expect([cluttered[3], cluttered[7]]).toEqual([`READ MORE: ${others[0]!.slice(0, 80)}`, `READ MORE: ${others[0]!.slice(0, 80)}`]);
    expect(cluttered.filter((p) => p.startsWith('Paragraph')).join('\n\n')).toBe(article);
  });

  it('adds nothing without other texts to title it from', () => {
    expect(withInlineClutter(article, 'other', () => 'Advertisement', [], seededRandom(1))).toBe(article);
  });
});
