/**
 * The same article in another site's template (issue 15): the practice set's
 * originals put inside the real pages of a pages set (eval/template-article.ts:
 * the page's own article paragraphs replaced in place, everything else kept),
 * then read as the extension reads a page (the CLI's documentFromBytes:
 * linkedom, extractArticle) and judged (signCheckedDocument, judge).
 *
 * Cases, for an article A and two templates T1, T2 of its language group:
 * - repost: T1∘A read, then T2∘A — must be `duplicate`;
 * - same template: T1∘A, then T1∘B (B another article) — must not be flagged;
 *   judged as the extension judges two pages of one site (no shared passage
 *   shows a copy or a part, decisions/0035 and 0036), with the verdict of two texts
 *   alone beside it;
 * - other template: T1∘A, then T2∘B — must not be flagged;
 * - partial: T2∘A, then T1∘(first PARTIAL_SHARE of A) — should be `partial`.
 * A case is held-out when its articles are held out by the eval's split
 * (halfOf) and its templates by theirs (templateHalf): articles only meet
 * templates of their own half, so every case is either fit or held-out.
 * Our own material, built here; not the practice set's edits.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { judge, signCheckedDocument, type DocumentSignature, type Verdict } from '../src/core';
import { documentFromBytes } from '../src/cli/documents';
import { pageText } from '../src/extract/page-text';
import { parseHtml } from '../src/extract/parse-html';
import { seededRandom } from '../bench/lib/seeded-random';
import { docText, langGroup, type Dataset } from './data';
import { scoreExtraction } from './extraction-score';
import { QUOTE_MAX_SHARE } from './quoted-passages';
import { halfOf, PARTIAL_TARGET, type Half } from './score';
import { articleCarriers, articleParagraphs, carrierCoverage, comparable, foreignShare, insertArticle, templateHalf } from './template-article';

/** Issue 15: a repost in another site's template is a duplicate in ≥ 95 % of held-out cases, per group. */
export const CROSS_TEMPLATE_TARGET = 0.95;

/** Template pairs each article is put in: enough cases per half and group without hours of extraction. */
const TEMPLATE_PAIRS_PER_ARTICLE = 3;

/**
 * A page is a usable template when the blocks found for its article hold at
 * least this share of its truth text: below, much of its own article would
 * stay beside the inserted one.
 */
export const MIN_TEMPLATE_COVERAGE = 0.75;

/**
 * …and when its article container holds less long text the truth lacks than
 * this share of the truth (template-article.ts foreignShare): above, the
 * truth left out part of the page's article, which would stay. Real pages
 * fall either far below (captions, credits: ≤ 0.16) or far above (≥ 0.76).
 */
export const MAX_FOREIGN_SHARE = 0.5;

/**
 * …and when its article is at least this share of the page's text outside
 * navigation: below, the page is an index of other full articles (a blog's
 * front page), whose texts would stay as a second article.
 */
export const MIN_ARTICLE_SHARE = 0.1;

/** The partial copy: this share of the article's paragraphs (by characters), from its start, as the practice set's trunc40. */
const PARTIAL_SHARE = 0.4;

export type CaseKind = 'repost' | 'same template' | 'other template' | 'partial';
export const CASE_KINDS: readonly CaseKind[] = ['repost', 'same template', 'other template', 'partial'];

export interface TemplatePage {
  template: string;
  article: string;
  text: string;
  /** Token precision and recall of the extracted text against the inserted article. */
  precision: number;
  recall: number;
  sig: DocumentSignature;
}

export interface CrossTemplateCase {
  kind: CaseKind;
  group: 'zh' | 'other';
  half: Half;
  earlier: TemplatePage;
  current: TemplatePage;
  /** As the extension judges: two pages of one template are of one site, whose shared passages show no copy or part (decisions/0035, 0036). */
  verdict: Verdict;
  /** As two texts alone are judged (the CLI), every shared passage counting. */
  sitesUnknown: Verdict;
  distance: number;
  /** A partial copy's share of its article's characters: PARTIAL_SHARE, or more where the first paragraph alone is more, less where the next would pass it. */
  partShare?: number;
}

