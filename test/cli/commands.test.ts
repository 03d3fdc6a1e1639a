import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { FINGERPRINT_SCHEME, fingerprintFromHex, hammingDistance } from '../../src/core';
import { main } from '../../src/cli/main';
import { inKeyOrder, parseExport, type ExportRecord } from '../../src/store/export-format';
import { memoryIo } from './memory-io';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/pages');
const fixture = (name: string, file: string): string => readFileSync(resolve(FIXTURES, name, file), 'utf8');

const EHOW_HTML = fixture('en-ehow-steps', 'source.html');
const EHOW_TEXT = fixture('en-ehow-steps', 'expected.txt');
const CASTOR_HTML = fixture('fr-metadata-handwritten', 'source.html');
const JA_TEXT = fixture('ja-hukumusume', 'expected.txt');
/** The eHow article with one word changed: a repost with a typo. */
const EHOW_TYPO = EHOW_TEXT.replace('terrariums', 'terariums');
const GARBAGE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff, 0xfe]);

describe('deja-lu extract', () => {
  test('prints the title and article text of each page', async () => {
    const m = memoryIo({ 'a.html': EHOW_HTML, 'pages/b.html': CASTOR_HTML });
    expect(await main(['extract', 'a.html', 'pages/b.html'], m.io)).toBe(0);
    const [a, b] = m.lines();
    expect(a).toMatchObject({ file: 'a.html', title: 'How to Build a Terrarium | eHow' });
    expect(b).toEqual({ file: 'pages/b.html', title: 'Le retour du castor', text: fixture('fr-metadata-handwritten', 'expected.txt').trimEnd() });
  });

  test.each([
    ['a missing file', 'missing.html', /ENOENT/],
    ['a binary file', 'image.png', /binary file/],
    ['a text file that is not HTML', 'notes.txt', /not HTML/],
    ['a page without any text', 'empty.html', /no article text/],
  ])('%s gives an error line, the other files are still processed, exit code 1', async (_name, bad, message) => {
    const m = memoryIo({ 'a.html': EHOW_HTML, 'image.png': GARBAGE, 'notes.txt': 'just some words', 'empty.html': '<html><body></body></html>', 'c.html': CASTOR_HTML });
    expect(await main(['extract', 'a.html', bad, 'c.html'], m.io)).toBe(1);
    const lines = m.lines();
    expect(lines.map((line) => line.file)).toEqual(['a.html', bad, 'c.html']);
    expect(lines[1]).toEqual({ file: bad, error: expect.stringMatching(message) });
    expect(lines[2]).toHaveProperty('text');
  });

  test('an article in a declarative open shadow root is extracted as the extension reads it', async () => {
    const article = /<body[^>]*>([\s\S]*)<\/body>/.exec(EHOW_HTML)?.[1] ?? '';
    const shadowed = EHOW_HTML.replace(article, `<article-view><template shadowrootmode="open">${article}</template></article-view>`);
    const m = memoryIo({ 'plain.html': EHOW_HTML, 'shadow.html': shadowed });
    expect(await main(['extract', 'plain.html', 'shadow.html'], m.io)).toBe(0);
    const [plain, shadow] = m.lines();
    expect(shadow?.text).toBe(plain?.text);
  });

  test('an HTML file is decoded as its <meta charset> says', async () => {
    // "中文" in GBK, in a page that declares it.
    const head = new TextEncoder().encode('<html><head><meta charset="gbk"></head><body><p>');
    const tail = new TextEncoder().encode('</p></body></html>');
    const page = new Uint8Array([...head, 0xd6, 0xd0, 0xce, 0xc4, ...tail]);
    const m = memoryIo({ 'gbk.html': page });
    expect(await main(['extract', 'gbk.html'], m.io)).toBe(0);
    expect(m.lines()[0]).toMatchObject({ text: '中文' });
  });
});

