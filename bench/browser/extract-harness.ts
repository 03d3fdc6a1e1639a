/**
 * Bench-only: the content script's own page reader (entrypoints/content/
 * read-page.ts → src/extract) bundled for injection into a test page, to
 * time extraction on the page's real DOM.
 */
import { readPage } from '../../entrypoints/content/read-page';

function extractOnce(): { ms: number; chars: number } {
  const t0 = performance.now();
  const page = readPage(document, location.href);
  return { ms: performance.now() - t0, chars: page?.text.length ?? 0 };
}

(globalThis as unknown as { __dejaLuExtract: typeof extractOnce }).__dejaLuExtract = extractOnce;