export interface CrossTemplateRun {
  cases: CrossTemplateCase[];
  /** Templates by group, usable (coverage ≥ MIN_TEMPLATE_COVERAGE) and all. */
  templates: Record<'zh' | 'other', { usable: number; all: number }>;
}

interface Template {
  id: string;
  group: 'zh' | 'other';
  half: Half;
  html: string;
  truth: string;
}

function readTsv(path: string): Array<Record<string, string>> {
  const [head = '', ...lines] = readFileSync(path, 'utf8').split('\n').filter((l) => l.length > 0);
  const header = head.split('\t');
  return lines.map((l) => {
    const cells = l.split('\t');
    return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
  });
}

/** The first paragraphs of `paragraphs` holding `share` of its characters (at least one). */
export function leadingShare(paragraphs: readonly string[], share: number): string[] {
  const total = paragraphs.reduce((s, p) => s + p.length, 0);
  const out: string[] = [];
  let held = 0;
  for (const p of paragraphs) {
    if (out.length > 0 && held + p.length > total * share) break;
    out.push(p);
    held += p.length;
  }
  return out;
}

/** The characters of leadingShare(`share`) of the text's paragraphs, as a share of all of them. */
function shareOfArticle(text: string, share: number): number {
  const chars = (ps: readonly string[]): number => ps.reduce((s, p) => s + p.length, 0);
  const all = articleParagraphs(text);
  return chars(leadingShare(all, share)) / Math.max(1, chars(all));
}

/** The template page with `paragraphs` as its article, as HTML. */
export function pageWithArticle(html: string, truth: string, paragraphs: readonly string[]): string {
  const doc = parseHtml(html);
  insertArticle(doc, articleCarriers(doc, truth), paragraphs);
  return String(doc);
}

function loadTemplates(pagesDir: string): { usable: Template[]; counts: CrossTemplateRun['templates'] } {
  const counts = { zh: { usable: 0, all: 0 }, other: { usable: 0, all: 0 } };
  const usable: Template[] = [];
  for (const row of readTsv(join(pagesDir, 'pages.tsv'))) {
    const id = row.id as string;
    const group = langGroup(row.lang ?? '');
    const html = readFileSync(join(pagesDir, 'html', `${id}.html`), 'utf8');
    const truth = readFileSync(join(pagesDir, 'truth', `${id}.txt`), 'utf8');
    counts[group].all++;
    const doc = parseHtml(html);
    const found = articleCarriers(doc, truth);
    if (carrierCoverage(found, truth) < MIN_TEMPLATE_COVERAGE || foreignShare(found, truth) > MAX_FOREIGN_SHARE) continue;
    if (comparable(truth).length < MIN_ARTICLE_SHARE * comparable(pageText(doc)).length) continue;
    counts[group].usable++;
    usable.push({ id, group, half: templateHalf(id), html, truth });
  }
  return { usable, counts };
}

/** Distinct template pairs for one article, drawn with `next`. */
function templatePairs(pool: readonly Template[], count: number, next: () => number): Array<[Template, Template]> {
  const pairs: Array<[Template, Template]> = [];
  if (pool.length < 2) return pairs;
  const seen = new Set<string>();
  for (let tries = 0; pairs.length < count && tries < count * 20; tries++) {
    const a = pool[Math.floor(next() * pool.length)] as Template;
    const b = pool[Math.floor(next() * pool.length)] as Template;
    if (a === b || seen.has(`${a.id}\t${b.id}`)) continue;
    seen.add(`${a.id}\t${b.id}`);
    pairs.push([a, b]);
  }
  return pairs;
}