describe('deja-lu fingerprint', () => {
  test('plain text: simhash, its four 16-bit blocks, and the character count', async () => {
    const m = memoryIo({ 'a.txt': 'naïve 𠀀 text' });
    expect(await main(['fingerprint', 'a.txt'], m.io)).toBe(0);
    const [line] = m.lines();
    expect(line).toEqual({ file: 'a.txt', simhash: expect.stringMatching(/^[0-9a-f]{16}$/), blocks: expect.any(Array), chars: 12, scheme: FINGERPRINT_SCHEME });
    const hex = line?.simhash as string;
    expect(line?.blocks).toEqual([0, 4, 8, 12].map((i) => parseInt(hex.slice(i, i + 4), 16)));
  });

  test('--html fingerprints the extracted article, the same as its text', async () => {
    const article = memoryIo({ 'a.html': EHOW_HTML });
    await main(['extract', 'a.html'], article.io);
    const text = article.lines()[0]?.text as string;
    const m = memoryIo({ 'a.html': EHOW_HTML, 'a.txt': text });
    expect(await main(['fingerprint', '--html', 'a.html'], m.io)).toBe(0);
    expect(await main(['fingerprint', 'a.txt'], m.io)).toBe(0);
    const [fromHtml, fromText] = m.lines();
    expect(fromHtml?.simhash).toBe(fromText?.simhash);
  });

  test('a missing file gives an error line and exit code 1', async () => {
    const m = memoryIo({ 'a.txt': EHOW_TEXT });
    expect(await main(['fingerprint', 'nope.txt', 'a.txt'], m.io)).toBe(1);
    expect(m.lines().map((line) => Object.keys(line))).toEqual([['file', 'error'], ['file', 'simhash', 'blocks', 'chars', 'scheme']]);
  });

  test.each([
    ['a directory', ['corpus'], ['corpus/a.txt', 'corpus/b.txt', 'corpus/sub/c.txt'], 0],
    ['a directory among files, in the order given', ['z.txt', 'corpus/sub', 'a.txt'], ['z.txt', 'corpus/sub/c.txt', 'a.txt'], 0],
    ['a path that is neither', ['corpus', 'missing'], ['corpus/a.txt', 'corpus/b.txt', 'corpus/sub/c.txt', 'missing'], 1],
  ])('%s: every file below it, in name order, as if each were named', async (_name, args, files, code) => {
    const texts = { 'corpus/b.txt': 'second text', 'corpus/a.txt': EHOW_TEXT, 'corpus/sub/c.txt': '第三篇文章', 'z.txt': 'zed', 'a.txt': 'ay' };
    const byDirectory = memoryIo(texts);
    expect(await main(['fingerprint', ...args], byDirectory.io)).toBe(code);
    const named = memoryIo(texts);
    await main(['fingerprint', ...files], named.io);
    expect(byDirectory.lines().map((line) => line.file)).toEqual(files);
    expect(byDirectory.lines()).toEqual(named.lines());
  });
});

