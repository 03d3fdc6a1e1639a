/**
 * Bench-only: the content script's own page reading (entrypoints/content/
 * read-page.ts → src/extract) bundled for injection into a test page, to
 * time on the page's real DOM what each path costs the page's main thread.
 */
import { exceedsBudget } from '../../src/page-reading/page-budget';
import { pageHtml, readHtml, readPage } from '../../src/page-reading/read-page';

export interface ExtractTimes {
  /** Chromium's path, on the page: the budget check and serialising the DOM (the rest runs in the offscreen document). */
  pageSideMs: number;
  /** Firefox's path (and the fallback): extraction in the page, Readability on a clone. */
  inPageMs: number;
  /** The offscreen document's work, from the serialised HTML (DOMParser + extraction), timed here for comparison. */
  fromHtmlMs: number;
  chars: number;
  /** Whether extraction from the HTML gave the same text as extraction from the live DOM. */
  sameText: boolean;
  elements: number;
}

function extractOnce(): ExtractTimes {
  const t0 = performance.now();
  const page = readPage(document, location.href);
  const inPageMs = performance.now() - t0;
  const t1 = performance.now();
  void exceedsBudget(document);
  const html = pageHtml(document);
  const pageSideMs = performance.now() - t1;
  const t2 = performance.now();
  const fromHtml = readHtml(html, location.href);
  const fromHtmlMs = performance.now() - t2;
  const text = page?.text ?? '';
  return {
    pageSideMs,
    inPageMs,
    fromHtmlMs,
    chars: text.length,
    sameText: (fromHtml.kind === 'page' ? fromHtml.page.text : '') === text,
    elements: document.getElementsByTagName('*').length,
  };
}

(globalThis as unknown as { __dejaLuExtract: typeof extractOnce }).__dejaLuExtract = extractOnce;
