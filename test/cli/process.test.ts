/**
 * The real `deja-lu` process, as a user runs it: bin/deja-lu.mjs running
 * the compiled CLI (built from src/cli before the tests, as `npm install`
 * does: test/build-cli.global-setup.ts),
 * from a working directory outside the repository, on the shared practice
 * data (../shared/data next to the repository, in CI too).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fingerprintFromHex, hammingDistance } from '../../src/core';
import { parseExport } from '../../src/store/export-format';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const BIN = resolve(REPO_ROOT, 'bin/deja-lu.mjs');
const DATA = resolve(REPO_ROOT, '../shared/data');
const PRACTICE = resolve(DATA, 'neardup-practice');
const PAGES = resolve(DATA, 'pages');
/** A process loads the engine and the Chinese dictionary: seconds, not milliseconds, on a loaded 2-core machine. */
const PROCESS_TIMEOUT_MS = 60_000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON lines. */
  lines: () => Array<Record<string, unknown>>;
}

let workDir = '';

async function run(args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args], { cwd: workDir, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr, lines: () => jsonLines(stdout) };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failure.code !== 'number') throw error;
    const stdout = failure.stdout ?? '';
    return { code: failure.code, stdout, stderr: failure.stderr ?? '', lines: () => jsonLines(stdout) };
  }
}

function jsonLines(stdout: string): Array<Record<string, unknown>> {
  return stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
}

const practiceDoc = (id: string): string => join(PRACTICE, 'docs', `${id}.txt`);
const practiceHtml = (id: string): string => join(PRACTICE, 'html', `${id}.html`);

describe.skipIf(!existsSync(PRACTICE) || !existsSync(PAGES))('deja-lu as a process, on the shared data', { timeout: PROCESS_TIMEOUT_MS }, () => {
  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'deja-lu-cli-'));
  });
  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  test('compare of a practice duplicate pair gives the distance between the fingerprint lines', async () => {
    const [a, b] = [practiceDoc('readability-001'), practiceDoc('readability-001~typo')];
    const fingerprints = await run(['fingerprint', a, b]);
    const comparison = await run(['compare', a, b]);
    expect([fingerprints.code, comparison.code]).toEqual([0, 0]);
    const [fa, fb] = fingerprints.lines();
    const expected = hammingDistance(fingerprintFromHex(fa?.simhash as string), fingerprintFromHex(fb?.simhash as string));
    expect(comparison.lines()).toEqual([{ a, b, distance: expected, verdict: 'duplicate' }]);
  });

  test('compare --html --pairs: paths relative to the list folder, a header line skipped', async () => {
    const rel = (id: string): string => relative(workDir, practiceHtml(id));
    const list = ['a\tb\tlabel', `${rel('cwc-0df12126')}\t${rel('cwc-0df12126~wrap')}\tdup`, `${rel('cwc-0df12126')}\t${rel('readability-001')}\tnondup`].join('\n');
    await writeFile(join(workDir, 'pairs.tsv'), `${list}\n`);
    const { code, lines: output } = await run(['compare', '--html', '--pairs', 'pairs.tsv']);
    expect(code).toBe(0);
    const lines = output();
    expect(lines.map((line) => line.verdict)).toEqual(['duplicate', 'different']);
    expect(lines[0]).toMatchObject({ a: rel('cwc-0df12126'), b: rel('cwc-0df12126~wrap') });
  });

  test('extract: a missing file and a garbage file give error lines, the other pages are still extracted, exit code 1', async () => {
    await writeFile(join(workDir, 'garbage.html'), new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]));
    const pages = [join(PAGES, 'html', 'readability-001.html'), 'no-such-file.html', 'garbage.html', join(PAGES, 'html', 'cwc-0df12126.html')];
    const { code, lines: output } = await run(['extract', ...pages]);
    expect(code).toBe(1);
    const lines = output();
    expect(lines.map((line) => ('error' in line ? 'error' : 'text'))).toEqual(['text', 'error', 'error', 'text']);
    expect(lines[3]).toMatchObject({ title: '世艺网>艺术教育', text: expect.stringContaining('培养德智体美全面发展') });
  });

  test('import-file writes a file the extension can import', async () => {
    const pages = ['readability-002', 'readability-aclu'].map((id) => join(PAGES, 'html', `${id}.html`));
    const { code, lines } = await run(['import-file', '--html', ...pages, '-o', 'history.json']);
    expect(code).toBe(0);
    expect(lines()).toHaveLength(2);
    const records = [];
    for await (const item of parseExport(await readFile(join(workDir, 'history.json'), 'utf8'))) records.push(item);
    expect(records.map((item) => item.ok && item.record.source)).toEqual(['author', 'author']);
  });

  test.each([
    [['frobnicate'], 2],
    [['compare', 'only-one'], 2],
    [['--version'], 0],
  ])('%j exits with %i', async (args, expected) => {
    const { code, stdout, stderr } = await run(args);
    expect(code).toBe(expected);
    if (expected === 2) expect(stderr).toMatch(/Usage: deja-lu/);
    else expect(stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  test('dedup on a folder: one article and its reposts in one group, its partial copy, not the other articles in the same wrappers', async () => {
    // cwc-0ef8393b~samewrap~X is cwc-0ef8393b inside the header and footer of X~wrap: a copy of
    // 0ef8393b, and a hard negative for X~wrap (pairs.tsv, same_wrapper).
    const family = (await readdir(join(PRACTICE, 'docs'))).filter((name) => name.startsWith('cwc-0ef8393b'));
    const wrappers = ['cwc-59562291~wrap.txt', 'cwc-8cb7b39d~wrap.txt'];
    expect(family.length).toBeGreaterThanOrEqual(8);
    const folder = join(workDir, 'family');
    await mkdir(folder);
    for (const name of [...family, ...wrappers]) await copyFile(join(PRACTICE, 'docs', name), join(folder, name));
    const result = await run(['dedup', 'family']);
    expect(result.code).toBe(0);
    expect(result.lines()).toEqual([
      { kind: 'duplicates', cluster: 1, files: family.filter((name) => !name.includes('trunc40')).sort().map((name) => join('family', name)), distances: expect.any(Array) },
      { kind: 'partial', file: join('family', 'cwc-0ef8393b~trunc40.txt'), of: expect.any(String), distance: expect.any(Number) },
    ]);
    expect(result.stderr).toMatch(/12 documents, 1 group of copies \(9 documents\), 1 partial copy/);
  });
});

describe('the installed command', () => {
  test('runs compiled JavaScript: no TypeScript loader among the runtime dependencies or in the build', async () => {
    const pkg = JSON.parse(await readFile(resolve(REPO_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(pkg.dependencies)).not.toContain('tsx');
    const built = await readdir(resolve(REPO_ROOT, 'dist/cli'));
    expect(built).toContain('main.js');
    for (const file of built) expect(await readFile(resolve(REPO_ROOT, 'dist/cli', file), 'utf8')).not.toMatch(/from ["']tsx|import\(["']tsx/);
  });
});
