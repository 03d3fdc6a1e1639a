import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main';
import { memoryIo } from './memory-io';

const DETECTION = resolve(import.meta.dirname, '../fixtures/detection');
const text = (name: string): string => readFileSync(resolve(DETECTION, `${name}.txt`), 'utf8');

/** A corpus with two repost groups (English and Chinese), a partial copy of each, and unrelated texts. */
const CORPUS: Record<string, string> = {
  'corpus/en/mozilla-1.txt': text('readability-mozilla-1'),
  'corpus/en/mozilla-1-typo.txt': text('readability-mozilla-1.typo'),
  'corpus/en/mozilla-1-wrap.txt': text('readability-mozilla-1.wrap'),
  'corpus/en/mozilla-1-part.txt': text('readability-mozilla-1.trunc40'),
  'corpus/en/mozilla-2.txt': text('readability-mozilla-2'),
  'corpus/zh/bbdf5079.txt': text('cwc-bbdf5079'),
  'corpus/zh/bbdf5079-typo.txt': text('cwc-bbdf5079.typo'),
  'corpus/zh/bbdf5079-part.txt': text('cwc-bbdf5079.trunc40'),
  'corpus/zh/other-samewrap.txt': text('cwc-a0cb0242.samewrap.cwc-bbdf5079'),
};

async function dedup(files: Record<string, string>, ...argv: string[]) {
  const m = memoryIo(files);
  const code = await main(['dedup', ...argv], m.io);
  return { ...m, code };
}

describe('deja-lu dedup', () => {
  test('a folder: groups the reposts, one partial copy per group, different articles left out', async () => {
    const run = await dedup(CORPUS, 'corpus');
    expect(run.code).toBe(0);
    expect(run.lines()).toEqual([
      { kind: 'duplicates', cluster: 1, files: ['corpus/en/mozilla-1-typo.txt', 'corpus/en/mozilla-1-wrap.txt', 'corpus/en/mozilla-1.txt'], distances: expect.any(Array) },
      { kind: 'duplicates', cluster: 2, files: ['corpus/zh/bbdf5079-typo.txt', 'corpus/zh/bbdf5079.txt'], distances: expect.any(Array) },
      { kind: 'partial', file: 'corpus/en/mozilla-1-part.txt', of: expect.stringMatching(/^corpus\/en\/mozilla-1(-typo)?\.txt$/), distance: expect.any(Number) },
      { kind: 'partial', file: 'corpus/zh/bbdf5079-part.txt', of: expect.stringMatching(/^corpus\/zh\/bbdf5079(-typo)?\.txt$/), distance: expect.any(Number) },
    ]);
    expect(run.stderr()).toMatch(/9 documents, 2 groups of copies \(5 documents\), 2 partial copies/);
  });

  test('the same verdicts from precomputed `fingerprint --passages` lines, named by their "file"', async () => {
    const fingerprinted = memoryIo(CORPUS);
    await main(['fingerprint', '--passages', ...Object.keys(CORPUS).sort()], fingerprinted.io);
    const fromFolder = await dedup(CORPUS, 'corpus');
    const fromLines = await dedup({ 'prints.jsonl': fingerprinted.stdout() }, 'prints.jsonl');
    expect(fromLines.code).toBe(0);
    expect(fromLines.lines()).toEqual(fromFolder.lines());
  });

  test('fingerprint-only lines: groups within distance 3, no partial copies (no passages to match)', async () => {
    const fingerprinted = memoryIo(CORPUS);
    await main(['fingerprint', ...Object.keys(CORPUS).sort()], fingerprinted.io);
    const run = await dedup({ 'prints.jsonl': fingerprinted.stdout() }, 'prints.jsonl');
    const kinds = run.lines().map((line) => line.kind);
    expect(kinds).not.toContain('partial');
    expect(run.lines()[0]).toMatchObject({ kind: 'duplicates', files: expect.arrayContaining(['corpus/en/mozilla-1.txt', 'corpus/en/mozilla-1-typo.txt']) });
  });

  test('identical fingerprints in a large input form one group; names come from a second reading of the file', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => JSON.stringify({ url: `https://copy.example/${i}`, simhash: i % 1000 === 7 ? 'aaaaaaaaaaaaaaaa' : (BigInt(i) * 0x9e3779b97f4a7c15n % 2n ** 64n).toString(16).padStart(16, '0') }));
    const run = await dedup({ 'big.jsonl': lines.join('\n') }, 'big.jsonl');
    expect(run.code).toBe(0);
    expect(run.lines()).toEqual([
      { kind: 'duplicates', cluster: 1, files: [7, 1007, 2007, 3007, 4007].map((i) => `https://copy.example/${i}`), distances: [0, 0, 0, 0, 0] },
    ]);
  });

  test('--csv: one row per document of a group and per partial copy', async () => {
    const run = await dedup(CORPUS, '--csv', 'corpus/zh');
    expect(run.stdout().split('\r\n').filter(Boolean)).toEqual([
      'cluster,kind,file,of,distance',
      expect.stringMatching(/^1,duplicate,corpus\/zh\/bbdf5079-typo\.txt,,0$/),
      expect.stringMatching(/^1,duplicate,corpus\/zh\/bbdf5079\.txt,corpus\/zh\/bbdf5079-typo\.txt,\d+$/),
      expect.stringMatching(/^,partial,corpus\/zh\/bbdf5079-part\.txt,corpus\/zh\/bbdf5079(-typo)?\.txt,\d+$/),
    ]);
  });

  test('--csv: a name a spreadsheet would run as a formula is defused, as in the history export', async () => {
    const lines = ['=HYPERLINK("x")', '+1'].map((file) => JSON.stringify({ file, simhash: '0123456789abcdef' }));
    const run = await dedup({ 'prints.jsonl': lines.join('\n') }, '--csv', 'prints.jsonl');
    expect(run.stdout().split('\r\n').filter(Boolean)).toEqual([
      'cluster,kind,file,of,distance',
      `1,duplicate,"'=HYPERLINK(""x"")",,0`,
      `1,duplicate,'+1,"'=HYPERLINK(""x"")",0`,
    ]);
  });

  test.each([
    ['a line that is not JSON', 'nonsense', /prints\.jsonl:2: not JSON/],
    ['a bad simhash', '{"file":"x","simhash":"xyz"}', /prints\.jsonl:2: "simhash" is not 16 hex digits/],
    ['passages without a length', '{"file":"x","simhash":"0123456789abcdef","passages":[]}', /prints\.jsonl:2: a line with "passages" needs/],
  ])('%s: a clear error on stderr, the other lines still used, exit code 1', async (_name, bad, message) => {
    const good = '{"file":"a","simhash":"0123456789abcdef"}';
    const run = await dedup({ 'prints.jsonl': [good, bad, good.replace('"a"', '"b"'), '{"file":"gone.txt","error":"ENOENT"}'].join('\n') }, 'prints.jsonl');
    expect(run.code).toBe(1);
    expect(run.stderr()).toMatch(message);
    expect(run.lines()).toEqual([{ kind: 'duplicates', cluster: 1, files: ['a', 'b'], distances: [0, 0] }]);
  });

  test('a missing input is reported, the rest still searched', async () => {
    const run = await dedup(CORPUS, 'missing-folder', 'corpus/zh');
    expect(run.code).toBe(1);
    expect(run.stderr()).toMatch(/missing-folder: ENOENT/);
    expect(run.lines()[0]).toMatchObject({ kind: 'duplicates' });
  });
});
