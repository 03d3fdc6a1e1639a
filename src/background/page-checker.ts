import {
  fingerprintToHex,
  isLongEnough,
  FINGERPRINT_SCHEME,
  countsForPartOf,
  distinctivePassages,
  judge,
  namesPage,
  normalizeUrl,
  equivalentScheme,
  signCheckedDocument,
  siteOf,
  isOneSite,
  type DocumentSignature,
  type FingerprintScheme,
  type Judgement,
  type MinLength,
  type PartOptions,
} from '../core';
import { MAX_REPORTED_MATCHES, STATUS_OF_VERDICT, matchSummary, type ExtractedPage, type FirstPublished, type MatchSummary, type PageReport, type PageStatus } from '../messaging';
import { HistoryQuotaError, MAX_EXCERPT_LENGTH, isPlausiblePublishedTime, pageSignature, signatureQueries, signedFields, truncateText, type Page, type PageInput, type PageSource } from '../store';
import type { HistoryPort } from './history-port';
import { pagesByPublisher, publisherOf, trustedCanonical } from '../same-site';
import { quotesByArticle, type QuotedPage } from './quoted-copies';
import { signatureCache, storedCopies } from '../reposts/one-text';

/** How a text is judged against the history: the user's k and minimum length. */
export interface JudgeOptions {
  maxDistance: number;
  minLength: MinLength;
  /** Report pages that quote a passage of one read before (Settings.showQuotes). Default true. */
  quotes?: boolean;
}

export interface CheckOptions extends JudgeOptions {
  /** Add the page to the history (or update its visit) after looking it up. */
  record: boolean;
  /**
   * False for a page that was not navigated to just now (reloaded, restored,
   * or read late, after the extension started): recorded when it is new to
   * the history, but a page already there keeps its visits. Default true.
   */
  countVisit?: boolean;
  source: PageSource;
  /**
   * Told the verdict before the visit is written, so the badge need not wait
   * for the write (a million-page history rewrites a bucket per passage):
   * what the page is does not depend on it, only `recorded`, `visitCount`
   * and `storageFull` do, and the report `check` returns has them.
   */
  onVerdict?: (report: PageReport) => Promise<void> | void;
}

export interface PageCheckerDeps {
  /** The history, or the promise of it while IndexedDB opens. */
  history: HistoryPort | PromiseLike<HistoryPort>;
  now?: () => number;
  /** Signs a text in the given fingerprint scheme (the current one when not given). */
  sign?: Signer;
}

/** Signs a text in a fingerprint scheme; may wait (for the Chinese dictionary, chinese-dictionary.ts). */
export type Signer = (text: string, scheme?: FingerprintScheme) => DocumentSignature | Promise<DocumentSignature>;

/**
 * The page's signature in each scheme that matters, keyed by equivalentScheme:
 * the current one, and older ones pages in the history were signed in.
 */
interface Signatures {
  current: DocumentSignature;
  byRules: Map<FingerprintScheme, DocumentSignature>;
}

/**
 * Looks an extracted page up in the history and, when asked, records the visit.
 * The verdict for each candidate is the engine's (`judge`); this only decides
 * which candidates are the page itself and how to report the rest.
 */
export class PageChecker {
  private readonly history: HistoryPort | PromiseLike<HistoryPort>;
  private readonly now: () => number;
  private readonly sign: Signer;

  constructor({ history, now = Date.now, sign = (text, scheme) => signCheckedDocument(text, {}, scheme) }: PageCheckerDeps) {
    this.history = history;
    this.now = now;
    this.sign = sign;
  }

  async check(declared: ExtractedPage, options: CheckOptions): Promise<PageReport> {
    // A "no date" such as year 1, or a future date, would let a page claim it came first: dropped.
    const { publishedTime, ...rest } = declared;
    const page: ExtractedPage = publishedTime !== undefined && isPlausiblePublishedTime(publishedTime, new Date(this.now())) ? declared : rest;
    const url = normalizeUrl(page.url);
    if (url === undefined) throw new Error('only http(s) pages can be checked');
    // A canonical address on another site is the page's word against the text: dropped (same-site.ts).
    const canonicalUrl = trustedCanonical(url, page.canonicalUrl === undefined ? undefined : normalizeUrl(page.canonicalUrl));
    const history = await this.history;
    const signature = await this.sign(page.text);
    const longEnough = isLongEnough(signature.length, options.minLength);

    // Read before: this address, or the one the page declares as its own.
    const earlier = (await history.getByUrl(url)) ?? (canonicalUrl === undefined ? undefined : await history.getByUrl(canonicalUrl));
    const own = { urls: new Set([url, canonicalUrl].filter(isString)), site: siteOf(url) };
    // A page under the length rule is still looked up: its passages alone can show a part (judge, decisions/0085).
    const found = await findMatches(history, await this.signatures(history, page.text, signature), own, options);
    // On a revisit, copies first read after this page are not earlier copies of it.
    const all = earlier ? found.filter((match) => match.firstVisit < earlier.firstVisit) : found;
    const matches = nearestMatches(all, MAX_REPORTED_MATCHES);
    const addVisit = options.record && (earlier === undefined || options.countVisit !== false);
    // A page the user marked as their own stays theirs when they read it again.
    const source = earlier?.source === 'author' ? 'author' : options.source;
    const report = (stored: Page | undefined, recorded: boolean, storageFull: boolean): PageReport => ({
      status: statusOf(longEnough, matches, earlier !== undefined),
      url,
      title: page.title,
      site: siteOf(url),
      matches,
      matchCount: all.length,
      recorded,
      visitCount: stored?.visitCount ?? 0,
      ...(earlier ? { firstVisit: earlier.firstVisit } : {}),
      ...(page.publishedTime !== undefined ? { publishedAt: page.publishedTime } : {}),
      firstPublished: firstPublished(page.publishedTime, matches[0]?.publishedAt),
      checkedAt: this.now(),
      ...(storageFull ? { storageFull: true as const } : {}),
      ...(stored?.source === 'author' ? { own: true as const } : {}),
    });
    await options.onVerdict?.(report(earlier, false, false));
    const { stored, storageFull } = addVisit
      ? await recordOrReportFull(history, toPageInput(page, url, canonicalUrl, signature, source), earlier)
      : { stored: earlier, storageFull: false };
    return report(stored, options.record && !storageFull, storageFull);
  }

