/** Bundle sizes of the built extension, raw and gzipped (level 9, as stores serve them). */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO } from '../lib/data';

export const BENCH_BUILD = join(REPO, '.tmp/bench-build/chrome-mv3');

/** Builds the extension into .tmp/bench-build with the production config. */
export function buildExtension(): void {
  const res = spawnSync('npx', ['wxt', 'build', '-c', 'bench/wxt.bench.config.ts'], { cwd: REPO, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  if (res.status !== 0) throw new Error(`wxt build failed:\n${(res.stdout + res.stderr).slice(-3000)}`);
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

export function sizesOf(dir: string) {
  const all = files(dir)
    .filter((f) => /\.(js|css|html|json)$/.test(f))
    .map((f) => {
      const buf = readFileSync(f);
      return { file: relative(dir, f), bytes: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
    })
    .sort((a, b) => b.bytes - a.bytes);
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
    background?: { service_worker?: string };
    content_scripts?: { js?: string[] }[];
    action?: { default_popup?: string };
  };
  const sum = (names: string[]) => {
    const picked = all.filter((f) => names.includes(f.file));
    return { files: picked.map((f) => f.file), bytes: picked.reduce((a, f) => a + f.bytes, 0), gzip: picked.reduce((a, f) => a + f.gzip, 0) };
  };
  const popupHtml = manifest.action?.default_popup;
  // The popup page's own scripts and chunks: what its HTML references.
  const popupAssets = popupHtml
    ? [popupHtml, ...[...readFileSync(join(dir, popupHtml), 'utf8').matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1] as string)]
    : [];
  return {
    // Declared in the manifest (Firefox) or injected by the background from WXT's content-scripts/ folder (Chromium).
    contentScript: sum(manifest.content_scripts?.flatMap((c) => c.js ?? []) ?? all.map((f) => f.file).filter((f) => f.startsWith('content-scripts/') && f.endsWith('.js'))),
    background: sum(manifest.background?.service_worker ? [manifest.background.service_worker] : []),
    popup: sum(popupAssets),
    files: all,
  };
}

export async function runSizes() {
  buildExtension();
  return sizesOf(BENCH_BUILD);
}
