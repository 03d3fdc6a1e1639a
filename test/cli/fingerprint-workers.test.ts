/**
 * `deja-lu fingerprint` on worker threads: the compiled worker (built from
 * src/cli before the tests, test/build-cli.global-setup.ts) gives exactly the lines the command
 * computes in its own thread, in the order of the files, errors included.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main';
import { fingerprintLine } from '../../src/cli/fingerprint-line';
import { startFingerprintWorkers } from '../../src/cli/fingerprint-pool';
import { PARALLEL_MIN_FILES } from '../../src/cli/fingerprint-command';
import { memoryIo } from './memory-io';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const WORKER = pathToFileURL(resolve(REPO_ROOT, 'dist/cli/fingerprint-worker.js'));
const PRACTICE_DOCS = resolve(REPO_ROOT, '../shared/data/neardup-practice/docs');

const FILES: Array<[name: string, content: string | Uint8Array]> = [
  ['en.txt', 'The quick brown fox jumps over the lazy dog. '.repeat(40)],
  ['zh.txt', '中文文章的指纹在工作线程中计算，结果与主线程相同。'.repeat(20)],
  ['binary.txt', new Uint8Array([0x47, 0x49, 0x46, 0x00, 0x01])],
  ['page.html', '<html><body><article><h1>Title</h1><p>' + 'A paragraph of article text for extraction. '.repeat(30) + '</p></article></body></html>'],
  ['empty.txt', ''],
];

describe('fingerprint workers', () => {
  test('give the same line as the command thread for each kind of file', async () => {
    const workers = startFingerprintWorkers(2, WORKER);
    expect(workers?.size).toBe(2);
    try {
      const jobs = FILES.flatMap(([file, content]) =>
        [false, true].flatMap((html) => [false, true].map((passages) => ({ file, html, passages, bytes: typeof content === 'string' ? new TextEncoder().encode(content) : content }))),
      );
      const lines = await Promise.all(jobs.map((job, id) => workers!.run({ id, ...job, fileUrl: `file:///tmp/${job.file}` })));
      expect(lines).toEqual(jobs.map((job) => fingerprintLine(job.file, job.bytes, job.html, `file:///tmp/${job.file}`, job.passages)));
      expect(lines.filter((line) => 'passages' in line).length).toBeGreaterThan(0);
      expect(lines.filter((line) => 'error' in line).length).toBeGreaterThan(0);
    } finally {
      await workers?.close();
    }
  });

  test('are not started on one core or without the compiled worker', () => {
    expect(startFingerprintWorkers(1, WORKER)).toBeUndefined();
    expect(startFingerprintWorkers(2, pathToFileURL(resolve(REPO_ROOT, 'dist/cli/no-such-worker.js')))).toBeUndefined();
  });

  test('keep the order of the files on the command line', async () => {
    const names = Array.from({ length: PARALLEL_MIN_FILES * 3 }, (_, i) => FILES[i % FILES.length]!);
    const files = Object.fromEntries(names.map(([name, content], i) => [`/d/${i}-${name}`, content]));
    const serial = memoryIo(files);
    const parallel = memoryIo({ ...files, '/d/missing-on-purpose.txt': 'x' });
    parallel.io.startWorkers = () => startFingerprintWorkers(2, WORKER);
    const args = ['fingerprint', ...Object.keys(files), '/d/not-there.txt'];
    expect(await main(args, parallel.io)).toBe(await main(args, serial.io));
    expect(parallel.stdout()).toBe(serial.stdout());
    expect(parallel.stdout().split('\n').filter(Boolean).map((l) => JSON.parse(l).file)).toEqual([...Object.keys(files), '/d/not-there.txt']);
  });

  test.skipIf(!existsSync(PRACTICE_DOCS))('give the bytes of one thread over a directory of practice texts (Latin and Chinese), with and without --passages', { timeout: 60_000 }, async () => {
    // Every 8th practice text: ~120 files of every language of the set.
    const names = readdirSync(PRACTICE_DOCS).sort().filter((_, i) => i % 8 === 0);
    const files = Object.fromEntries(names.map((name) => [`/corpus/${name}`, readFileSync(resolve(PRACTICE_DOCS, name))]));
    for (const flags of [[], ['--passages']]) {
      const serial = memoryIo(files);
      const parallel = memoryIo(files);
      let started = 0;
      parallel.io.startWorkers = () => (started++, startFingerprintWorkers(2, WORKER));
      const args = ['fingerprint', ...flags, '/corpus'];
      expect(await main(args, parallel.io)).toBe(await main(args, serial.io));
      expect(started).toBe(1);
      expect(parallel.stdout().split('\n').filter(Boolean).length).toBe(names.length);
      expect(parallel.stdout()).toBe(serial.stdout());
    }
  });
});
