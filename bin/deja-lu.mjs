#!/usr/bin/env node
// Runs the compiled CLI (dist/cli, built by `npm run build:cli`, which `npm install` runs as
// `prepare`). Paths resolve from this file, so any working directory works.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('deja-lu: the command is not built yet; run `npm run build:cli` in the package folder.\n');
  process.exit(70);
}
const { runProcess } = await import(entry.href);
await runProcess();
