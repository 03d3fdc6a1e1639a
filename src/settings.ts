import { storage, type WxtStorageItem } from 'wxt/utils/storage';
// Individual engine modules, not './core': the index pulls in the whole engine (tokeniser, script
// folding tables, WebAssembly), which pages that only read settings must not load.
import { DEFAULT_MIN_CJK_CHARS, DEFAULT_MIN_WORDS, type MinLength } from './core/text-length';
import { siteOf } from './core/url';
import { DEFAULT_MAX_DISTANCE, MAX_SUPPORTED_DISTANCE } from './core/verdict';

/**
 * Every user preference lives here, in one `storage.local` item, so the
 * background, content script, popup and options page read the same values.
 */

/** How long visits are kept; 0 means forever. */
export const RETENTION_CHOICES = [0, 30, 90, 365] as const;
export type RetentionDays = (typeof RETENTION_CHOICES)[number];

export interface Settings {
  /** Check every page automatically while browsing. */
  autoMode: boolean;
  /** Show the in-page notice on reposts (the toolbar badge is always set). */
  showNotice: boolean;
  /** Report pages that quote a passage of an article read before (the quieter verdict). */
  showQuotes: boolean;
  /** k: the largest Hamming distance that still counts as the same article (0–3). */
  maxDistance: number;
  /** Texts shorter than this are recorded as "too short to judge". */
  minLength: MinLength;
  /** Sites (host names, subdomains included) that are never read or stored automatically. */
  excludedSites: string[];
  retentionDays: RetentionDays;
  /** Record pages seen in incognito windows (when the browser lets the extension run there). */
  recordIncognito: boolean;
}

export const DEFAULT_SETTINGS: Settings = Object.freeze({
  autoMode: true,
  showNotice: true,
  showQuotes: true,
  maxDistance: DEFAULT_MAX_DISTANCE,
  minLength: Object.freeze({ cjkChars: DEFAULT_MIN_CJK_CHARS, words: DEFAULT_MIN_WORDS }),
  excludedSites: [],
  retentionDays: 0,
  recordIncognito: false,
}) as Settings;

/** Bounds for the minimum-length inputs: below 1 a zero-length text would count as long enough. */
export const MIN_LENGTH_BOUNDS = { min: 1, max: 100_000 } as const;
/** Keeps the excluded list and every message carrying it small. */
export const MAX_EXCLUDED_SITES = 500;

export type SettingsItem = WxtStorageItem<Settings, Record<string, never>>;

export const settingsItem: SettingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});

/**
 * Settings as stored may come from an older version, a hand-edited profile or
 * a partial write: keep every valid field and fall back to defaults for the rest.
 */
export function sanitizeSettings(raw: unknown): Settings {
  const input = (raw && typeof raw === 'object' ? raw : {}) as Partial<Record<keyof Settings, unknown>>;
  const minLength = (input.minLength && typeof input.minLength === 'object' ? input.minLength : {}) as Partial<Record<keyof MinLength, unknown>>;
  return {
    autoMode: bool(input.autoMode, DEFAULT_SETTINGS.autoMode),
    showNotice: bool(input.showNotice, DEFAULT_SETTINGS.showNotice),
    showQuotes: bool(input.showQuotes, DEFAULT_SETTINGS.showQuotes),
    maxDistance: int(input.maxDistance, 0, MAX_SUPPORTED_DISTANCE, DEFAULT_SETTINGS.maxDistance),
    minLength: {
      cjkChars: int(minLength.cjkChars, MIN_LENGTH_BOUNDS.min, MIN_LENGTH_BOUNDS.max, DEFAULT_SETTINGS.minLength.cjkChars),
      words: int(minLength.words, MIN_LENGTH_BOUNDS.min, MIN_LENGTH_BOUNDS.max, DEFAULT_SETTINGS.minLength.words),
    },
    excludedSites: sites(input.excludedSites),
    retentionDays: (RETENTION_CHOICES as readonly unknown[]).includes(input.retentionDays)
      ? (input.retentionDays as RetentionDays)
      : DEFAULT_SETTINGS.retentionDays,
    recordIncognito: bool(input.recordIncognito, DEFAULT_SETTINGS.recordIncognito),
  };
}

export async function loadSettings(item: SettingsItem = settingsItem): Promise<Settings> {
  return sanitizeSettings(await item.getValue());
}

export async function updateSettings(patch: Partial<Settings>, item: SettingsItem = settingsItem): Promise<Settings> {
  const next = sanitizeSettings({ ...(await loadSettings(item)), ...patch });
  await item.setValue(next);
  return next;
}

/** Calls `listener` with sanitised settings whenever they change (in any extension context). */
export function watchSettings(listener: (settings: Settings) => void, item: SettingsItem = settingsItem): () => void {
  return item.watch((value) => listener(sanitizeSettings(value)));
}

/**
 * The site a user means when typing into the "excluded sites" box: a host name
 * or any URL on it ("https://www.example.com/a" → "example.com"). Undefined when
 * nothing host-like was typed.
 */
export function parseSiteInput(input: string): string | undefined {
  const trimmed = input.trim().toLowerCase();
  if (!trimmed) return undefined;
  const site = siteOf(/^[a-z][a-z0-9+.-]*:\/\//.test(trimmed) ? trimmed : `http://${trimmed}`);
  return /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*$|^\[[0-9a-f:]+\]$/u.test(site) ? site : undefined;
}

/** True when `site` is one of the excluded sites or a subdomain of one. */
export function isSiteExcluded(site: string, excludedSites: readonly string[]): boolean {
  return excludedSites.some((excluded) => site === excluded || site.endsWith(`.${excluded}`));
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

function int(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}

function sites(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const parsed = value.map((entry) => (typeof entry === 'string' ? parseSiteInput(entry) : undefined));
  return [...new Set(parsed.filter((site): site is string => site !== undefined))].slice(0, MAX_EXCLUDED_SITES);
}
