import { Corpus, forEachCandidatePair, judge, type VerdictOptions } from '../core';
import { comparisonScheme, pageSignature, wholeComparisonScheme, type Page } from '../store/page';
import { partOptions } from './part-options';

/** Pages come from the history, not from an input file: their entry numbers are all the corpus needs. */
const FROM_HISTORY = { source: 0, line: 0 };

export type CopyKind = 'duplicate' | 'partial';

/** Two pages of the history that the checker would flag, the one read first as `earlier`, by page id. */
export interface CopyPair {
  earlier: number;
  later: number;
  kind: CopyKind;
  distance: number;
}

/**
 * The history's pages, column-wise (core/corpus.ts), with what pairing needs
 * besides fingerprints: page ids, first visits and comparison schemes, one
 * entry per page, about 130 bytes each with six passages.
 */
export class CopyFinder {
  private readonly corpus = new Corpus();
  private readonly ids: number[] = [];
  private readonly firstVisits: number[] = [];
  private readonly schemes: number[] = [];
  private readonly wholeSchemes: number[] = [];
  private readonly sites: Array<Pick<Page, 'site'>> = [];

  get count(): number {
    return this.corpus.count;
  }

  add(page: Page): void {
    this.corpus.add(pageSignature(page), FROM_HISTORY);
    this.ids.push(page.id);
    this.firstVisits.push(page.firstVisit);
    this.schemes.push(comparisonScheme(page));
    this.wholeSchemes.push(wholeComparisonScheme(page));
    this.sites.push({ site: page.site });
  }

  /**
   * Every pair the checker would flag had the later page been read now: the
   * block index's candidates (within the user's k) whose whole fingerprints
   * compare (their passages too when signed alike: comparisonScheme),
   * judged by `judge` with the user's k and minimum length, the page read
   * first as the earlier one.
   */
  pairs(options: Required<VerdictOptions>): CopyPair[] {
    const found: CopyPair[] = [];
    forEachCandidatePair(this.corpus, options.maxDistance, (i, j) => {
      if (this.wholeSchemes[i] !== this.wholeSchemes[j]) return;
      const [a, b] = this.readFirst(i, j) ? [i, j] : [j, i];
      const passagesComparable = this.schemes[a] === this.schemes[b];
      const { verdict, distance } = judge(this.corpus.signature(a)!, this.corpus.signature(b)!, { ...options, ...partOptions(this.sites[a]!, this.sites[b]!), passagesComparable });
      if (verdict === 'duplicate' || verdict === 'partial') found.push({ earlier: this.ids[a]!, later: this.ids[b]!, kind: verdict, distance });
    });
    return found;
  }

  /** Entry i was read before entry j (ties: the lower page id). */
  private readFirst(i: number, j: number): boolean {
    const a = this.firstVisits[i]!;
    const b = this.firstVisits[j]!;
    return a < b || (a === b && this.ids[i]! < this.ids[j]!);
  }
}