describe('deja-lu compare', () => {
  test.each([
    ['a repost with a typo', EHOW_TEXT, EHOW_TYPO, 'duplicate'],
    ['two different articles', EHOW_TEXT, JA_TEXT, 'different'],
    ['a text too short to judge', EHOW_TEXT, 'Only a few words here.', 'too_short'],
  ])('%s', async (_name, a, b, verdict) => {
    const m = memoryIo({ 'a.txt': a, 'b.txt': b });
    expect(await main(['compare', 'a.txt', 'b.txt'], m.io)).toBe(0);
    expect(m.lines()).toEqual([{ a: 'a.txt', b: 'b.txt', distance: expect.any(Number), verdict }]);
  });

  test('the distance is the Hamming distance between the fingerprint lines', async () => {
    const m = memoryIo({ 'a.txt': EHOW_TEXT, 'b.txt': EHOW_TYPO });
    await main(['fingerprint', 'a.txt', 'b.txt'], m.io);
    await main(['compare', 'a.txt', 'b.txt'], m.io);
    const [fa, fb, comparison] = m.lines();
    expect(comparison?.distance).toBe(hammingDistance(fingerprintFromHex(fa?.simhash as string), fingerprintFromHex(fb?.simhash as string)));
  });

  test('--pairs: paths relative to the list, header skipped, each file read once', async () => {
    const list = ['a\tb\tlabel', 'a.txt\tb.txt\tdup', '', '# a comment', 'a.txt\tsub/c.txt\tnondup', 'lonely.txt', 'a.txt\tmissing.txt'].join('\n');
    const m = memoryIo({ 'lists/a.txt': EHOW_TEXT, 'lists/b.txt': EHOW_TYPO, 'lists/sub/c.txt': JA_TEXT, 'lists/pairs.tsv': list });
    expect(await main(['compare', '--pairs', 'lists/pairs.tsv'], m.io)).toBe(1);
    expect(m.lines()).toEqual([
      { a: 'a.txt', b: 'b.txt', distance: expect.any(Number), verdict: 'duplicate' },
      { a: 'a.txt', b: 'sub/c.txt', distance: expect.any(Number), verdict: 'different' },
      { file: 'lists/pairs.tsv', line: 6, error: expect.stringMatching(/two paths/) },
      { a: 'a.txt', b: 'missing.txt', file: 'missing.txt', error: expect.stringMatching(/ENOENT/) },
    ]);
    // Read once, however many pairs use it.
    expect(m.reads.get('/work/dir/lists/a.txt')).toBe(1);
  });

  test('--pairs with --html extracts each page', async () => {
    const m = memoryIo({ 'a.html': EHOW_HTML, 'b.html': EHOW_HTML.replace('terrariums', 'terariums'), 'l.tsv': 'a.html\tb.html\n' });
    expect(await main(['compare', '--html', '--pairs', 'l.tsv'], m.io)).toBe(0);
    expect(m.lines()).toEqual([{ a: 'a.html', b: 'b.html', distance: expect.any(Number), verdict: 'duplicate' }]);
  });

  test.each([
    ['a list whose one pair names a missing file (read as a header)', 'a.txt\tmisspelt.txt\n', /header/],
    ['a list of comments and blank lines', '# pairs to come\n\n', /no line/],
  ])('%s compares nothing: an error line, exit 1', async (_name, list, why) => {
    const m = memoryIo({ 'a.txt': EHOW_TEXT, 'l.tsv': list });
    expect(await main(['compare', '--pairs', 'l.tsv'], m.io)).toBe(1);
    expect(m.lines()).toEqual([{ file: 'l.tsv', error: expect.stringMatching(why) }]);
  });

  test('a missing pairs list is an error line', async () => {
    const m = memoryIo({});
    expect(await main(['compare', '--pairs', 'none.tsv'], m.io)).toBe(1);
    expect(m.lines()).toEqual([{ file: 'none.tsv', error: expect.stringMatching(/ENOENT/) }]);
  });
});

