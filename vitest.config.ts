import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    setupFiles: ['fake-indexeddb/auto', 'test/chinese-dictionary.setup.ts'],
    globalSetup: ['test/build-cli.global-setup.ts'],
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
  },
});
