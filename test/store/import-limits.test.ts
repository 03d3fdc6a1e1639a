import { describe, expect, test } from 'vitest';
import {
  EXPORT_FORMAT, ExportFormatError, MAX_IMPORT_RECORD_CHARS, serializeExport,
  type ExportRecord, type History, type ImportReport,
} from '../../src/store';
import { indexProblems } from '../support/history-invariants';
import { collect, dumpDatabase, freshHistory, pageInput, T0 } from './helpers';

/**
 * Import of hostile and oversized files (docs/export-format.md, "Limits"):
 * whatever the file, the import either lists exactly the records it refused
 * or refuses the file as a whole — and in both cases the history compares
 * equal, store by store, to what it was, except for the records accepted.
 */

const AT = new Date(T0).toISOString();
const HEADER = `{"format":"${EXPORT_FORMAT}","version":1,"pages":[`;

function record(i: number, overrides: Partial<ExportRecord> = {}): ExportRecord {
  return {
    url: `https://example.com/article/${i}`, title: `Article ${i}`, site: 'example.com', excerpt: 'First words.', textLength: 4000, cjkChars: 0, words: 700, scheme: 2,
    fingerprint: `${(Math.imul(i + 1, 2654435761) >>> 0).toString(16).padStart(8, '0')}89abcdef`, passages: ['00ff00ff00ff00ff'],
    firstVisit: AT, lastVisit: AT, visitCount: 1, source: 'import', ...overrides,
  };
}

/** A history with a few pages, and its dump to compare against. */
async function populated() {
  const setup = await freshHistory();
  for (let i = 0; i < 3; i++) await setup.history.recordVisit(pageInput({ url: `https://kept.example/${i}`, fingerprint: `${i}123456789abcdef` }));
  return { ...setup, before: await dumpDatabase(setup.factory, setup.name) };
}

async function importError(history: History, input: AsyncIterable<string> | string): Promise<Error> {
  const outcome = await history.importJson(input).then((report: ImportReport) => report, (error: unknown) => error);
  expect(outcome).toBeInstanceOf(ExportFormatError);
  return outcome as Error;
}

describe('a damaged header: refused as a whole, history unchanged', () => {
  test('a header member longer than a record may be is refused as a whole', async () => {
    const { history, factory, name, before } = await populated();
    const error = await importError(history, `{"format":"${EXPORT_FORMAT}","version":1,"exportedAt":"${'x'.repeat(MAX_IMPORT_RECORD_CHARS + 1)}","pages":[]}`);
    expect(error.message).toMatch(/a value longer than 1048576 characters at line 1/);
    expect(await dumpDatabase(factory, name)).toEqual(before);
  });
});

describe('hostile records: refused one by one, named, the rest imported', () => {
  test('a 200 MB record is rejected without being held, split across chunks', async () => {
    const { history, factory, name } = await populated();
    const chunk = 'x'.repeat(1024 * 1024);
    async function* file(): AsyncGenerator<string> {
      yield `${HEADER}\n${JSON.stringify(record(1))},\n{"url":"https://example.com/huge","title":"`;
      for (let i = 0; i < 200; i++) yield chunk;
      yield `"},\n${JSON.stringify(record(2))}\n]}`;
    }
    const report = await history.importJson(file());
    expect(report).toMatchObject({ imported: 2, rejected: [{ index: 1, reason: `record: longer than ${MAX_IMPORT_RECORD_CHARS} characters` }] });
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
  }, 60_000);

  test('JSON nested 100,000 levels deep inside a record', async () => {
    const { history } = await populated();
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const text = `${HEADER}\n${JSON.stringify(record(1)).replace('{', `{"extra":${deep},`)},\n{"url":${deep}}\n]}`;
    const report = await history.importJson(text);
    expect(report.imported).toBe(1);
    expect(report.rejected).toEqual([{ index: 1, reason: 'url: expected a string' }]);
  });

  test('10,000 copies of one URL become one page (merged), next to the history', async () => {
    const { history, factory, name } = await populated();
    const copies = Array.from({ length: 10_000 }, (_, i) => record(0, { visitCount: i + 1, title: `Copy ${i}` }));
    const report = await history.importJson(serializeExport(copies, new Date(T0)));
    expect(report).toMatchObject({ imported: 1, updated: 0, rejected: [] });
    expect(await history.getByUrl(record(0).url)).toMatchObject({ visitCount: 10_000, title: 'Copy 0' });
    expect(await history.count()).toBe(4);
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
  });

  test('hostile strings are stored as they are and pollute nothing', async () => {
    const { history } = await populated();
    const hostile = [
      '<img src=x onerror=alert(1)>',
      '<script>alert(1)</script>',
      '=HYPERLINK("http://evil.example","click")',
      '\u202Egnp.exe',
      'nul\u0000byte',
      'lone surrogate \ud800 here',
      '{{constructor.constructor("alert(1)")()}}',
    ];
    const records = hostile.map((title, i) => record(i, { title, excerpt: title }));
    const text = `${HEADER}\n${records.map((r) => JSON.stringify(r)).join(',\n')},\n{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},${JSON.stringify(record(99)).slice(1)}\n]}`;
    const report = await history.importJson(text);
    expect(report).toMatchObject({ imported: hostile.length + 1, rejected: [] });
    for (const [i, title] of hostile.entries()) expect((await history.getByUrl(record(i).url))?.title).toBe(title);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    // And they come back out the same.
    expect(await collect(history.exportJson())).toContain(JSON.stringify(hostile[0]));
  });
});
