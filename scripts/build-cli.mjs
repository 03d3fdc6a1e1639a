// Compiles the deja-lu CLI (src/cli) to JavaScript in dist/cli, so the installed command runs
// plain Node with no TypeScript loader. Commands stay in their own chunks: `--version` and
// `--help` load neither Readability nor the engine; fingerprint-worker.js is the worker threads'
// entry. Dependencies stay external (node_modules).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist/cli`;

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['src/cli/main.ts', 'src/cli/fingerprint-worker.ts'],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