/** Builds every case from the practice originals and the pages set, and judges it. */
export function crossTemplate(ds: Dataset, pagesDir: string): CrossTemplateRun {
  const { usable, counts } = loadTemplates(pagesDir);
  const articles = ds.docs.filter((d) => d.role === 'orig');
  const pages = new Map<string, TemplatePage>();
  const page = (template: Template, articleId: string, share: number): TemplatePage => {
    const key = `${template.id}\t${articleId}\t${share}`;
    let built = pages.get(key);
    if (!built) {
      const all = articleParagraphs(docText(ds, articleId));
      const paragraphs = share < 1 ? leadingShare(all, share) : all;
      const html = pageWithArticle(template.html, template.truth, paragraphs);
      const fileUrl = pathToFileURL(`/cross-template/${template.id}/${articleId}.html`).href;
      const { text } = documentFromBytes(new TextEncoder().encode(html), true, fileUrl);
      const tokens = scoreExtraction(text, paragraphs.join('\n'), { shingleSize: 1 });
      built = { template: template.id, article: articleId, text, precision: tokens.precision, recall: tokens.recall, sig: signCheckedDocument(text) };
      pages.set(key, built);
    }
    return built;
  };

  const cases: CrossTemplateCase[] = [];
  articles.forEach((a, i) => {
    const group = langGroup(a.lang);
    const half = halfOf(a.base);
    const pool = usable.filter((t) => t.group === group && t.half === half && t.id !== a.base);
    const others = articles.filter((b) => b.base !== a.base && langGroup(b.lang) === group && halfOf(b.base) === half);
    const next = seededRandom(i + 1);
    templatePairs(pool, TEMPLATE_PAIRS_PER_ARTICLE, next).forEach(([t1, t2], j) => {
      const add = (kind: CaseKind, earlier: TemplatePage, current: TemplatePage, partShare?: number): void => {
        const { verdict: sitesUnknown, distance } = judge(earlier.sig, current.sig);
        const verdict = earlier.template === current.template ? judge(earlier.sig, current.sig, { oneSite: true }).verdict : sitesUnknown;
        cases.push({ kind, group, half, earlier, current, verdict, sitesUnknown, distance, ...(partShare === undefined ? {} : { partShare }) });
      };
      add('repost', page(t1, a.id, 1), page(t2, a.id, 1));
      add('partial', page(t2, a.id, 1), page(t1, a.id, PARTIAL_SHARE), shareOfArticle(docText(ds, a.id), PARTIAL_SHARE));
      const b = others[(i + j + 1) % Math.max(1, others.length)];
      if (!b) return;
      const inT1 = b.base !== t1.id;
      const inT2 = b.base !== t2.id;
      if (inT1) add('same template', page(t1, a.id, 1), page(t1, b.id, 1));
      if (inT2) add('other template', page(t1, a.id, 1), page(t2, b.id, 1));
    });
  });
  return { cases, templates: counts };
}

const SCOPES: ReadonlyArray<Half | 'all'> = ['held', 'fit', 'all'];
const SCOPE_NAME = { held: 'held-out', fit: 'fit', all: 'all' } as const;

const mean = (xs: readonly number[]): number => (xs.length === 0 ? NaN : xs.reduce((s, x) => s + x, 0) / xs.length);

