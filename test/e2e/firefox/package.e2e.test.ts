import { expect, it } from 'vitest';
import { FIREFOX_EXTENSION_DIR } from '../support/firefox';
import { filesIn, filesInZip, sourceFiles, zipPath } from '../support/packages';

/**
 * The addons.mozilla.org packages: `npm run test:e2e:firefox` makes them with
 * the build (wxt zip -b firefox). The add-on zip is what these tests load;
 * the sources zip, which reviewers rebuild the add-on from, holds only the
 * repository's own files (`npm run check:sources-zip` rebuilds from it).
 */
it('the Firefox zip holds exactly the build the tests load', async () => {
  expect(await filesInZip(zipPath('firefox'))).toEqual(await filesIn(FIREFOX_EXTENSION_DIR));
});

it('the sources zip holds what builds the add-on, and no build output', async () => {
  const zipped = Object.keys(await filesInZip(zipPath('sources')));
  const sources = await sourceFiles();
  expect(zipped.filter((file) => !sources.includes(file))).toEqual([]);
  for (const needed of ['package.json', 'package-lock.json', 'wxt.config.ts', 'scripts/patch-readability.ts', 'entrypoints/background.ts']) {
    expect(zipped).toContain(needed);
  }
});
