import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { englishMessage } from './english';

/**
 * Loads an extension page's HTML (entrypoints/<name>/index.html) into a
 * linkedom document set as the global `document` and `window`, with
 * browser.i18n answering in English, so a page's view code runs as in the
 * extension.
 */
export function loadExtensionPage(name: 'popup' | 'options'): Document {
  const html = readFileSync(join(import.meta.dirname, '..', '..', 'entrypoints', name, 'index.html'), 'utf8');
  const { document, window } = parseHTML(html);
  // The DOM classes code under test checks with instanceof.
  Object.assign(globalThis, { document, window, Node: window.Node, HTMLElement: window.HTMLElement, HTMLAnchorElement: window.HTMLAnchorElement });
  fakeBrowser.i18n.getMessage = englishMessage as typeof fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getUILanguage = () => 'en-US';
  return document;
}
