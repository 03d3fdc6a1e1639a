/**
 * Longest wait, from the start of the page's navigation, for its `load`
 * event before reading it anyway. A page with a stalled image never
 * finishes loading; by then its load is already slow, and the visit still
 * has to be recorded. The background injects the content script into such a
 * page this long after its DOM was parsed (src/background/content-injection.ts);
 * the content script itself never waits past it (entrypoints/content/page-loaded.ts).
 */
export const MAX_LOAD_WAIT_MS = 10_000;
