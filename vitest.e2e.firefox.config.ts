import { defineConfig } from 'vitest/config';
import chromium from './vitest.e2e.config.ts';

/**
 * End-to-end tests in real Firefox (Debian's firefox-esr) with the built
 * extension (.output/firefox-mv2), through puppeteer-core over WebDriver BiDi.
 * `npm run test:e2e:firefox` builds first. Otherwise as the Chromium run: one
 * file after another, the same time limits.
 */
export default defineConfig({
  test: {
    ...chromium.test,
    include: ['test/e2e/firefox/**/*.e2e.test.ts'],
    exclude: ['node_modules/**'],
  },
});
