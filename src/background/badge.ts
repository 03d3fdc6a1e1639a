import { browser } from 'wxt/browser';
import type { PageReport } from '../messaging';
import { browserLocalizer, type Localizer } from '../i18n';
import { tooltipText } from '../ui/match-text';

/** Shows a page's report on the toolbar button of its tab. */
export type BadgeSetter = (tabId: number, report: PageReport) => Promise<void>;

const REPOST_COLOR = '#c2410c';
const PARTIAL_COLOR = '#b45309';

type ActionApi = Pick<typeof browser.action, 'setBadgeText' | 'setBadgeBackgroundColor' | 'setTitle'>;

/**
 * Reposts get a badge with the number of earlier copies; every status gets a
 * tooltip, so hovering the button always says what the extension made of the page.
 */
export function toolbarBadge(action: ActionApi = toolbarAction(), localizer: Localizer = browserLocalizer): BadgeSetter {
  return async (tabId, report) => {
    const flagged = report.status === 'repost' || report.status === 'partial';
    await Promise.all([
      action.setBadgeText({ tabId, text: flagged ? String(report.matches.length) : '' }),
      flagged ? action.setBadgeBackgroundColor({ tabId, color: report.status === 'repost' ? REPOST_COLOR : PARTIAL_COLOR }) : undefined,
      action.setTitle({ tabId, title: badgeTitle(report, localizer) }),
    ]);
  };
}

/** `action` in Manifest V3; Firefox's Manifest V2 build calls it `browserAction`. */
function toolbarAction(): ActionApi {
  return browser.action ?? (browser as unknown as { browserAction: ActionApi }).browserAction;
}

export function badgeTitle(report: PageReport, localizer: Localizer = browserLocalizer): string {
  const name = localizer.t('extName');
  const match = report.matches[0];
  if (match && (report.status === 'repost' || report.status === 'partial')) return `${name}: ${tooltipText(match, localizer)}`;
  return `${name}: ${localizer.t(STATUS_TOOLTIP[report.status])}`;
}

const STATUS_TOOLTIP = {
  new: 'statusNew',
  read_before: 'statusReadBefore',
  repost: 'statusRepost',
  partial: 'statusPartial',
  too_short: 'statusTooShort',
  excluded: 'statusExcluded',
  incognito: 'statusIncognito',
  off: 'statusOff',
  no_article: 'statusNoArticle',
} as const satisfies Record<PageReport['status'], string>;
