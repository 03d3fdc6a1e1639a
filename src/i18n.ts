import { browser } from 'wxt/browser';

/**
 * UI text comes from public/_locales/<lang>/messages.json through
 * browser.i18n, so the extension follows the browser's language. English is
 * the reference catalogue: a key missing there is a type error.
 */
export type MessageKey = keyof typeof import('../public/_locales/en/messages.json');

type GetMessage = (key: string, substitutions?: string | string[]) => string;

// The generated typings list one overload per key; the catalogue type above already checks keys.
const browserGetMessage: GetMessage = (key, substitutions) => (browser.i18n.getMessage as GetMessage)(key, substitutions);

export function t(key: MessageKey, substitutions?: string | string[], getMessage: GetMessage = browserGetMessage): string {
  return getMessage(key, substitutions);
}

export function uiLanguage(): string {
  return browser.i18n.getUILanguage();
}

/**
 * The language of the text on the extension's pages, for their `lang` attribute: the tag the
 * catalogue in use names. Not getUILanguage(): in a browser language without a catalogue the
 * text is English, and a page Chromium opens as it starts (the welcome page) was seen to get
 * "en-US" from it while its text was Chinese.
 */
export function pageLanguage(getMessage: GetMessage = browserGetMessage): string {
  return t('pageLanguage', undefined, getMessage);
}

/** A date in the UI language, e.g. "Nov 22, 2026" / "2026年11月22日". */
export function formatDate(ms: number, locale: string = uiLanguage()): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(ms);
}

export function formatDateTime(ms: number, locale: string = uiLanguage()): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

/** "50,500" / "50.500": a count with the UI language's digit grouping. */
export function formatCount(count: number, locale: string = uiLanguage()): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(count);
}

/** "97%": fingerprint similarity as a whole percentage. */
export function formatPercent(fraction: number, locale: string = uiLanguage()): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}

/** Text and formats in one language; the browser's by default, a fixed catalogue in tests. */
export interface Localizer {
  t(key: MessageKey, substitutions?: string | string[]): string;
  formatDate(ms: number): string;
}

export const browserLocalizer: Localizer = {
  t: (key, substitutions) => t(key, substitutions),
  formatDate: (ms) => formatDate(ms),
};

/** Fills every element with `data-i18n="key"` (text) or `data-i18n-<attr>="key"` (attribute) under `root`. */
export function localizeDom(root: ParentNode): void {
  for (const element of Array.from(root.querySelectorAll<HTMLElement>('*'))) {
    for (const { name, value } of Array.from(element.attributes)) {
      if (name === 'data-i18n') element.textContent = t(value as MessageKey);
      else if (name.startsWith('data-i18n-')) element.setAttribute(name.slice('data-i18n-'.length), t(value as MessageKey));
    }
  }
}