describe('deja-lu import-file', () => {
  async function exportedRecords(text: string) {
    const records = [];
    for await (const item of parseExport(text)) records.push(item);
    return records;
  }

  test('writes the extension export format; a page is known by the canonical URL it declares', async () => {
    const m = memoryIo({ 'posts/castor.html': CASTOR_HTML });
    expect(await main(['import-file', '--html', 'posts/castor.html', '-o', 'out/history.json'], m.io)).toBe(0);
    const records = await exportedRecords(m.written.get('/work/dir/out/history.json') as string);
    expect(records).toEqual([{ ok: true, index: 0, record: expect.objectContaining({ title: 'Le retour du castor', source: 'author', language: 'fr-CA', visitCount: 1 }) }]);
    expect(m.lines()).toEqual([{ file: 'posts/castor.html', url: expect.stringMatching(/^https?:/), title: 'Le retour du castor', fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/) }]);
  });

  test('--base-url gives files without a canonical URL an address; the title falls back to the file name', async () => {
    const m = memoryIo({ 'posts/my first post.txt': EHOW_TEXT });
    expect(await main(['import-file', '--base-url', 'https://blog.example/', 'posts/my first post.txt', '-o', 'h.json'], m.io)).toBe(0);
    const [item] = await exportedRecords(m.written.get('/work/dir/h.json') as string);
    expect(item).toMatchObject({ ok: true, record: { url: 'https://blog.example/posts/my%20first%20post.txt', title: 'my first post', site: 'blog.example' } });
  });

  test('the same fingerprint as the fingerprint command', async () => {
    const m = memoryIo({ 'a.txt': EHOW_TEXT });
    await main(['fingerprint', 'a.txt'], m.io);
    await main(['import-file', '--base-url', 'https://blog.example/', 'a.txt', '-o', 'h.json'], m.io);
    const [fingerprint, imported] = m.lines();
    expect(imported?.fingerprint).toBe(fingerprint?.simhash);
  });

  test('bad files and files with no usable address give error lines; the rest is still written', async () => {
    const m = memoryIo({ 'a.html': CASTOR_HTML, 'b.png': GARBAGE, 'c.txt': EHOW_TEXT });
    expect(await main(['import-file', '--html', 'a.html', 'b.png', 'missing.html', '-o', 'h.json'], m.io)).toBe(1);
    expect(m.lines().map((line) => ('error' in line ? `error:${line.file as string}` : `ok:${line.file as string}`))).toEqual(['ok:a.html', 'error:b.png', 'error:missing.html']);
    expect(await exportedRecords(m.written.get('/work/dir/h.json') as string)).toHaveLength(1);
  });

  test('a file without a declared address or --base-url is stored under its file:// URL', async () => {
    const m = memoryIo({ 'c.txt': EHOW_TEXT });
    expect(await main(['import-file', 'c.txt', '-o', 'h.json'], m.io)).toBe(0);
    const [item] = await exportedRecords(m.written.get('/work/dir/h.json') as string);
    expect(item).toMatchObject({ ok: true, record: { url: 'file:///work/dir/c.txt', source: 'author' } });
  });

  test('writes the records in the order the history keeps pages, so a large file imports fast; the lines follow the files', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `post-${i}.txt`);
    const m = memoryIo(Object.fromEntries(names.map((name) => [name, EHOW_TEXT])));
    expect(await main(['import-file', '--base-url', 'https://blog.example/', ...names, '-o', 'h.json'], m.io)).toBe(0);
    expect(m.lines().map((line) => line.file)).toEqual(names);
    const urls = (await exportedRecords(m.written.get('/work/dir/h.json') as string)).map((item) => (item.ok ? item.record.url : ''));
    const given = names.map((name) => `https://blog.example/${name}`);
    expect(urls).toEqual(inKeyOrder(given.map((url) => ({ url }) as ExportRecord)).map((r) => r.url));
    expect(urls).not.toEqual(given);
  });

  test('two files with the same address: the second is refused, as the importer would keep only one', async () => {
    const m = memoryIo({ 'a.html': CASTOR_HTML, 'copy.html': CASTOR_HTML });
    expect(await main(['import-file', '--html', 'a.html', 'copy.html', '-o', 'h.json'], m.io)).toBe(1);
    expect(m.lines()[1]).toEqual({ file: 'copy.html', error: expect.stringMatching(/same address as a.html/) });
  });
});

describe('deja-lu usage', () => {
  test.each([
    [['frobnicate'], /unknown command/],
    [['extract', '--bogus', 'a.html'], /unknown option for extract: --bogus/],
    [['compare', 'only-one'], /needs two files/],
  ])('%j: usage on stderr, exit code 2, nothing on stdout', async (argv, message) => {
    const m = memoryIo({});
    expect(await main(argv, m.io)).toBe(2);
    expect(m.stderr()).toMatch(message);
    expect(m.stderr()).toMatch(/Usage: deja-lu/);
    expect(m.stdout()).toBe('');
  });

  test.each([
    [['--help'], /Commands:[\s\S]*import-file/],
    [['help', 'compare'], /--pairs LIST/],
    [['import-file', '--help'], /--base-url URL/],
  ])('%j documents the commands', async (argv, text) => {
    const m = memoryIo({});
    expect(await main(argv, m.io)).toBe(0);
    expect(m.stdout()).toMatch(text);
  });

  test('fingerprint --help shows the scheme its lines carry', async () => {
    const help = memoryIo({});
    expect(await main(['help', 'fingerprint'], help.io)).toBe(0);
    const m = memoryIo({ 'a.txt': 'one small text' });
    expect(await main(['fingerprint', 'a.txt'], m.io)).toBe(0);
    const { scheme } = m.lines()[0] as { scheme: number };
    expect(help.stdout()).toContain(`"scheme":${scheme}}`);
  });

  test('--version prints the package version', async () => {
    const m = memoryIo({});
    expect(await main(['--version'], m.io)).toBe(0);
    const { version } = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };
    expect(m.stdout()).toBe(`${version}\n`);
  });
});
