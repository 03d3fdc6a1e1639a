#!/usr/bin/env node
// Loads the TypeScript CLI through tsx, so `npx deja-lu` works straight
// after `npm install`, with no build step. Paths resolve from this file,
// so any working directory works.
import { tsImport } from 'tsx/esm/api';

const { runProcess } = await tsImport('../src/cli/main.ts', import.meta.url);
await runProcess();
