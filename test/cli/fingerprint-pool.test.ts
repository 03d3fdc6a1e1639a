/**
 * How `deja-lu fingerprint` spreads files over the cores (fingerprint-pool.ts):
 * the main thread works alongside the workers, so each worker must give
 * exactly its lines; and plain text never loads the HTML reader, whose
 * modules cost each thread more than a hundred files' worth of fingerprinting.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test, vi } from 'vitest';
import { costPerByte, HAN_BYTE_COST, HTML_BYTE_COST, PARALLEL_MIN_FILES, PARALLEL_MIN_WORK } from '../../src/cli/fingerprint-command';
import { fingerprintLine } from '../../src/cli/fingerprint-line';
import { startFingerprintWorkers } from '../../src/cli/fingerprint-pool';
import { main } from '../../src/cli/main';
import { memoryIo } from './memory-io';

const DIST = resolve(import.meta.dirname, '../../dist/cli');
const WORKER = pathToFileURL(resolve(DIST, 'fingerprint-worker.js'));
const HTML_READER = ['linkedom', '@mozilla/readability'];

const FILES: Array<[name: string, content: string | Uint8Array]> = [
  ['en.txt', 'The quick brown fox jumps over the lazy dog. '.repeat(40)],
  ['zh.txt', '中文文章的指纹在工作线程中计算，结果与主线程相同。'.repeat(20)],
  ['binary.txt', new Uint8Array([0x47, 0x49, 0x46, 0x00, 0x01])],
  ['page.html', '<html><body><article><h1>Title</h1><p>' + 'A paragraph of article text for extraction. '.repeat(30) + '</p></article></body></html>'],
];

/** The modules a compiled file loads before it runs (static imports, followed through the chunks), not those it may import later. */
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  const source = readFileSync(resolve(DIST, file), 'utf8');
  for (const [, specifier] of source.matchAll(/^import\s+(?:[^'"]*?\sfrom\s+)?["']([^"']+)["'];?$/gms)) {
    if (seen.has(specifier as string)) continue;
    seen.add(specifier as string);
    if (specifier!.startsWith('./')) staticImports(specifier!.slice(2), seen);
  }
  return seen;
}

describe('the fingerprint pool', () => {
  test('workers alone (the main thread not working) give the lines of the main thread', async () => {
    const workers = startFingerprintWorkers(2, WORKER, false);
    try {
      const jobs = FILES.flatMap(([file, content]) =>
        [false, true].map((html) => ({ file, html, passages: true, fileUrl: `file:///tmp/${file}`, bytes: typeof content === 'string' ? new TextEncoder().encode(content) : content })),
      );
      const lines = await Promise.all(jobs.map((job, id) => workers!.run({ id, ...job })));
      expect(lines).toEqual(jobs.map((job) => fingerprintLine(job.file, job.bytes, job.html, job.fileUrl, job.passages)));
    } finally {
      await workers?.close();
    }
  });

  test.each([
    ['the worker thread', 'fingerprint-worker.js'],
    ['the fingerprint command', readdirSync(DIST).find((name) => name.startsWith('fingerprint-command-')) as string],
  ])('%s loads no HTML reader before the first HTML file', (_what, file) => {
    const loaded = staticImports(file);
    expect([...loaded].filter((specifier) => specifier.startsWith('./')).length).toBeGreaterThan(0);
    expect(HTML_READER.filter((name) => loaded.has(name))).toEqual([]);
  });
});

describe('the fingerprint command', () => {
  const latin = (i: number) => `text number ${i}`;
  const chinese = () => '一篇中文文章';
  const hanBytes = Math.ceil(PARALLEL_MIN_WORK / HAN_BYTE_COST);
  test.each([
    ['enough files and bytes of Latin text', PARALLEL_MIN_FILES, PARALLEL_MIN_WORK, latin, true],
    ['one byte too few', PARALLEL_MIN_FILES, PARALLEL_MIN_WORK - 1, latin, false],
    ['Chinese text, which costs HAN_BYTE_COST times as much a byte', PARALLEL_MIN_FILES, hanBytes, chinese, true],
    ['Chinese text, a tenth too few bytes', PARALLEL_MIN_FILES, Math.floor(0.9 * hanBytes), chinese, false],
    ['HTML with --html, which costs HTML_BYTE_COST times as much a byte', PARALLEL_MIN_FILES, Math.ceil(PARALLEL_MIN_WORK / HTML_BYTE_COST), latin, true, ['--html']],
    ['HTML with --html, a tenth too few bytes', PARALLEL_MIN_FILES, Math.floor((0.9 * PARALLEL_MIN_WORK) / HTML_BYTE_COST), latin, false, ['--html']],
    ['one file too few', PARALLEL_MIN_FILES - 1, 100 * PARALLEL_MIN_WORK, latin, false],
    ['enough files, sizes unknown', PARALLEL_MIN_FILES, undefined, latin, true],
  ])('starts workers only for work that outweighs their start: %s', async (_case, count, totalBytes, text, started, flags: string[] = []) => {
    const files = Object.fromEntries(Array.from({ length: count }, (_, i) => [`/d/${i}.txt`, text(i)]));
    const { io } = memoryIo(files);
    io.startWorkers = vi.fn(() => undefined);
    // The sizes the files claim: the last one makes up the total.
    if (totalBytes !== undefined) io.fileSize = (path) => (path === `/d/${count - 1}.txt` ? totalBytes - (count - 1) : 1);
    await main(['fingerprint', ...flags, ...Object.keys(files)], io);
    expect(vi.mocked(io.startWorkers).mock.calls.length > 0).toBe(started);
  });

  test.each([
    ['ASCII', 'plain text', 1],
    ['Chinese (three-byte sequences)', '中文文章', HAN_BYTE_COST],
    ['accented Latin (two-byte sequences)', 'éèàù', 1],
    ['half Chinese, half ASCII by bytes', '中文abcdef', 1 + (HAN_BYTE_COST - 1) / 2],
    ['an empty file', '', 1],
  ])('a byte of %s costs %s bytes of Latin text', async (_case, text, cost) => {
    const { io } = memoryIo({ 'a.txt': text });
    expect(await costPerByte(io, 'a.txt')).toBe(cost);
  });

  test('a file that cannot be read costs what Latin text costs (its line says why)', async () => {
    expect(await costPerByte(memoryIo({}).io, 'missing.txt')).toBe(1);
  });
});
