import type { HighlightResult } from '../messaging';
import { findText } from './text-ranges';

/** The highlight's name in the page's CSS.highlights, and in the ::highlight() rule of copied-highlight.css that styles it. */
export const COPIED_HIGHLIGHT = 'deja-lu-copied';

/** The parts of the CSS Custom Highlight API this needs; undefined where the browser lacks it. */
export interface HighlightApi {
  registry: Pick<HighlightRegistry, 'set' | 'delete'>;
  create: (ranges: Range[]) => Highlight;
}

export function pageHighlightApi(): HighlightApi | undefined {
  if (typeof CSS === 'undefined' || !('highlights' in CSS) || typeof Highlight === 'undefined') return undefined;
  return { registry: CSS.highlights, create: (ranges) => new Highlight(...ranges) };
}

/**
 * Highlights `parts` of the page's text under COPIED_HIGHLIGHT, replacing
 * what it highlighted before (no parts: clears it), and scrolls to the
 * first. Nothing of the page's DOM changes: the ranges only point into its
 * text nodes.
 */
export function highlightCopied(parts: readonly string[], { doc = globalThis.document, api = pageHighlightApi() }: { doc?: Document; api?: HighlightApi | undefined } = {}): HighlightResult {
  if (!api || !doc) return { supported: false, highlighted: 0 };
  api.registry.delete(COPIED_HIGHLIGHT);
  if (parts.length === 0) return { supported: true, highlighted: 0 };
  const ranges = (doc.body ? findText(doc.body, parts) : []).map(({ start, startOffset, end, endOffset }) => {
    const range = doc.createRange();
    range.setStart(start, startOffset);
    range.setEnd(end, endOffset);
    return range;
  });
  if (ranges.length > 0) {
    api.registry.set(COPIED_HIGHLIGHT, api.create(ranges));
    const first = ranges[0]!.startContainer.parentElement;
    first?.scrollIntoView({ block: 'center' });
  }
  return { supported: true, highlighted: ranges.length };
}