  /**
   * Marks the stored page at `url` as the user's own article (`author`), or
   * takes that back (`visit`: how it entered before is not kept); false when
   * the history has no such page.
   */
  async markOwn(url: string, mine: boolean): Promise<boolean> {
    return (await (await this.history).setSource(url, mine ? 'author' : 'visit')) !== undefined;
  }

  /**
   * A text that is no page (pasted in the popup, or selected on a page):
   * signed and judged against the history exactly as a page's text, but with
   * no address of its own, so every near copy counts, and never recorded.
   */
  async checkText(text: string, options: JudgeOptions): Promise<PageReport> {
    const history = await this.history;
    const signature = await this.sign(text);
    const longEnough = isLongEnough(signature.length, options.minLength);
    const all = await findMatches(history, await this.signatures(history, text, signature), { urls: new Set() }, options);
    const matches = nearestMatches(all, MAX_REPORTED_MATCHES);
    return {
      status: statusOf(longEnough, matches, false),
      url: '',
      title: '',
      site: '',
      matches,
      matchCount: all.length,
      recorded: false,
      visitCount: 0,
      firstPublished: 'unknown',
      checkedAt: this.now(),
    };
  }

  /**
   * `current` plus the page signed in every older scheme the history still
   * holds pages of, where that differs: pages read before an upgrade are then
   * compared like with like (docs/decisions/0002-fingerprint-schemes.md).
   */
  private async signatures(history: HistoryPort, text: string, current: DocumentSignature): Promise<Signatures> {
    const signatures = new Map([[equivalentScheme(FINGERPRINT_SCHEME, current.length), current]]);
    for (const scheme of await history.olderSchemes()) {
      const rules = equivalentScheme(scheme, current.length);
      if (signatures.has(rules)) continue;
      const older = await this.sign(text, rules);
      if (!sameFingerprints(older, current)) signatures.set(rules, older);
    }
    return { current, byRules: signatures };
  }
}

function sameFingerprints(a: DocumentSignature, b: DocumentSignature): boolean {
  const hex = (s: DocumentSignature): string => [s.fingerprint, ...s.passages].map(fingerprintToHex).join();
  return hex(a) === hex(b);
}

/**
 * Records the visit. When the browser's storage is full the write changes
 * nothing (one transaction), and the verdict, already made, still stands:
 * the report says the page was not recorded instead of failing the check.
 */
async function recordOrReportFull(
  history: HistoryPort,
  input: PageInput,
  earlier: Page | undefined,
): Promise<{ stored: Page | undefined; storageFull: boolean }> {
  try {
    return { stored: await history.recordVisit(input), storageFull: false };
  } catch (error) {
    if (error instanceof HistoryQuotaError) return { stored: earlier, storageFull: true };
    throw error;
  }
}

/** The page being checked: its addresses, and its site when it has one. */
interface OwnPage {
  urls: Set<string>;
  site?: string;
}

