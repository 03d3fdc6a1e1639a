import { describe, expect, test } from 'vitest';
import { extractArticle } from '../../src/extract';
import { pageText } from '../../src/extract/page-text';
import { parseHtml } from '../../src/extract/parse-html';

const PROSE = 'The community supports free software and open standards, with only minor exceptions, and develops a browser, a mail client and many libraries used by other projects. ';
const PARAGRAPH = `<p>${PROSE.repeat(3)}<sup class="reference"><a href="#cite_note-1">[12]</a></sup></p>`;
const GENERATOR = '<meta name="generator" content="MediaWiki 1.35.0-wmf.20">';

/** A wiki page's body as MediaWiki marks it up: hatnote, contents box, prose with citation marks, references, a navigation box. */
const BODY = [
  '<div role="note" class="hatnote navigation-not-searchable">For the lizard, see Gila monster.</div>',
  PARAGRAPH,
  '<div id="toc" class="toc"><div class="toctitle"><h2>Contents</h2></div><ul><li><a href="#History">1 History</a></li><li><a href="#Software">2 Software</a></li></ul></div>',
  '<h2><span class="mw-headline">History</span></h2>',
  PARAGRAPH,
  PARAGRAPH,
  '<h2><span class="mw-headline">References</span></h2>',
  '<div class="reflist"><div class="mw-references-wrap"><ol class="references"><li id="cite_note-1"><a href="#cite_ref-1">^</a> "Freeing the Source: The Story of Mozilla". Open Sources. Retrieved 2016-05-01.</li></ol></div></div>',
  '<div role="navigation" class="navbox"><table class="nowraplinks"><tr><th class="navbox-title">Mozilla projects and browsers</th></tr><tr><td class="navbox-list">Firefox · Thunderbird · SeaMonkey · Bugzilla</td></tr></table></div>',
].join('');

function page(head: string): string {
  return `<!DOCTYPE html><html><head>${head}<title>Mozilla</title></head><body><div id="content"><div id="mw-content-text">${BODY}</div></div></body></html>`;
}

const APPARATUS = ['For the lizard', 'Contents', '1 History', 'Retrieved 2016', 'Mozilla projects and browsers', '[12]'];

describe("MediaWiki's reading apparatus", () => {
  // readability-wikipedia: the contents box, 78 references and two navigation boxes were a third of the text kept.
  test.each([
    ['a MediaWiki page: apparatus gone, prose kept', GENERATOR, [], APPARATUS],
    // Readability itself drops the contents box and the navigation box anywhere.
    ['another site using the same classes: the rest kept', '', ['For the lizard', 'Retrieved 2016', '[12]'], ['Contents', 'Mozilla projects and browsers']],
  ])('%s', (_name, head, kept, absent) => {
    const text = extractArticle(parseHtml(page(head)))?.text ?? '';
    expect(text).toContain(PROSE.trim());
    for (const part of kept) expect(text).toContain(part);
    for (const part of absent) expect(text).not.toContain(part);
  });
});

describe("MediaWiki's reading apparatus in the page-text fallback (when Readability finds no article)", () => {
  test.each([
    ['a MediaWiki page: apparatus gone from the page text too', true, [], APPARATUS],
    ['another site using the same classes: its notes and references kept', false, ['For the lizard', 'Retrieved 2016', '[12]'], []],
  ])('%s', (_name, mediaWiki, kept, absent) => {
    const text = pageText(parseHtml(page(mediaWiki ? GENERATOR : '')), mediaWiki);
    expect(text).toContain(PROSE.trim());
    for (const part of kept) expect(text).toContain(part);
    for (const part of absent) expect(text).not.toContain(part);
  });
});
