import { describe, expect, test } from 'vitest';
import { extractArticle } from '../../src/extract';
import { parseHtml } from '../../src/extract/parse-html';

const PARAGRAPH = '<p>' + '金锺国是韩国男歌手、主持人，一九九五年以组合成员身份出道，其后独立发展，并以综艺节目为人熟知。'.repeat(6) + '</p>';
const GENERATOR = '<meta name="generator" content="MediaWiki 1.38.0-wmf.20">';

function sectionPage(head: string, editLink: string): string {
  const section = (title: string): string => `<h2><span class="mw-headline">${title}</span>${editLink}</h2>${PARAGRAPH}`;
  return `<!DOCTYPE html><html><head>${head}<title>金锺国</title></head><body><div id="content">${section('简介')}${section('经历')}</div></body></html>`;
}

const EDIT_LINK = '<span class="mw-editsection"><span class="mw-editsection-bracket">[</span><a href="?action=edit&section=1">编辑</a><span class="mw-editsection-bracket">]</span></span>';

describe('section edit links', () => {
  // cwc-d5bced5e (fit half): every heading of the Chinese Wikipedia page ended in "[编辑]".
  test.each([
    ['a MediaWiki page: the links go', GENERATOR, ['简介', '经历'], ['[编辑]']],
    ['another site using the class: kept', '', ['简介[编辑]', '经历[编辑]'], []],
  ])('%s', (_name, head, headings, absent) => {
    const paragraphs = extractArticle(parseHtml(sectionPage(head, EDIT_LINK)))?.text.split('\n\n') ?? [];
    for (const heading of headings) expect(paragraphs).toContain(heading);
    for (const text of absent) expect(paragraphs.join('\n')).not.toContain(text);
  });
});
