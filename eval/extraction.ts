/**
 * Article extraction F1 on a pages set (html/<id>.html, truth/<id>.txt,
 * pages.tsv): the extension's extraction (the CLI's loadDocument) against
 * plain Mozilla Readability's textContent, scored with extraction-score.ts
 * (shingles; Chinese and Japanese tokenised per character).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { scoreExtraction } from './extraction-score';

function readTsv(path: string): Record<string, string>[] {
  const [head = '', ...lines] = readFileSync(path, 'utf8').split('\n').filter((l) => l.length > 0);
  const header = head.split('\t');
  return lines.map((l) => {
    const cells = l.split('\t');
    return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
  });
}

export async function extractionReport(pagesDir: string, print: (s?: string) => void): Promise<string[]> {
  const t0 = performance.now();
  const { loadDocument } = await import('../src/cli/load-document');
  const { parseHtml } = await import('../src/extract/parse-html');
  const { Readability } = await import('@mozilla/readability');
  const io = { readFile: async (p: string) => new Uint8Array(readFileSync(p)) } as unknown as Parameters<typeof loadDocument>[0];

  type Row = { id: string; group: string; ours: number; readability: number };
  const rows: Row[] = [];
  for (const page of readTsv(join(pagesDir, 'pages.tsv'))) {
    const id = page.id!;
    const htmlPath = join(pagesDir, 'html', `${id}.html`);
    const truth = readFileSync(join(pagesDir, 'truth', `${id}.txt`), 'utf8');
    let ours = '';
    try {
      ours = (await loadDocument(io, htmlPath, true)).text;
    } catch {
      ours = '';
    }
    let plain = '';
    try {
      const doc = parseHtml(readFileSync(htmlPath, 'utf8'), pathToFileURL(htmlPath).href);
      plain = new Readability(doc as unknown as Document).parse()?.textContent ?? '';
    } catch {
      plain = '';
    }
    const zh = (page.lang ?? '').startsWith('zh');
    rows.push({ id, group: zh ? 'zh' : 'other', ours: scoreExtraction(ours, truth).f1, readability: scoreExtraction(plain, truth).f1 });
  }
  const mean = (xs: number[]): number => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);
  print(`\n=== Article extraction F1 (${pagesDir}, ${rows.length} pages, ${((performance.now() - t0) / 1000).toFixed(1)} s) ===`);
  const failures: string[] = [];
  for (const [name, sel] of [['all', () => true], ['Chinese (zh-*)', (r: Row) => r.group === 'zh'], ['other', (r: Row) => r.group === 'other']] as const) {
    const rs = rows.filter(sel);
    const o = mean(rs.map((r) => r.ours));
    const b = mean(rs.map((r) => r.readability));
    print(`  ${name.padEnd(16)} ${String(rs.length).padStart(4)} pages: extension ${o.toFixed(3)}   plain Readability ${b.toFixed(3)}`);
    if (name === 'all' && o < b) failures.push(`extraction: F1 ${o.toFixed(3)} below plain Readability ${b.toFixed(3)}`);
    if (name === 'Chinese (zh-*)' && !(o > b)) failures.push(`extraction: Chinese F1 ${o.toFixed(3)} not above plain Readability ${b.toFixed(3)}`);
  }
  return failures;
}
