/**
 * Chromium scenarios, through Playwright (playwright-core + Debian's
 * /usr/bin/chromium), on a COPY of the production build in .tmp/bench-ext:
 *
 * - the offscreen document loads bench-offscreen-probe.js first
 *   (bench/browser/offscreen-probe.ts: when a read arrived, was parsed and
 *   was answered, sent to the worker's probe);
 * - the service worker is a wrapper that importScripts() bench-verdict-probe.js
 *   (bench/browser/verdict-probe.ts: timestamps of the page check's steps and
 *   of the badge, through wrapped extension APIs), the real background.js and
 *   then bench-sw-harness.js, a Vite bundle of bench/browser/sw-harness.ts
 *   that imports the real src/core and src/store;
 * - bench.html, an extra extension page, loads bench/browser/page-harness.ts
 *   (import/export with heap sampling: pages can read performance.memory);
 * - test pages get bench/browser/extract-harness.ts (the content script's
 *   readPage) injected to time extraction on the real DOM.
 *
 * Nothing is added to the production build, and the storage code measured
 * is the store's own (History, insertPage), bundled the way the extension
 * bundles it, in the extension's own origin.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CURRENT_SAMPLE_SIZE } from '../../../src/core/scheme';
import { CHROMIUM, load1 } from '../../lib/env';
import { extensionProcessCpuMs } from '../../lib/proc';
import { BENCH_BUILD, buildExtension } from '../sizes';
import { altLookups } from './alt-layout';
import { bytesByPassageCount } from './bytes-by-passage';
import { coldStartInWorker } from './cold-start';
import { bundle, EMPTY_EXT, EXT, launch, serviceWorker, TMP } from './common';
import { fingerprintInWorker } from './fingerprint';
import { importExport } from './import-export';
import { lookups } from './lookup';
import { extensionMemory } from './memory';
import { pageImpact } from './page-impact';
import { VERDICT_PROFILES, verdictLatency } from './verdict-latency';

/** The bench copy of the extension: production build + harness files. */
async function assembleExtension(): Promise<void> {
  rmSync(EXT, { recursive: true, force: true });
  cpSync(BENCH_BUILD, EXT, { recursive: true });
  await bundle('bench/browser/verdict-probe.ts', 'bench-verdict-probe.js', '__dejaLuVerdictProbeLib');
  await bundle('bench/browser/offscreen-probe.ts', 'bench-offscreen-probe.js', '__dejaLuOffscreenProbeLib');
  await bundle('bench/browser/sw-harness.ts', 'bench-sw-harness.js', '__dejaLuBenchSw');
  await bundle('bench/browser/page-harness.ts', 'bench-page-harness.js', '__dejaLuBenchPageLib');
  await bundle('entrypoints/options/digest-worker.ts', 'bench-digest-worker.js', '__dejaLuDigestWorker');
  await bundle('bench/browser/extract-harness.ts', 'bench-extract-harness.js', '__dejaLuExtractLib');
  const manifest = JSON.parse(readFileSync(join(EXT, 'manifest.json'), 'utf8'));
  const background = manifest.background.service_worker as string;
  if (manifest.background.type === 'module') throw new Error('module service workers are not supported by the bench wrapper');
  writeFileSync(join(EXT, 'bench-sw.js'), [
    // Before the background touches the extension APIs it wraps.
    `importScripts('bench-verdict-probe.js');`,
    `self.__benchTimes = { start: performance.now() };`,
    `importScripts(${JSON.stringify(background)});`,
    `self.__benchTimes.background = performance.now();`,
    `importScripts('bench-sw-harness.js');`,
    `self.__benchTimes.harness = performance.now();`,
    `chrome.runtime.onMessage.addListener((m, _s, reply) => { if (m && m.benchWake) { reply({ times: self.__benchTimes }); return true; } return undefined; });`,
  ].join('\n'));
  manifest.background.service_worker = 'bench-sw.js';
  writeFileSync(join(EXT, 'manifest.json'), JSON.stringify(manifest));
  // The offscreen document's probe runs before its module (a classic script in <head>).
  const offscreen = join(EXT, 'offscreen.html');
  if (existsSync(offscreen)) writeFileSync(offscreen, readFileSync(offscreen, 'utf8').replace('<head>', '<head><script src="/bench-offscreen-probe.js"></script>'));
  writeFileSync(join(EXT, 'bench.html'), '<!doctype html><meta charset="utf-8"><title>bench</title><script src="bench-page-harness.js"></script>');
  // BENCH_EMPTY_CONTENT_SCRIPT=1: the content script replaced by an empty one, to measure what
  // having a content script at all costs a page (the floor of the page-impact comparison).
  // (The file the background injects: CONTENT_SCRIPT_FILE in src/background/content-injection.ts.)
  if (process.env.BENCH_EMPTY_CONTENT_SCRIPT) writeFileSync(join(EXT, 'content-scripts/content.js'), '');
  rmSync(EMPTY_EXT, { recursive: true, force: true });
  mkdirSync(EMPTY_EXT, { recursive: true });
  writeFileSync(join(EMPTY_EXT, 'manifest.json'), JSON.stringify({ manifest_version: 3, name: 'Empty (bench baseline)', version: '1.0' }));
}

