import type { Localizer, MessageKey } from '../i18n';
import type { MatchSummary, MatchVerdict, PageStatus } from '../messaging';
import { isolateBidi } from './bidi';

/**
 * How an earlier copy is named in the notice, the tooltip and the popup. The
 * user's own articles are "your article"; others are named by site and the
 * day they were read.
 */
export function isOwnArticle(match: MatchSummary): boolean {
  return match.source === 'author';
}

/** Web pages can be opened from a page or the popup; an imported file:// address cannot. */
export function isLinkable(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** Message key and substitutions after the title ($1) for the notice sentence. */
export function noticeSentence(match: MatchSummary, { formatDate }: Pick<Localizer, 'formatDate'>): { key: MessageKey; rest: string[] } {
  const partial = match.verdict === 'partial';
  if (isOwnArticle(match)) return { key: partial ? 'noticePartialOwn' : 'noticeRepostOwn', rest: [] };
  return { key: partial ? 'noticePartial' : 'noticeRepost', rest: [match.site, formatDate(match.firstVisit)] };
}

/** The short name of a match's kind: the popup's tag, the My articles column. */
export const VERDICT_LABEL = { duplicate: 'labelRepost', partial: 'labelPartial', quote: 'labelQuote' } as const satisfies Record<MatchVerdict, MessageKey>;

const TOOLTIP = {
  duplicate: { own: 'badgeRepostOwn', other: 'badgeRepost' },
  partial: { own: 'badgePartialOwn', other: 'badgePartial' },
  quote: { own: 'badgeQuoteOwn', other: 'badgeQuote' },
} as const satisfies Record<MatchVerdict, { own: MessageKey; other: MessageKey }>;

const FLAGGED_STATUS = {
  duplicate: { own: 'statusRepostOwn', other: 'statusRepost' },
  partial: { own: 'statusPartialOwn', other: 'statusPartial' },
  quote: { own: 'statusQuoteOwn', other: 'statusQuote' },
} as const satisfies Record<MatchVerdict, { own: MessageKey; other: MessageKey }>;

/** The toolbar tooltip after "Déjà Lu: ". */
export function tooltipText(match: MatchSummary, { t, formatDate }: Localizer): string {
  const title = isolateBidi(match.title || match.url);
  const keys = TOOLTIP[match.verdict];
  if (isOwnArticle(match)) return t(keys.own, title);
  return t(keys.other, [title, match.site, formatDate(match.firstVisit)]);
}

/** The popup's sentence under the status for a flagged page: whose article it copies or quotes. */
export function flaggedStatusKey(match: MatchSummary): MessageKey {
  return FLAGGED_STATUS[match.verdict][isOwnArticle(match) ? 'own' : 'other'];
}

/** Statuses that name an earlier page: a copy of it, whole or in part, or a quote of it. */
export type EarlierPageStatus = 'repost' | 'partial' | 'quote';

export function namesEarlierPage(status: PageStatus): status is EarlierPageStatus {
  return status === 'repost' || status === 'partial' || status === 'quote';
}

/** The popup's line under a match's title. */
export function matchMeta(match: MatchSummary, { t, formatDate }: Localizer): string {
  const read = isOwnArticle(match) ? (match.site ? t('yourArticleOnSite', match.site) : t('yourArticle')) : t('readOnSite', [match.site, formatDate(match.firstVisit)]);
  // Copies of the quoted article read elsewhere (background/quoted-copies.ts): one row, their sites named.
  return match.alsoReadOn?.length ? `${read} · ${t('alsoReadOn', match.alsoReadOn.join(', '))}` : read;
}

/** The whole-text line in the popup's list (short) and in the in-page notice (long). */
const SIMILARITY_LINE = { short: 'similarityShort', long: 'similarityLine' } as const satisfies Record<string, MessageKey>;

/** Verdicts about a part of a text, where the passages in common say more than the whole-text distance. */
const PART_VERDICTS: ReadonlySet<MatchVerdict> = new Set(['partial', 'quote']);

/**
 * How close a match is: the whole-text similarity and distance, or for a
 * partial copy or a quote the passages the two have in common (a part barely
 * moves the whole-text distance, so "56 % similar · distance 28" would read as
 * "not a copy" beside the verdict that says it is one).
 */
export function matchScore(match: MatchSummary, { t }: Pick<Localizer, 't'>, percent: (fraction: number) => string, form: keyof typeof SIMILARITY_LINE = 'short'): string {
  const shared = match.sharedPassages;
  if (PART_VERDICTS.has(match.verdict) && shared !== undefined && shared > 0) return shared === 1 ? t('sharedPassageOne') : t('sharedPassagesMany', String(shared));
  return t(SIMILARITY_LINE[form], [percent(match.similarity), String(match.distance)]);
}

/** The sentence describing a page's status, shared by the popup and the toolbar tooltip. */
export const STATUS_SENTENCE = {
  new: 'statusNew',
  read_before: 'statusReadBefore',
  repost: 'statusRepost',
  partial: 'statusPartial',
  quote: 'statusQuote',
  too_short: 'statusTooShort',
  excluded: 'statusExcluded',
  incognito: 'statusIncognito',
  off: 'statusOff',
  no_article: 'statusNoArticle',
  too_large: 'statusTooLarge',
  rate_limited: 'statusRateLimited',
} as const satisfies Record<PageStatus, MessageKey>;
