import { expect, it } from 'vitest';
import { EXTENSION_DIR } from './support/browser';
import { filesIn, filesInZip, zipPath } from './support/packages';

/**
 * The Chrome Web Store package is what these tests load: `npm run test:e2e`
 * makes the zip with the build (wxt zip), and the zip holds exactly the
 * files of .output/chrome-mv3, byte for byte.
 */
it('the Chrome zip holds exactly the build the tests load', async () => {
  expect(await filesInZip(zipPath('chrome'))).toEqual(await filesIn(EXTENSION_DIR));
});
