/**
 * Addresses of the user's own articles, from a sitemap they imported: a
 * sitemap carries no text to fingerprint, so each address waits here until
 * the user visits it, and the visit is then recorded as their article. Kept
 * in `storage.local` (the history's database schema is not changed for it).
 */
import { storage } from 'wxt/utils/storage';
import { normalizeUrl } from '../core';

const WATCHED_URLS_KEY = 'local:watched-urls';
const HTTP_URL = /^https?:\/\//i;

/** The sitemap protocol's limit for one file: more would be a second sitemap, and this list stays a few MB at most. */
export const MAX_WATCHED_URLS = 50_000;

export interface WatchedUrls {
  has(url: string): Promise<boolean>;
  /** Adds the addresses (normalised, http(s) only) and returns how many are watched in all. */
  add(urls: readonly string[]): Promise<number>;
  remove(url: string): Promise<void>;
  count(): Promise<number>;
}

type LocalArea = Pick<typeof storage, 'getItem' | 'setItem'>;

/** The list in `area`; each call reads it afresh, so the background and the options page agree. */
export function watchedUrls(area: LocalArea = storage): WatchedUrls {
  const read = async () => (await area.getItem<string[]>(WATCHED_URLS_KEY)) ?? [];
  return {
    async has(url) {
      const normalized = normalizeUrl(url);
      return normalized !== undefined && (await read()).includes(normalized);
    },
    async add(urls) {
      const all = new Set(await read());
      for (const url of urls) {
        const normalized = HTTP_URL.test(url) ? normalizeUrl(url) : undefined;
        if (normalized !== undefined && all.size < MAX_WATCHED_URLS) all.add(normalized);
      }
      await area.setItem(WATCHED_URLS_KEY, [...all]);
      return all.size;
    },
    async remove(url) {
      const normalized = normalizeUrl(url);
      const kept = (await read()).filter((watched) => watched !== normalized);
      await area.setItem(WATCHED_URLS_KEY, kept);
    },
    count: async () => (await read()).length,
  };
}
