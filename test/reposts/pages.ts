/** Pages of a history for the reposts specifications: chosen fingerprints, lengths and first visits. */
import { FINGERPRINT_SCHEME } from '../../src/core';
import type { RepostsSource } from '../../src/reposts';
import type { Page } from '../../src/store';

export const DAY = 24 * 60 * 60 * 1000;
export const T0 = Date.UTC(2025, 0, 1);

/** A page `n` read on day `day` at `url`; 600 words unless told, whole-document fingerprint only. */
export function page(id: number, url: string, day: number, fingerprint: string, fields: Partial<Page> = {}): Page {
  const site = new URL(url).hostname;
  return {
    id, url, site, title: `Article ${id}`, excerpt: '', textLength: 3000, fingerprint, passages: [], scheme: FINGERPRINT_SCHEME,
    cjkChars: 0, words: 600, firstVisit: T0 + day * DAY, lastVisit: T0 + day * DAY, visitCount: 1, source: 'visit', ...fields,
  };
}

/** The pages as the history hands them out, `batch` at a time. */
export function sourceOf(pages: readonly Page[], batch = 2): RepostsSource {
  return {
    async *pageBatches() {
      for (let i = 0; i < pages.length; i += batch) yield pages.slice(i, i + batch);
    },
    count: async () => pages.length,
    get: async (id) => pages.find((p) => p.id === id),
  };
}
