/** The practice data: ../shared/data relative to the repository (CI), or DEJALU_DATA. */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { countCodePoints } from '../../src/core/text-length';

export const REPO = resolve(new URL('../..', import.meta.url).pathname);

export function dataDir(): string {
  const candidates = [process.env.DEJALU_DATA, join(REPO, '../shared/data'), '/work/shared/data'].filter((d): d is string => !!d);
  const found = candidates.find((d) => existsSync(join(d, 'neardup-practice/docs.tsv')));
  if (!found) throw new Error(`practice data not found (tried ${candidates.join(', ')}); set DEJALU_DATA`);
  return found;
}

export interface Doc {
  id: string;
  lang: string;
  script: string;
  text: string;
  bytes: number;
  chars: number;
}

let cache: Doc[] | undefined;

/** Every text of neardup-practice/docs with its language and script from docs.tsv. */
export function practiceDocs(): Doc[] {
  if (cache) return cache;
  const dir = join(dataDir(), 'neardup-practice');
  const rows = readFileSync(join(dir, 'docs.tsv'), 'utf8').trim().split('\n').slice(1).map((line) => line.split('\t'));
  cache = rows.map(([id, , , , lang, script]) => {
    const text = readFileSync(join(dir, 'docs', `${id}.txt`), 'utf8');
    return { id: id as string, lang: lang as string, script: script as string, text, bytes: Buffer.byteLength(text), chars: countCodePoints(text) };
  });
  return cache;
}

/** Latin-script texts (English and the other European languages of the set). */
export const latinDocs = (): Doc[] => practiceDocs().filter((d) => d.script === 'Latn');
/** Chinese texts, simplified and traditional. */
export const chineseDocs = (): Doc[] => practiceDocs().filter((d) => d.script === 'Hans' || d.script === 'Hant');

export interface RealPage {
  id: string;
  dataset: string;
  lang: string;
  html: string;
  truth: string;
}

export function realPages(): RealPage[] {
  const dir = join(dataDir(), 'pages');
  const rows = readFileSync(join(dir, 'pages.tsv'), 'utf8').trim().split('\n').slice(1).map((line) => line.split('\t'));
  return rows.map(([id, dataset, lang]) => ({
    id: id as string,
    dataset: dataset as string,
    lang: lang as string,
    html: readFileSync(join(dir, 'html', `${id}.html`), 'utf8'),
    truth: readdirSync(join(dir, 'truth')).includes(`${id}.txt`) ? readFileSync(join(dir, 'truth', `${id}.txt`), 'utf8') : '',
  }));
}

/** `docs` concatenated (paragraph-separated) and cut to `bytes` UTF-8 bytes, at a character boundary. */
export function textOfSize(docs: readonly Doc[], bytes: number): string {
  let out = '';
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const t = (docs[i % docs.length] as Doc).text;
    out += t + '\n\n';
    size += Buffer.byteLength(t) + 2;
  }
  const buf = Buffer.from(out).subarray(0, bytes);
  // Drop a trailing partial UTF-8 sequence.
  return buf.toString('utf8').replace(/\uFFFD+$/, '');
}

/** Writes each text to DIR/i.txt (DIR emptied first), for tools that read files; returns the paths. */
export function writeDocFiles(dir: string, docs: readonly Doc[]): string[] {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return docs.map((d, i) => {
    const file = join(dir, `${i}.txt`);
    writeFileSync(file, d.text);
    return file;
  });
}
