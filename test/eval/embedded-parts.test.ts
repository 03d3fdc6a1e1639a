import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PART_LAYOUTS } from '../../eval/embedded-parts';

const article = readFileSync(join(__dirname, '../fixtures/detection/readability-cnet.txt'), 'utf8');
const words = (text: string): string[] => text.split(/\s+/).filter((w) => w !== '');

describe('the layouts a part is set in (eval/embedded-parts.ts)', () => {
  it('keeps the words of the part as written, in order, with paragraphs kept', () => {
    expect(words(PART_LAYOUTS['wrapped, paragraphs kept'](article, 1 / 3))).toEqual(words(PART_LAYOUTS['as written'](article, 1 / 3)));
  });

  it.each(['wrapped, a line a paragraph', 'wrapped, paragraphs kept'] as const)('wraps %s at 72 columns', (layout) => {
    const lines = PART_LAYOUTS[layout](article, 1 / 3).split('\n').filter((l) => l !== '');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(72);
    expect(lines.filter((l) => l.length > 60).length).toBeGreaterThan(lines.length / 2);
  });

  it('sets every wrapped line in a paragraph of its own, or keeps them together', () => {
    expect(PART_LAYOUTS['wrapped, a line a paragraph'](article, 1 / 3).split('\n\n').every((p) => !p.includes('\n'))).toBe(true);
    expect(PART_LAYOUTS['wrapped, paragraphs kept'](article, 1 / 3).split('\n\n').some((p) => p.includes('\n'))).toBe(true);
  });
});
