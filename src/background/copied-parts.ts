import { copiedSpans, FINGERPRINT_SCHEME, fingerprintFromHex, normalizeUrl, passageMeasure, passageRanges, type FeatureDeps, type FingerprintScheme, type TextSpan } from '../core';
import { MAX_COPIED_PARTS, type CopiedParts, type HighlightResult, type MatchVerdict, type PageReading, type PageReport } from '../messaging';
import type { Settings } from '../settings';
import { MAX_EXCERPT_LENGTH, truncateText, type Page } from '../store';
import type { HistoryPort } from './history-port';
import { namesEarlierPage } from '../ui/match-text';
import type { TabReports } from './tab-reports';

export interface CopiedPartsDeps {
  tabReports: Pick<TabReports, 'get'>;
  history: Pick<HistoryPort, 'getByUrl'> | PromiseLike<Pick<HistoryPort, 'getByUrl'>>;
  loadSettings: () => Promise<Pick<Settings, 'maxDistance'>>;
  /** Asks the page in a tab for its article again (the history keeps no page's text). */
  extractFromTab: (tabId: number) => Promise<PageReading>;
  /** Runs the engine with the Chinese dictionary at hand (chinese-dictionary.ts). */
  withDictionary: <T>(run: (deps: FeatureDeps) => T) => Promise<T>;
  /** Sends the parts to the tab's content script to highlight (none clears): `highlight-copied`. */
  highlight: (tabId: number, parts: string[]) => Promise<HighlightResult>;
}

/**
 * "Show copied parts": for a tab whose page was flagged as a copy (or a quote), the parts
 * of its text copied from the earlier page it leads with, highlighted on the
 * page. Only on the user's request, never on its own: a page could
 * otherwise read its highlights to learn which of its parts the user read
 * elsewhere (docs/privacy.md).
 */
export class CopiedPartsService {
  constructor(private readonly deps: CopiedPartsDeps) {}

  async show(tabId: number): Promise<CopiedParts> {
    const report = await this.deps.tabReports.get(tabId);
    const match = report && namesEarlierPage(report.status) ? report.matches[0] : undefined;
    if (!report || !match) return { kind: 'not_a_copy' };
    const [earlier, reading, settings] = await Promise.all([
      (await this.deps.history).getByUrl(match.url),
      this.deps.extractFromTab(tabId),
      this.deps.loadSettings(),
    ]);
    // The tab has moved on to another page since its report, or the earlier page left the history.
    if (!earlier || reading.kind !== 'page' || !samePage(reading.page.url, report)) return { kind: 'not_a_copy' };
    const text = reading.page.text;
    const { spans, passage } = await this.deps.withDictionary((deps) => copiedParts(text, earlier, match.verdict, settings.maxDistance, deps));
    if (spans.length === 0 || !passage) return { kind: 'not_a_copy' };
    const result = await this.deps.highlight(tabId, spans.slice(0, MAX_COPIED_PARTS).map(({ start, end }) => text.slice(start, end)));
    return {
      kind: 'shown',
      result,
      earlier: { title: earlier.title, url: earlier.url, excerpt: earlier.excerpt },
      passage: excerptOf(text, passage),
    };
  }

  async hide(tabId: number): Promise<CopiedParts> {
    await this.deps.highlight(tabId, []);
    return { kind: 'hidden' };
  }
}

/**
 * The copied spans of `text`, and the one to show beside the earlier
 * page's excerpt: the first whose passage the earlier page keeps (for a
 * duplicate too, whose spans are the whole article, its first lines maybe
 * the repost's own). The chunks are signed in the scheme the earlier page
 * was (its passages are in that scheme) and, where that finds no passage,
 * the current one, as the checker also judged against both.
 */
function copiedParts(text: string, earlier: Page, verdict: MatchVerdict, maxDistance: number, deps: FeatureDeps): { spans: TextSpan[]; passage: TextSpan | undefined } {
  const measure = passageMeasure(earlier.scheme);
  const stored = earlier.passages.map(fingerprintFromHex);
  const heads = (earlier.heads ?? []).map(fingerprintFromHex);
  // Chunks made in another measure than the earlier page's passages have none of them.
  const alike = (scheme: FingerprintScheme) => passageMeasure(scheme) === measure;
  const inScheme = (scheme: FingerprintScheme) => {
    const chunks = passageRanges(text, deps, scheme);
    const copy = (v: MatchVerdict) => ({ verdict: v, passages: alike(scheme) ? stored : [], heads: alike(scheme) ? heads : [], measure });
    return { spans: copiedSpans(chunks, copy(verdict), maxDistance, text.length), passage: copiedSpans(chunks, copy('partial'), maxDistance, text.length)[0] };
  };
  const own = inScheme(earlier.scheme);
  const found = own.passage || earlier.scheme === FINGERPRINT_SCHEME ? own : inScheme(FINGERPRINT_SCHEME);
  return { spans: found.spans, passage: found.passage ?? found.spans[0] };
}

/** The start of `span`, as long as a stored excerpt at most, an ellipsis first where it starts within a line. */
function excerptOf(text: string, { start, end }: TextSpan): string {
  const withinLine = start > 0 && text[start - 1] !== '\n';
  return (withinLine ? '…' : '') + truncateText(text.slice(start, end), MAX_EXCERPT_LENGTH);
}

function samePage(url: string, report: PageReport): boolean {
  return (normalizeUrl(url) ?? url) === report.url;
}
