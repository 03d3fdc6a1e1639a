// The production config, built into a bench-only output directory so that a
// benchmark run never overwrites (or reads half-written) files of another
// build running in the same checkout.
import baseConfig from '../wxt.config';
import { defineConfig } from 'wxt';

export default defineConfig({
  ...baseConfig,
  root: new URL('..', import.meta.url).pathname,
  outDir: '.tmp/bench-build',
});
