import { browserLocalizer, formatDate, formatPercent, t, type MessageKey } from '../../src/i18n';
import { STATUS_OF_VERDICT, type MatchSummary, type PageReport, type PageStatus } from '../../src/messaging';
import { externalLink, h } from '../../src/ui/dom';
import { firstPublishedLine } from '../../src/ui/first-published';
import { flaggedStatusKey, isLinkable, matchMeta, matchScore, namesEarlierPage, STATUS_SENTENCE, VERDICT_LABEL } from '../../src/ui/match-text';

const STATUS_LABEL = {
  new: 'labelNew',
  read_before: 'labelReadBefore',
  repost: 'labelRepost',
  partial: 'labelPartial',
  quote: 'labelQuote',
  too_short: 'labelTooShort',
  excluded: 'labelExcluded',
  incognito: 'labelIncognito',
  off: 'labelOff',
  no_article: 'labelNoArticle',
  too_large: 'labelTooLarge',
  rate_limited: 'labelRateLimited',
} as const satisfies Record<PageStatus, MessageKey>;

/**
 * What a report is about: the tab's page, or a text pasted or selected
 * (`check-text`), for which the sentences that say "this page" are worded
 * for a text. "Too short to judge" and the flagged ones fit both.
 */
export type ReportSubject = 'page' | 'text';
const TEXT_SENTENCE: Partial<Record<MessageKey, MessageKey>> = { statusNew: 'textStatusNew', statusRepost: 'textStatusRepost' };

/** The popup's account of the current tab (or of a text): verdict, then the earlier copies. */
export function reportView(report: PageReport | null, subject: ReportSubject = 'page'): HTMLElement {
  if (!report) {
    return h('section', { class: 'status', 'data-status': 'unchecked' },
      h('span', { class: 'pill' }, t('labelUnchecked')),
      h('p', { class: 'summary' }, t('statusUnchecked')));
  }
  const first = firstPublishedLine(report);
  const visits = report.visitCount > 1 && report.firstVisit !== undefined
    ? t('visitedTimes', [String(report.visitCount), formatDate(report.firstVisit)])
    : undefined;
  return h('div', {},
    h('section', { class: 'status', 'data-status': report.status },
      h('span', { class: `pill ${report.status}` }, t(STATUS_LABEL[report.status])),
      report.title ? h('p', { class: 'page-title', title: report.title, dir: 'auto' }, report.title) : null,
      h('p', { class: 'summary' }, t(statusText(report, subject))),
      visits ? h('p', { class: 'detail' }, visits) : null,
      first ? h('p', { class: 'detail' }, first) : null,
      report.storageFull ? h('p', { class: 'warning', role: 'alert' }, t('storageFull')) : null),
    report.matches.length > 0
      ? h('section', { class: 'matches' },
        h('h2', {}, t(report.status === 'quote' ? 'quotedArticles' : 'earlierCopies')),
        h('ol', {}, ...report.matches.map((match) => matchItem(match, report.status))),
        moreMatches(report))
      : null);
}

/** The report lists the nearest copies only (MAX_REPORTED_MATCHES); the rest are counted. */
function moreMatches(report: PageReport): HTMLElement | null {
  const hidden = report.matchCount - report.matches.length;
  return hidden > 0 ? h('p', { class: 'more-matches' }, t('andMoreMatches', String(hidden))) : null;
}

function statusText(report: PageReport, subject: ReportSubject): MessageKey {
  const first = report.matches[0];
  const key = first && namesEarlierPage(report.status) ? flaggedStatusKey(first) : STATUS_SENTENCE[report.status];
  return (subject === 'text' ? TEXT_SENTENCE[key] : undefined) ?? key;
}

function matchItem(match: MatchSummary, status: PageStatus): HTMLElement {
  return h('li', { class: 'match' },
    isLinkable(match.url)
      ? externalLink(match.url, match.title || match.url, 'match-title')
      : h('span', { class: 'match-title', title: match.url, dir: 'auto' }, match.title || match.url),
    h('p', { class: 'match-meta' }, matchMeta(match, browserLocalizer)),
    h('p', { class: 'match-score' },
      // Marked only in a list led by another kind; otherwise the status says it.
      match.verdict !== 'duplicate' && status !== STATUS_OF_VERDICT[match.verdict] ? h('span', { class: 'tag' }, t(VERDICT_LABEL[match.verdict])) : null,
      h('span', { class: 'score' }, matchScore(match, browserLocalizer, formatPercent))));
}
