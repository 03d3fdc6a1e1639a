/**
 * Loads a labelled near-duplicate set (docs.tsv, pairs.tsv, docs/, html/) as
 * laid out in ../shared/data/neardup-practice. Node-only.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export interface DocRow {
  id: string;
  cluster: string;
  role: string;
  kind: string;
  lang: string;
  script: string;
  chars: number;
  base: string;
}

export interface PairRow {
  a: string;
  b: string;
  label: 'dup' | 'nondup' | 'partial';
  kind: string;
  lang: string;
  detail: string;
}

export interface Dataset {
  dir: string;
  docs: DocRow[];
  pairs: PairRow[];
  byId: Map<string, DocRow>;
}

function readTsv(path: string): Record<string, string>[] {
  const lines = readFileSync(path, 'utf8').split('\n').filter((l) => l.length > 0);
  const header = (lines.shift() ?? '').split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
  });
}

export function loadDataset(dir: string): Dataset {
  if (!existsSync(join(dir, 'docs.tsv'))) throw new Error(`no docs.tsv in ${dir}`);
  const docs = readTsv(join(dir, 'docs.tsv')).map((r) => ({
    id: r.id!, cluster: r.cluster!, role: r.role!, kind: r.kind!, lang: r.lang!, script: r.script!,
    chars: Number(r.chars), base: r.base!,
  }));
  const pairs = readTsv(join(dir, 'pairs.tsv')).map((r) => ({
    a: r.a!, b: r.b!, label: r.label as PairRow['label'], kind: r.kind!, lang: r.lang!, detail: r.detail ?? '',
  }));
  return { dir, docs, pairs, byId: new Map(docs.map((d) => [d.id, d])) };
}

export function docText(ds: Dataset, id: string): string {
  return readFileSync(join(ds.dir, 'docs', `${id}.txt`), 'utf8');
}

export function docHtmlPath(ds: Dataset, id: string): string {
  return join(ds.dir, 'html', `${id}.html`);
}

/** Chinese = any zh-* language tag; everything else is "other". */
export function langGroup(lang: string): 'zh' | 'other' {
  return lang.startsWith('zh') ? 'zh' : 'other';
}

/**
 * The practice originals of a language group, Japanese left out: the
 * generators that build material of our own from them (parts, quotes,
 * answers, topics, edits) cut Chinese and spaced text, not Japanese.
 */
export function originalsOf(ds: Dataset, group: 'zh' | 'other'): DocRow[] {
  return ds.docs.filter((d) => d.role === 'orig' && d.lang !== 'ja' && langGroup(d.lang) === group);
}

/**
 * The writer's paragraphs: apart at blank lines where the text has any, else
 * at every line break (most Chinese texts). The line breaks inside a
 * paragraph (a code listing, a list, an address) stay, as a page keeps them
 * in a <pre> or with <br>, which is how the practice set's own pages lay
 * them out.
 */
export function writersParagraphs(text: string): string[] {
  return (/\n\s*\n/.test(text) ? text.split(/\n\s*\n/) : text.split(/\n+/)).filter((p) => p.trim().length > 0);
}