/** Prints the cross-template table; returns the targets missed (held-out and all). */
export function crossTemplateReport({ cases, templates }: CrossTemplateRun, print: (s?: string) => void): string[] {
  const failures: string[] = [];
  print(`\n=== Same article in another site's template (our generator, eval/cross-template.ts; target ≥ ${CROSS_TEMPLATE_TARGET * 100} % duplicate, 0 flagged) ===`);
  print(`  templates: zh ${templates.zh.usable} of ${templates.zh.all}, other ${templates.other.usable} of ${templates.other.all} pages usable (article blocks found for ≥ ${MIN_TEMPLATE_COVERAGE * 100} % of the truth, none of its article left out, not an index page)`);
  print(`  ${'scope'.padEnd(9)} ${'group'.padEnd(6)} ${'repost → duplicate'.padEnd(20)} ${'same template flagged'.padEnd(22)} ${'other template flagged'.padEnd(23)} ${'partial → partial'.padEnd(26)} extracted: article share (precision) / article recall`);
  for (const scope of SCOPES) {
    for (const group of ['zh', 'other'] as const) {
      const sel = (kind: CaseKind): CrossTemplateCase[] => cases.filter((c) => c.kind === kind && c.group === group && (scope === 'all' || c.half === scope));
      const reposts = sel('repost');
      const dup = reposts.filter((c) => c.verdict === 'duplicate').length;
      const flagged = (kind: CaseKind): string => {
        const cs = sel(kind);
        const copy = (v: Verdict): boolean => v === 'duplicate' || v === 'partial';
        const n = cs.filter((c) => copy(c.verdict)).length;
        const unknown = cs.filter((c) => copy(c.sitesUnknown)).length;
        if (scope !== 'fit' && n > 0) failures.push(`cross-template ${SCOPE_NAME[scope]} ${group}: ${n} of ${cs.length} ${kind} pairs of different articles flagged (target 0)`);
        return unknown === n ? `${n}/${cs.length}` : `${n}/${cs.length} (${unknown} sites unknown)`;
      };
      const partials = sel('partial');
      const partial = partials.filter((c) => c.verdict === 'partial').length;
      // A part under a quarter of its article is a quote (QUOTE_MAX_SHARE), and the first paragraph alone can be all the
      // generator takes; a one-paragraph article's "part" is all of it, a copy. As the embedded parts, partial or a copy counts.
      const parts = partials.filter((c) => (c.partShare ?? 0) >= QUOTE_MAX_SHARE);
      const partsFound = parts.filter((c) => c.verdict === 'partial' || c.verdict === 'duplicate').length;
      if (scope !== 'fit' && partsFound < PARTIAL_TARGET * parts.length) failures.push(`cross-template ${SCOPE_NAME[scope]} ${group}: ${partsFound}/${parts.length} partial copies of a quarter of their article or more called a partial copy or a copy (target ≥ ${PARTIAL_TARGET * 100} %)`);
      const pages = reposts.flatMap((c) => [c.earlier, c.current]);
      const rate = reposts.length === 0 ? NaN : dup / reposts.length;
      if (scope !== 'fit' && rate < CROSS_TEMPLATE_TARGET) failures.push(`cross-template ${SCOPE_NAME[scope]} ${group}: ${dup}/${reposts.length} reposts called duplicates (target ≥ ${CROSS_TEMPLATE_TARGET * 100} %)`);
      print(`  ${SCOPE_NAME[scope].padEnd(9)} ${group.padEnd(6)} ${`${rate.toFixed(2)} ${dup}/${reposts.length}`.padEnd(20)} ${flagged('same template').padEnd(22)} ${flagged('other template').padEnd(23)} ${`${partial}/${partials.length} (≥ ¼: ${partsFound}/${parts.length})`.padEnd(26)} ${mean(pages.map((p) => p.precision)).toFixed(3)} / ${mean(pages.map((p) => p.recall)).toFixed(3)}`);
    }
  }
  for (const c of cases.filter((c) => c.kind === 'same template' && c.sitesUnknown !== c.verdict)) {
    print(`  same template ${c.earlier.template}: ${c.earlier.article} then ${c.current.article} ${c.sitesUnknown} with sites unknown (${c.half}, d=${c.distance})`);
  }
  const missed = cases.filter((c) => c.kind === 'repost' && c.verdict !== 'duplicate');
  const byVerdict = new Map<string, number>();
  for (const c of missed) byVerdict.set(c.verdict, (byVerdict.get(c.verdict) ?? 0) + 1);
  print(`  reposts missed, all: ${missed.length} (${[...byVerdict].map(([v, n]) => `${n} ${v}`).join(', ') || 'none'}); their pages' article share ${mean(missed.flatMap((c) => [c.earlier.precision, c.current.precision])).toFixed(3)}, recall ${mean(missed.flatMap((c) => [c.earlier.recall, c.current.recall])).toFixed(3)}`);
  return failures;
}
