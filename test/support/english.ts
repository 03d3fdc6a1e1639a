import messages from '../../public/_locales/en/messages.json';
import type { Localizer, MessageKey } from '../../src/i18n';

/** browser.i18n.getMessage over the English catalogue, for tests (the fake browser has no i18n). */
export function englishMessage(key: string, substitutions: string | string[] = []): string {
  const entry = (messages as Record<string, { message: string }>)[key];
  if (!entry) return '';
  const subs = Array.isArray(substitutions) ? substitutions : [substitutions];
  return entry.message.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');
}

export const englishLocalizer: Localizer = {
  t: (key: MessageKey, substitutions) => englishMessage(key, substitutions),
  formatDate: (ms) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(ms),
};