export async function runBrowser(options: { quick: boolean; million: boolean }) {
  if (!existsSync(CHROMIUM)) throw new Error('Chromium not installed: apt-get install -y chromium');
  mkdirSync(TMP, { recursive: true });
  const loadBefore = load1();
  buildExtension();
  await assembleExtension();
  const profile = join(TMP, 'profile');
  const context = await launch(EXT, profile);
  const result: Record<string, unknown> = {};
  try {
    const sw = await serviceWorker(context);
    const extensionId = new URL(sw.url()).host;
    // BENCH_PARTS=fingerprint,cold,lookup,bytes,alt,io,pages,memory,verdict runs a subset (while developing the bench).
    const parts = new Set((process.env.BENCH_PARTS ?? 'fingerprint,cold,lookup,bytes,alt,io,pages,memory,verdict').split(','));
    const current = () => context.serviceWorkers().find((w) => w.url().endsWith('/bench-sw.js')) ?? sw;
    if (parts.has('fingerprint')) result.fingerprint = await fingerprintInWorker(sw, options.quick, () => extensionProcessCpuMs(profile));
    if (parts.has('cold')) result.coldStart = await coldStartInWorker(context, sw, extensionId, options.quick ? 3 : 7);
    if (parts.has('lookup')) Object.assign(result, await lookups(current(), profile, extensionId, options.quick, options.million));
    if (parts.has('io')) result.importExport = await importExport(profile, Number(process.env.BENCH_IO_RECORDS ?? (options.quick ? 5_000 : 100_000)));
    if (parts.has('pages')) result.pageImpact = await pageImpact(options.quick, profile);
    await context.close();
    if (parts.has('verdict')) result.verdictLatency = await verdictLatency(options, profile);
    if (parts.has('alt')) result.altLayout = await altLookups(options.quick, options.million, profile);
    if (parts.has('memory')) result.memory = await extensionMemory(profile);
    if (parts.has('bytes')) result.bytesByPassage = await bytesByPassageCount(options.quick, profile, extensionId);
  } catch (error) {
    // Keep what was measured before the failure.
    (error as { partial?: unknown }).partial = result;
    throw error;
  } finally {
    await context.close();
  }
  // Profiles hold hundreds of MB after the storage runs.
  for (const suffix of ['', '-memory', '-pages', '-empty', '-plain', '-alt-all', '-alt-whole', '-passages-0', `-passages-${CURRENT_SAMPLE_SIZE}`, ...VERDICT_PROFILES]) rmSync(`${profile}${suffix}`, { recursive: true, force: true });
  result.load = [loadBefore, load1()];
  return result;
}