async function findMatches(history: HistoryPort, signatures: Signatures, own: OwnPage, options: JudgeOptions): Promise<MatchSummary[]> {
  const { urls: ownUrls } = own;
  const [url] = ownUrls;
  const { fingerprints, passageQueries, sketchQueries } = signatureQueries(signatures.byRules.values());
  const perFingerprint = await history.queryMany(fingerprints, options.maxDistance, { excludeUrl: url, passageQueries, sketchQueries });
  // What the page shares with its own site, or with many stored pages, shows neither a quote nor a part.
  // One publisher's subdomains share its template: sites compare by their registrable domain.
  const ownPublisher = own.site === undefined ? undefined : publisherOf(own.site);
  const signatureOf = signatureCache(pageSignature);
  // An article read as the original and as reposts holds a passage in each: its pages count as one article.
  const distinctive = distinctivePassages(pagesByPublisher(perFingerprint), ownPublisher, storedCopies(perFingerprint, signatureOf, options));
  const quotable = options.quotes === false ? new Set<number>() : distinctive;
  const seen = new Set<number>();
  const matches: QuotedPage[] = [];
  for (const { page } of perFingerprint.flat()) {
    if (seen.has(page.id)) continue;
    seen.add(page.id);
    // A page is never a repost of itself, whichever of its addresses either copy declares
    // on its own site; records kept from before that rule, or imported, are held to it here.
    const declared = trustedCanonical(page.url, page.canonicalUrl);
    if (ownUrls.has(page.url) || (declared !== undefined && ownUrls.has(normalizeUrl(declared) ?? ''))) continue;
    const countsForPart = countsForPartOf(distinctive.get(page.id), fingerprints);
    const oneSite = isOneSite(ownPublisher, publisherOf(page.site));
    const signature = signatureOf(page);
    const judgement = bestJudgement(signature, signaturesFor(page, signatures), { ...options, countsForPart, oneSite });
    const { verdict } = judgement;
    if (namesPage(verdict, page.id, quotable)) matches.push({ match: matchSummary(page, { ...judgement, verdict }), page, signature });
  }
  // A copy says more than any quote: a report names either copies or, without any, quotes, each article once.
  const copies = matches.filter(({ match }) => match.verdict !== 'quote').map(({ match }) => match);
  // The copy read first is the one the user knows as "the earlier article"; closeness breaks ties.
  return (copies.length > 0 ? copies : quotesByArticle(matches, options)).sort((a, b) => rank(a) - rank(b) || a.firstVisit - b.firstVisit || a.distance - b.distance);
}

/**
 * What to judge a stored page against: this page signed the way the stored
 * one was, and, for a page signed in an older scheme, the current signature
 * too. Folding changes little of Simplified text, so a Simplified page read
 * before the upgrade still matches a Traditional repost read after it.
 */
function signaturesFor(page: Page, signatures: Signatures): DocumentSignature[] {
  const { current } = signatures;
  const own = signatures.byRules.get(equivalentScheme(page.scheme, current.length));
  return own === undefined || own === current ? [current] : [own, current];
}

/** The strongest verdict over the candidate signatures: a duplicate before a partial copy, then the closest. */
function bestJudgement(earlier: DocumentSignature, candidates: DocumentSignature[], options: JudgeOptions & PartOptions): Judgement {
  const strength = (j: Judgement): number => (j.verdict === 'duplicate' ? 3 : j.verdict === 'partial' ? 2 : j.verdict === 'quote' ? 1 : 0);
  return candidates
    .map((signature) => judge(earlier, signature, options))
    .reduce((best, next) => (strength(next) > strength(best) || (strength(next) === strength(best) && next.distance < best.distance) ? next : best));
}

/**
 * At most `max` of the matches, in their order: the one the report leads
 * with (it sets the status and the notice), then the nearest of the others.
 * A page copied thousands of times must not make a report, a tab's stored
 * state or a message to the page grow with the history.
 */
export function nearestMatches(matches: MatchSummary[], max: number): MatchSummary[] {
  if (matches.length <= max) return matches;
  if (max <= 0) return [];
  const [lead, ...rest] = matches;
  const order = new Map(matches.map((match, index) => [match, index]));
  const nearest = rest.sort((a, b) => a.distance - b.distance || order.get(a)! - order.get(b)!).slice(0, max - 1);
  return [lead!, ...nearest.sort((a, b) => order.get(a)! - order.get(b)!)];
}

/**
 * A revisit is never flagged: the user has seen this very page, and was told on the first visit.
 * A short page is too short to judge unless its passages showed where its text comes from.
 */
function statusOf(longEnough: boolean, matches: MatchSummary[], visitedBefore: boolean): PageStatus {
  if (!longEnough && matches.length === 0) return 'too_short';
  if (visitedBefore) return 'read_before';
  if (matches[0]) return STATUS_OF_VERDICT[matches[0].verdict];
  return 'new';
}

/** Whole copies before partial ones. */
function rank(match: MatchSummary): number {
  return match.verdict === 'duplicate' ? 0 : 1;
}

function firstPublished(current: number | undefined, earlier: number | undefined): FirstPublished {
  if (current === undefined || earlier === undefined || current === earlier) return 'unknown';
  return earlier < current ? 'earlier_page' : 'this_page';
}

function toPageInput(page: ExtractedPage, url: string, canonicalUrl: string | undefined, signature: DocumentSignature, source: PageSource): PageInput {
  return {
    url,
    ...(canonicalUrl !== undefined ? { canonicalUrl } : {}),
    title: page.title,
    site: siteOf(url),
    ...(page.language !== undefined ? { language: page.language } : {}),
    excerpt: truncateText(page.excerpt ?? page.text, MAX_EXCERPT_LENGTH),
    textLength: page.text.length,
    ...signedFields(signature),
    ...(page.publishedTime !== undefined ? { publishedAt: page.publishedTime } : {}),
    source,
  };
}

function isString(value: string | undefined): value is string {
  return value !== undefined;
}
