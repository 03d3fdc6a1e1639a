import { browser } from 'wxt/browser';
import type { PageReport } from '../messaging';
import { browserLocalizer, type Localizer } from '../i18n';
import { STATUS_SENTENCE, namesEarlierPage, tooltipText, type EarlierPageStatus } from '../ui/match-text';

/** Shows a page's report on the toolbar button of its tab. */
export type BadgeSetter = (tabId: number, report: PageReport) => Promise<void>;
/** Puts a tab's toolbar button back as installed: no badge, the default tooltip. */
export type BadgeResetter = (tabId: number) => Promise<void>;

/**
 * How the badge draws each verdict that names an earlier page: its colour,
 * and its text for the number of earlier copies. Quotes are the quieter
 * verdict: a neutral slate, and a quotation mark instead of a count.
 */
const FLAGGED_BADGE: Record<EarlierPageStatus, { color: string; text: (count: number) => string }> = {
  repost: { color: '#c2410c', text: badgeCount },
  partial: { color: '#b45309', text: badgeCount },
  quote: { color: '#475569', text: () => '“' },
};
/** Badge of a page that could not be recorded because storage is full. */
const STORAGE_FULL_BADGE = { color: '#a16207', text: '!' };
/**
 * Highest count the badge spells out; more shows as "99+". Chromium fits
 * about four narrow characters on the badge and cuts the rest, so a count
 * of copies never takes more than three.
 */
export const MAX_BADGE_COUNT = 99;

type ActionApi = Pick<typeof browser.action, 'setBadgeText' | 'setBadgeBackgroundColor' | 'setTitle'>;

/**
 * Reposts get a badge with the number of earlier copies; every status gets a
 * tooltip, so hovering the button always says what the extension made of the page.
 */
export function toolbarBadge(action: ActionApi = toolbarAction(), localizer: Localizer = browserLocalizer): BadgeSetter {
  return async (tabId, report) => {
    const flagged = namesEarlierPage(report.status) ? FLAGGED_BADGE[report.status] : undefined;
    // A flagged page is still worth its badge; otherwise a full history must not go unnoticed.
    const badge = flagged
      ? { color: flagged.color, text: flagged.text(report.matchCount) }
      : report.storageFull === true ? STORAGE_FULL_BADGE : undefined;
    await Promise.all([
      action.setBadgeText({ tabId, text: badge?.text ?? '' }),
      badge ? action.setBadgeBackgroundColor({ tabId, color: badge.color }) : undefined,
      action.setTitle({ tabId, title: badgeTitle(report, localizer) }),
    ]);
  };
}

/**
 * Whether toolbarBadge draws two reports of one page alike: the status (text,
 * colour, tooltip), the count and the storage warning, which is all a
 * visit's write can change.
 */
export function sameBadge(a: PageReport, b: PageReport): boolean {
  return a.status === b.status && a.matchCount === b.matchCount && (a.storageFull ?? false) === (b.storageFull ?? false);
}

/** The number of earlier copies as the badge shows it: "1" to "99", then "99+". */
export function badgeCount(count: number): string {
  return count > MAX_BADGE_COUNT ? `${MAX_BADGE_COUNT}+` : String(count);
}

export function resetToolbarBadge(action: ActionApi = toolbarAction(), localizer: Localizer = browserLocalizer): BadgeResetter {
  return async (tabId) => {
    await Promise.all([action.setBadgeText({ tabId, text: '' }), action.setTitle({ tabId, title: localizer.t('actionTitle') })]);
  };
}

/** `action` in Manifest V3; Firefox's Manifest V2 build calls it `browserAction`. */
function toolbarAction(): ActionApi {
  return browser.action ?? (browser as unknown as { browserAction: ActionApi }).browserAction;
}

export function badgeTitle(report: PageReport, localizer: Localizer = browserLocalizer): string {
  const name = localizer.t('extName');
  const match = report.matches[0];
  const verdict = match && namesEarlierPage(report.status) ? tooltipText(match, localizer) : localizer.t(STATUS_SENTENCE[report.status]);
  return `${name}: ${verdict}${report.storageFull ? ` ${localizer.t('storageFull')}` : ''}`;
}

