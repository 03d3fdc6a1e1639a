import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  DEFAULT_SETTINGS,
  MAX_EXCLUDED_SITES,
  isSiteExcluded,
  loadSettings,
  parseSiteInput,
  sanitizeSettings,
  updateSettings,
  watchSettings,
  type Settings,
} from '../../src/settings';

describe('defaults', () => {
  it('match the product spec', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      autoMode: true,
      showNotice: true,
      showQuotes: true,
      maxDistance: 3,
      minLength: { cjkChars: 100, words: 80 },
      excludedSites: [],
      retentionDays: 0,
      recordIncognito: false,
    });
  });
});

describe('sanitizeSettings', () => {
  it.each<[string, unknown, Partial<Settings>]>([
    ['nothing stored', undefined, {}],
    ['not an object', 'yes', {}],
    ['valid values kept', { autoMode: false, showNotice: false, showQuotes: false, maxDistance: 1, retentionDays: 90, recordIncognito: true }, { autoMode: false, showNotice: false, showQuotes: false, maxDistance: 1, retentionDays: 90, recordIncognito: true }],
    ['k above 3 falls back', { maxDistance: 4 }, {}],
    ['k below 0 falls back', { maxDistance: -1 }, {}],
    ['k fractional falls back', { maxDistance: 1.5 }, {}],
    ['k = 0 is allowed', { maxDistance: 0 }, { maxDistance: 0 }],
    ['boolean as string falls back', { autoMode: 'false' }, {}],
    ['retention not a choice', { retentionDays: 45 }, {}],
    ['min length kept', { minLength: { cjkChars: 100, words: 20 } }, { minLength: { cjkChars: 100, words: 20 } }],
    ['min length 0 refused per field', { minLength: { cjkChars: 0, words: 20 } }, { minLength: { cjkChars: 100, words: 20 } }],
    ['min length garbage', { minLength: 'short' }, {}],
    ['sites normalised and deduplicated', { excludedSites: ['https://www.Example.com/a', 'example.com', 'news.site.org'] }, { excludedSites: ['example.com', 'news.site.org'] }],
    ['invalid sites dropped', { excludedSites: ['', 'not a site', 42, 'ok.com'] }, { excludedSites: ['ok.com'] }],
    ['sites not a list', { excludedSites: 'example.com' }, {}],
  ])('%s', (_name, raw, expected) => {
    expect(sanitizeSettings(raw)).toEqual({ ...DEFAULT_SETTINGS, ...expected });
  });

  it('caps the excluded list', () => {
    const many = Array.from({ length: MAX_EXCLUDED_SITES + 10 }, (_, i) => `site${i}.com`);
    expect(sanitizeSettings({ excludedSites: many }).excludedSites).toHaveLength(MAX_EXCLUDED_SITES);
  });
});

describe('parseSiteInput', () => {
  it.each([
    ['example.com', 'example.com'],
    ['  WWW.Example.COM  ', 'example.com'],
    ['https://news.example.com/path?q=1', 'news.example.com'],
    ['example.com/some/page', 'example.com'],
    ['localhost', 'localhost'],
    ['127.0.0.1:8080', '127.0.0.1'],
    // Host names are compared in the punycode form that URL.hostname (and so siteOf) gives.
    ['例子.中国', 'xn--fsqu00a.xn--fiqs8s'],
    ['', undefined],
    ['not a site', undefined],
    ['http://', undefined],
  ])('%j → %j', (input, expected) => {
    expect(parseSiteInput(input)).toBe(expected);
  });
});

describe('isSiteExcluded', () => {
  it.each([
    ['example.com', ['example.com'], true],
    ['news.example.com', ['example.com'], true],
    ['badexample.com', ['example.com'], false],
    ['example.com', ['news.example.com'], false],
    ['example.com', [], false],
  ])('%s in %j → %s', (site, list, expected) => {
    expect(isSiteExcluded(site, list)).toBe(expected);
  });
});

describe('stored settings', () => {
  beforeEach(() => fakeBrowser.reset());

  it('loads defaults when nothing is stored', async () => {
    await expect(loadSettings()).resolves.toEqual(DEFAULT_SETTINGS);
  });

  it('saves a patch and keeps the other fields', async () => {
    await updateSettings({ maxDistance: 1 });
    await updateSettings({ excludedSites: ['Example.com'] });
    await expect(loadSettings()).resolves.toEqual({ ...DEFAULT_SETTINGS, maxDistance: 1, excludedSites: ['example.com'] });
  });

  it('never stores an invalid value', async () => {
    await updateSettings({ maxDistance: 9 });
    const raw = await fakeBrowser.storage.local.get('settings');
    expect(raw.settings).toMatchObject({ maxDistance: 3 });
  });

  it('repairs a corrupt stored value on load', async () => {
    await fakeBrowser.storage.local.set({ settings: { autoMode: 'nope', maxDistance: 2 } });
    await expect(loadSettings()).resolves.toEqual({ ...DEFAULT_SETTINGS, maxDistance: 2 });
  });

  it('tells watchers about changes, sanitised', async () => {
    const seen: Settings[] = [];
    const stop = watchSettings((s) => seen.push(s));
    await updateSettings({ showNotice: false });
    stop();
    expect(seen.at(-1)).toEqual({ ...DEFAULT_SETTINGS, showNotice: false });
  });
});
