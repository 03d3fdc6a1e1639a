/**
 * The extraction target on the shared practice pages (../shared/data/pages
 * from the repository root): on the Chinese pages the extension's mean F1
 * beats plain Readability's, computed here on every run, and the scores of
 * both are printed. Skipped when the data is not there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Readability } from '@mozilla/readability';
import { describe, expect, test } from 'vitest';
import { extractArticle } from '../../src/extract';
import { meanScore, scoreExtraction, type ExtractionScore } from '../../eval/extraction-score';
import { parseHtml } from '../../src/extract/parse-html';

const PAGES = resolve(import.meta.dirname, '../../../shared/data/pages');

interface Page {
  id: string;
  lang: string;
}

function pages(): Page[] {
  const [head = '', ...lines] = readFileSync(resolve(PAGES, 'pages.tsv'), 'utf8').split('\n').filter((l) => l.length > 0);
  const columns = head.split('\t');
  const idColumn = columns.indexOf('id');
  const langColumn = columns.indexOf('lang');
  return lines.map((line) => {
    const cells = line.split('\t');
    return { id: cells[idColumn] ?? '', lang: cells[langColumn] ?? '' };
  });
}

/** Plain Readability's text, as eval/extraction.ts takes it. */
function plainReadability(html: string, url: string): string {
  try {
    return new Readability(parseHtml(html, url)).parse()?.textContent ?? '';
  } catch {
    return '';
  }
}

describe.skipIf(!existsSync(resolve(PAGES, 'pages.tsv')))('extraction F1 on ../shared/data/pages', () => {
  test('Chinese pages: the extension beats plain Readability', { timeout: 180_000 }, () => {
    const ours: ExtractionScore[] = [];
    const plain: ExtractionScore[] = [];
    for (const { id } of pages().filter((p) => p.lang.startsWith('zh'))) {
      const path = resolve(PAGES, 'html', `${id}.html`);
      const html = readFileSync(path, 'utf8');
      const url = pathToFileURL(path).href;
      const truth = readFileSync(resolve(PAGES, 'truth', `${id}.txt`), 'utf8');
      ours.push(scoreExtraction(extractArticle(parseHtml(html, url), { url })?.text ?? '', truth));
      plain.push(scoreExtraction(plainReadability(html, url), truth));
    }
    const oursF1 = meanScore(ours).f1;
    const plainF1 = meanScore(plain).f1;
    console.log(`Chinese pages (${ours.length}): extension F1 ${oursF1.toFixed(4)}, plain Readability ${plainF1.toFixed(4)}`);
    expect(ours.length).toBeGreaterThan(0);
    expect(oursF1).toBeGreaterThan(plainF1);
  });
});
