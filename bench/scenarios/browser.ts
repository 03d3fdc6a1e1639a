/** Chromium scenarios (service worker, IndexedDB, content script): being written. */
export async function runBrowser(_options: { quick: boolean }) {
  return { notes: ['browser scenarios not implemented yet'] };
}
