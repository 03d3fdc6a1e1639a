import { describe, expect, test, vi } from 'vitest';
import { parseHtml } from '../../src/extract/parse-html';
import { COPIED_HIGHLIGHT, highlightCopied, type HighlightApi } from '../../src/page-reading/copied-highlight';

/** A page of two paragraphs, and a Range stand-in that remembers where it starts (linkedom has no Range). */
function page() {
  const doc = parseHtml('<!DOCTYPE html><html><head><title>t</title></head><body><p id="a">A paragraph copied word for word.</p><p id="b">Another one, copied too.</p></body></html>', 'https://copy.example/a');
  const createRange = () => {
    const range = { startContainer: null as Node | null, setStart: (node: Node) => (range.startContainer = node), setEnd: () => {} };
    return range as unknown as Range;
  };
  const scrolled = vi.fn();
  (doc.getElementById('a') as unknown as { scrollIntoView: typeof scrolled }).scrollIntoView = scrolled;
  return { doc: { body: doc.body, createRange } as unknown as Document, scrolled };
}

function api() {
  const registry = { set: vi.fn(), delete: vi.fn() };
  return { api: { registry, create: (ranges: Range[]) => ({ ranges }) as unknown as Highlight } satisfies HighlightApi, registry };
}

describe('highlightCopied: the copied parts in the page\'s highlight registry', () => {
  test('the parts found are registered under one name, replacing the last ones, and the first is scrolled to', () => {
    const { doc, scrolled } = page();
    const { api: highlights, registry } = api();
    expect(highlightCopied(['A paragraph copied word for word.\nAnother one, copied too.'], { doc, api: highlights })).toEqual({ supported: true, highlighted: 2 });
    expect(registry.delete).toHaveBeenCalledWith(COPIED_HIGHLIGHT);
    expect(registry.set).toHaveBeenCalledWith(COPIED_HIGHLIGHT, { ranges: [expect.anything(), expect.anything()] });
    expect(scrolled).toHaveBeenCalledWith({ block: 'center' });
  });

  test.each<[string, string[]]>([
    ['no parts: the highlight is cleared, nothing registered', []],
    ['parts the page does not hold: cleared, nothing registered or scrolled to', ['Text of some other page entirely.']],
  ])('%s', (_name, parts) => {
    const { doc, scrolled } = page();
    const { api: highlights, registry } = api();
    expect(highlightCopied(parts, { doc, api: highlights })).toEqual({ supported: true, highlighted: 0 });
    expect(registry.delete).toHaveBeenCalledWith(COPIED_HIGHLIGHT);
    expect(registry.set).not.toHaveBeenCalled();
    expect(scrolled).not.toHaveBeenCalled();
  });

  test('a browser without the CSS Custom Highlight API: nothing done, and it says so', () => {
    const { doc } = page();
    expect(highlightCopied(['A paragraph copied word for word.'], { doc, api: undefined })).toEqual({ supported: false, highlighted: 0 });
  });
});
