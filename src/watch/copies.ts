/**
 * Where copies of the user's own articles turned up: computed from the
 * history each time (nothing about matches is stored), with the checker's
 * rules — the block index finds the candidates, `judge` decides.
 */
import { countsForPartOf, distinctivePassages, isOneSite, judge, namesPage, siteOf, type MinLength } from '../core';
import { matchSummary, type MatchSummary } from '../messaging';
import { pageSignature, signatureQueries, type History, type Page } from '../store';
import { isSameSite, pagesByPublisher, publisherOf } from '../same-site';
import { signatureCache, storedComparability, storedCopies } from '../reposts/one-text';

export interface CopyOptions {
  maxDistance: number;
  minLength: MinLength;
}

/** A page of the history that copies one of the user's articles, described as the popup describes a match. */
export type CopySeen = MatchSummary;

export interface ArticleCopies {
  article: Page;
  /** Earliest seen first. */
  copies: CopySeen[];
}

/** The part of the history this needs; tests may pass the real one over fake-indexeddb. */
export type CopyLookup = Pick<History, 'ownArticles' | 'queryMany'>;

/**
 * Every page marked as the user's own (source `author`), each with the other
 * pages of the history that are whole or partial copies of it, or quote it
 * (on other sites, through a passage that is not common text: core/quote-sources.ts,
 * copies of one article counted once, decisions/0090;
 * the same passages alone may show a partial copy).
 * Other pages of the user's own are not copies; neither is a page of the
 * article's own site that declares it as canonical. Articles in order of
 * their first visit.
 */
export async function copiesOfMyArticles(history: CopyLookup, options: CopyOptions): Promise<ArticleCopies[]> {
  const articles = (await history.ownArticles()).sort((a, b) => a.firstVisit - b.firstVisit || a.id - b.id);
  const result: ArticleCopies[] = [];
  for (const article of articles) result.push({ article, copies: await copiesOf(history, article, options) });
  return result;
}

async function copiesOf(history: CopyLookup, article: Page, options: CopyOptions): Promise<CopySeen[]> {
  const signature = pageSignature(article);
  const { fingerprints, passageQueries, sketchQueries } = signatureQueries([{ ...article, measure: signature.measure }]);
  const found = await history.queryMany(fingerprints, options.maxDistance, { excludeUrl: article.url, passageQueries, sketchQueries });
  // One publisher's subdomains share its template: sites compare by their registrable domain; copies of one article count once.
  const signatureOf = signatureCache(pageSignature);
  const distinctive = distinctivePassages(pagesByPublisher(found), publisherOf(siteOf(article.url)) || undefined, storedCopies(found, signatureOf, options));
  const seen = new Set<number>();
  const copies: CopySeen[] = [];
  for (const { page } of found.flat()) {
    // An article marked before an upgrade still finds the whole copies read after it; their passages may be cut otherwise.
    const alike = storedComparability(article, page);
    if (seen.has(page.id) || page.source === 'author' || isSamePage(article, page) || alike === undefined) continue;
    seen.add(page.id);
    const oneSite = isOneSite(publisherOf(article.site), publisherOf(page.site));
    const judgement = judge(signature, signatureOf(page), { ...options, countsForPart: countsForPartOf(distinctive.get(page.id), fingerprints), oneSite, ...alike });
    const { verdict } = judgement;
    if (namesPage(verdict, page.id, distinctive)) copies.push(matchSummary(page, { ...judgement, verdict }));
  }
  return copies.sort((a, b) => a.firstVisit - b.firstVisit || a.url.localeCompare(b.url));
}

/** The article under another address of its own site (it declares one of the article's addresses as canonical, or the other way round). */
function isSamePage(article: Page, page: Page): boolean {
  if (!isSameSite(page.url, article.url)) return false;
  const own = new Set([article.url, article.canonicalUrl]);
  return own.has(page.url) || (page.canonicalUrl !== undefined && own.has(page.canonicalUrl));
}
