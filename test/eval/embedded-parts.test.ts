import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PART_LAYOUTS } from '../../eval/embedded-parts';
import { writersParagraphs } from '../../eval/data';

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

describe('the writer\'s paragraphs a part is cut from (decisions/0089)', () => {
  it.each([
    ['apart at blank lines, a listing\'s lines kept together', 'Intro text.\n\nvar a = 1;\nvar b = 2;\n\nOutro.', ['Intro text.', 'var a = 1;\nvar b = 2;', 'Outro.']],
    ['at every line break where the text has no blank line (Chinese paragraphs are lines)', '第一段。\n第二段。\n第三段。', ['第一段。', '第二段。', '第三段。']],
    ['blank lines holding spaces, and empty ones dropped', 'One.\n  \nTwo.\n\n\n', ['One.', 'Two.']],
  ])('%s', (_what, text, expected) => {
    expect(writersParagraphs(text)).toEqual(expected);
  });

  it('cuts "as written" with a code listing in one paragraph, and "a line a paragraph" with each of its lines apart', () => {
    const listing = Array.from({ length: 12 }, (_, i) => `  call(step${i}, value${i});`).join('\n');
    const text = ['First paragraph of prose.', 'Second paragraph of prose.', listing, 'Last paragraph of prose.'].join('\n\n');
    expect(PART_LAYOUTS['as written'](text, 1 / 3).split('\n\n')).toEqual(['Second paragraph of prose.', listing]);
    expect(PART_LAYOUTS['a line a paragraph'](text, 1 / 3).split('\n\n').every((p) => !p.includes('\n'))).toBe(true);
  });
});
