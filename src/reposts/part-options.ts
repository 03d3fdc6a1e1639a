import { isOneSite, type PartOptions } from '../core';
import type { Page } from '../store/page';

/**
 * What `judge` is told about two pages of the history beyond the user's k:
 * between pages of one site no shared passage shows a copy or a part, only
 * their whole fingerprints do, as in the checker (core/verdict.ts oneSite). The Reposts view keeps no count of
 * pages per passage, so text common to many sites still counts here.
 */
export function partOptions(a: Pick<Page, 'site'>, b: Pick<Page, 'site'>): PartOptions {
  return isOneSite(a.site, b.site) ? { oneSite: true } : {};
}
