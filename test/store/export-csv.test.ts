import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { csvCell, toCsv, type ExportRecord } from '../../src/store';
import { collect, freshHistory, pageInput } from './helpers';

describe('csvCell', () => {
  test.each([
    ['plain', 'plain'],
    [42, '42'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', "\"'\rx\""],
    ['=HYPERLINK("http://evil","x")', '"\'=HYPERLINK(""http://evil"",""x"")"'],
    ['a=b', 'a=b'],
    [' =1+1', "' =1+1"],
    ['\n=1+1', "\"'\n=1+1\""],
    ['\u3000@SUM(A1)', "'\u3000@SUM(A1)"],
    ['＝1+1', "'＝1+1"],
    ['＋1', "'＋1"],
    ['－1', "'－1"],
    ['＠cmd', "'＠cmd"],
    ['<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
  ])('%j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('toCsv', () => {
  const record: ExportRecord = {
    url: 'https://example.com/a', title: '标题, "quoted"', site: 'example.com', excerpt: 'not exported', textLength: 1, cjkChars: 1, words: 0, scheme: 2,
    fingerprint: '0123456789abcdef', passages: ['fedcba9876543210'], firstVisit: '2024-04-01T08:00:00.000Z', lastVisit: '2024-04-30T08:00:00.000Z', visitCount: 3, source: 'visit',
  };

  test('writes a BOM, a header and one CRLF row per record with the documented columns', async () => {
    expect(await collect(toCsv([record]))).toBe(
      '\uFEFFurl,title,site,firstVisit,lastVisit,visitCount,fingerprint\r\n'
      + 'https://example.com/a,"标题, ""quoted""",example.com,2024-04-01T08:00:00.000Z,2024-04-30T08:00:00.000Z,3,0123456789abcdef\r\n',
    );
  });

  test('History.exportCsv streams the stored pages', async () => {
    const { history } = await freshHistory();
    await history.recordVisit(pageInput({ title: '-minus first' }));
    const lines = (await collect(history.exportCsv())).split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^https:\/\/example\.com\/article,'-minus first,example\.com,/);
  });
});

describe('csvCell fuzzing', () => {
  /** One cell of RFC 4180 CSV back to its text. */
  function unquote(cell: string): string {
    return cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
  }

  test('any text comes back whole (at most behind a quote mark) and never starts like a formula', () => {
    fc.assert(fc.property(fc.oneof(fc.string({ unit: 'binary', size: 'large' }), fc.constantFrom('=1', ' +1', '\n-1', '＠x', '"=1"', '\t', '\r')), (text) => {
      const cell = csvCell(text);
      const back = unquote(cell);
      expect([text, `'${text}`]).toContain(back);
      expect(back).not.toMatch(/^\s*[=+\-@＝＋－＠]/);
      // A cell never leaks into the next one: separators and line breaks only inside quotes.
      if (!cell.startsWith('"')) expect(cell).not.toMatch(/[",\r\n]/);
    }), { numRuns: 500, interruptAfterTimeLimit: 3_000 });
  });
});
