import type { PageStatus } from '../../../src/messaging';
import { cjkRunPage, deepMarkupPage, deepScriptPage, hugeTextPage } from '../../support/hostile-pages';

/** A skip or verdict may take this long after the page has loaded, on a loaded two-core CI machine. */
export const VERDICT_WITHIN_MS = 20_000;
/** The 50 MB page: the browser itself needs tens of seconds to load it there. */
export const HUGE_PAGE_WITHIN_MS = 100_000;

const MB = 1024 * 1024;
const html = (body: string) => ({ contentType: 'text/html; charset=utf-8', body });

/** The fixtures server's routes for the generated odd pages. */
export const ODD_PAGE_ROUTES = {
  '/generated/huge.html': () => html(hugeTextPage(50 * MB)),
  '/generated/deep-markup.html': () => html(deepMarkupPage(10_000)),
  '/generated/deep-script.html': () => html(deepScriptPage(10_000)),
  '/generated/cjk-run.html': () => html(cjkRunPage(100_000)),
};

/** Pages that must end in a verdict or a clean skip: name, path on the fixtures server, the statuses allowed, within how long. */
export const ODD_PAGES: readonly [string, string, readonly PageStatus[], number][] = [
  ['50 MB of text', '/generated/huge.html', ['too_large'], HUGE_PAGE_WITHIN_MS],
  // Chromium's parser keeps 512 levels of them, Firefox's more; either way the article is read.
  ['10,000 levels of nesting written as markup', '/generated/deep-markup.html', ['new'], VERDICT_WITHIN_MS],
  ['10,000 levels of nesting built by script', '/generated/deep-script.html', ['too_large'], VERDICT_WITHIN_MS],
  ['a 100,000-character CJK run without punctuation', '/generated/cjk-run.html', ['new'], VERDICT_WITHIN_MS],
  ['a frameset', '/hostile/frameset/source.html', ['no_article', 'too_short'], VERDICT_WITHIN_MS],
  ['a plain-text document', '/hostile/plain-text/source.txt', ['new'], VERDICT_WITHIN_MS],
  ['an image', '/hostile/image/source.png', ['no_article'], VERDICT_WITHIN_MS],
  ['a page that never stops changing', '/hostile/mutating/source.html', ['new', 'too_short'], VERDICT_WITHIN_MS],
];
