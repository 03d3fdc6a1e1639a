import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startBackground } from '../../src/background/start';
import { freshHistory } from './fakes';

/** fakeBrowser.reset() leaves webNavigation's listeners in place (its fake has no resetState): cleared here. */
function resetBrowser(): void {
  fakeBrowser.reset();
  for (const event of [fakeBrowser.webNavigation.onCompleted, fakeBrowser.webNavigation.onDOMContentLoaded]) {
    (event as unknown as { removeAllListeners(): void }).removeAllListeners();
  }
}

describe('startBackground', () => {
  beforeEach(resetBrowser);

  it.each([
    ['Chromium build (no content script in the manifest): the background injects it once a page has loaded', false, true],
    ['Firefox build (the manifest declares it): the browser injects it, the background adds no second copy', true, false],
  ])('%s', (_name, declared, injectsAfterLoad) => {
    startBackground({ open: () => freshHistory(Date.now), declaresContentScript: () => declared });
    expect(fakeBrowser.webNavigation.onCompleted.hasListeners()).toBe(injectsAfterLoad);
    expect(fakeBrowser.webNavigation.onDOMContentLoaded.hasListeners()).toBe(injectsAfterLoad);
    // Either way it answers the content script and the popup, and forgets closed tabs.
    expect(fakeBrowser.runtime.onMessage.hasListeners()).toBe(true);
    expect(fakeBrowser.tabs.onRemoved.hasListeners()).toBe(true);
  });
});
