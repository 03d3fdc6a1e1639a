/** What every Chromium scenario of the bench shares: the bench copy's paths, a browser on it, calls into its worker, the store's on-disk size. */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { signDocument } from '../../../src/core';
import { chineseDocs, latinDocs, realPages, REPO } from '../../lib/data';
import { CHROMIUM } from '../../lib/env';

export const TMP = join(REPO, '.tmp/bench');
export const EXT = join(REPO, '.tmp/bench-ext');
/** An extension with nothing in it: the page-impact baseline with the browser's extension system on. */
export const EMPTY_EXT = join(REPO, '.tmp/bench-empty-ext');

/** A browser with a new profile and the extension in `extension` (a directory), or with extensions off. */
export async function launch(extension: string | undefined, profile: string): Promise<BrowserContext> {
  const { chromium } = await import('playwright-core');
  rmSync(profile, { recursive: true, force: true });
  mkdirSync(profile, { recursive: true });
  const args = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--enable-precise-memory-info', '--js-flags=--expose-gc'];
  if (extension) args.push(`--disable-extensions-except=${extension}`, `--load-extension=${extension}`);
  else args.push('--disable-extensions');
  return chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args, env: { ...process.env, TMPDIR: TMP } });
}

export async function serviceWorker(context: BrowserContext): Promise<Worker> {
  const find = () => context.serviceWorkers().find((w) => w.url().endsWith('/bench-sw.js'));
  let sw = find();
  while (!sw) {
    await context.waitForEvent('serviceworker', { timeout: 30_000 });
    sw = find();
  }
  await sw.evaluate(() => typeof (globalThis as never as { __dejaLuBench?: unknown }).__dejaLuBench);
  return sw;
}

/** Bundles `entry` (a harness) into the bench copy as `outFile`, an IIFE setting global `name`; unminified for profiles that name functions. */
export async function bundle(entry: string, outFile: string, name: string, minify = true): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: false,
    logLevel: 'silent',
    root: REPO,
    build: {
      lib: { entry: join(REPO, entry), formats: ['iife'], name, fileName: () => outFile },
      outDir: EXT,
      emptyOutDir: false,
      minify,
      write: true,
    },
  });
}

/** Runs `name(...args)` of the page harness (bench/browser/page-harness.ts) open in `tab`. */
export function callPage<T>(tab: Page, name: string, ...args: unknown[]): Promise<T> {
  return tab.evaluate(([n, a]) => ((globalThis as never as { __dejaLuBenchPage: Record<string, (...x: unknown[]) => unknown> }).__dejaLuBenchPage[n as string] as (...x: unknown[]) => T)(...(a as unknown[])), [name, args] as const) as Promise<T>;
}

type Bench = Record<string, (...args: never[]) => unknown>;
// Runs `name(...args)` of the service-worker harness.
export function callSw<T>(sw: Worker, name: string, ...args: unknown[]): Promise<T> {
  return sw.evaluate(([n, a]) => ((globalThis as never as { __dejaLuBench: Bench }).__dejaLuBench[n as string] as (...x: unknown[]) => T)(...(a as unknown[])), [name, args] as const) as Promise<T>;
}

export function progress(message: string): void {
  process.stderr.write(`  [browser ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** Bytes under `dir`; a file LevelDB compacts away between the listing and its stat counts 0 (the settled size takes four equal readings). */
export function dirSize(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir).reduce((a, name) => {
    const p = join(dir, name);
    const s = statSync(p, { throwIfNoEntry: false });
    if (s === undefined) return a;
    return a + (s.isDirectory() ? dirSize(p) : s.size);
  }, 0);
}

/**
 * The LevelDB directory's size once the harness has closed its connection and
 * the directory has stopped changing (four equal readings 2 s apart, at most
 * 2 min): what the history keeps on disk. Right after a bulk write the
 * directory also holds superseded bucket versions and a log that LevelDB has
 * not compacted yet, and storage.estimate() moved by ±300 B/page between two
 * identical runs here.
 */
export async function settledDiskSize(sw: Worker, dir: string): Promise<number> {
  await callSw(sw, 'closeHistory');
  const readings = [dirSize(dir)];
  const started = Date.now();
  while (Date.now() - started < 120_000 && !(readings.length >= 4 && readings.slice(-4).every((r) => r === readings[readings.length - 1]))) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    readings.push(dirSize(dir));
  }
  await callSw(sw, 'reopenHistory');
  return readings[readings.length - 1] as number;
}

export function corpusForStore() {
  const latin = latinDocs();
  const titles = realPages().map((p) => p.html.match(/<title[^>]*>([^<]{10,200})<\/title>/i)?.[1]?.trim()).filter((t): t is string => !!t && !/[^\u0000-\u00ff]/.test(t));
  const excerpts = latin.filter((_, i) => i % 5 === 0).map((d) => d.text.replace(/\s+/g, ' ').trim().slice(0, 200));
  // Passage and chunk head counts as signDocument gives them on the practice set (all languages).
  const signatures = chineseDocs().concat(latin).filter((_, i) => i % 3 === 0).map((d) => signDocument(d.text));
  const passageCounts = signatures.map((s) => s.passages.length);
  const headCounts = signatures.map((s) => s.heads?.length ?? 0);
  return { titles, excerpts, passageCounts, headCounts };
}

/**
 * Pages per transaction when filling the store: each transaction rewrites
 * every bucket it touches once, and 250,000 pages touch every bucket of
 * each store, so larger batches cost no more bucket writes; the packed edits
 * of a batch take ~30 MB.
 */
export const FILL_BATCH = 250_000;
