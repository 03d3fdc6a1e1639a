import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: real Chromium with the built extension (.output/chrome-mv3).
 * `npm run test:e2e` builds first. Files run one after another: each launches
 * a browser, and the machines have two cores. The Firefox ones (test/e2e/firefox)
 * have their own run: vitest.e2e.firefox.config.ts.
 */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    exclude: ['test/e2e/firefox/**', 'node_modules/**'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A poll waits for the browser, the worker or an import: 1 s (vitest's default) is short under load.
    expect: { poll: { timeout: 15_000 } },
  },
});
