/**
 * Reposts converted between Simplified and Traditional Chinese: material
 * made here from the practice set's Chinese pairs and the real Chinese pages,
 * with two converters: OpenCC (opencc-js; the fold's tables come from its
 * dictionaries) and chinese-conv (tables of its own, which the fold was not
 * built from). Each pair keeps its label: a converted repost must still be a
 * duplicate, a converted partial copy partial, a converted different article
 * unflagged. Node-only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as OpenCC from 'opencc-js';
import { sify, tify } from 'chinese-conv';
import { judge, signCheckedDocument, type DocumentSignature, type Verdict } from '../src/core';
import { extractArticle } from '../src/extract';
import { parseHtml } from '../src/extract/parse-html';
import { docHtmlPath, docText, type Dataset } from './data';
import { fmtRate, pairHalf, type Count, type Half } from './score';

type Convert = (text: string) => string;
const same: Convert = (text) => text;
const s2t = OpenCC.Converter({ from: 'cn', to: 't' });
const s2tw = OpenCC.Converter({ from: 'cn', to: 'tw' });
const s2twp = OpenCC.Converter({ from: 'cn', to: 'twp' });
const s2hk = OpenCC.Converter({ from: 'cn', to: 'hk' });
const tw2sp = OpenCC.Converter({ from: 'twp', to: 'cn' });

/** How the earlier page and the repost are made from a pair's two texts. */
export interface Conversion {
  name: string;
  earlier: Convert;
  repost: Convert;
}

/**
 * Simplified read first, the repost converted to Traditional; and the other
 * way: a Traditional article (converted from the original) read first, the
 * repost converted back to Simplified.
 */
export const CONVERSIONS: readonly Conversion[] = [
  { name: 's2t OpenCC', earlier: same, repost: s2t },
  { name: 's2tw OpenCC', earlier: same, repost: s2tw },
  { name: 's2twp OpenCC+phrases', earlier: same, repost: s2twp },
  { name: 's2hk OpenCC', earlier: same, repost: s2hk },
  { name: 's2t chinese-conv', earlier: same, repost: tify },
  { name: 't2s OpenCC tw→cn', earlier: s2twp, repost: (t) => tw2sp(s2twp(t)) },
  { name: 't2s chinese-conv', earlier: tify, repost: (t) => sify(tify(t)) },
];

const isChinese = (lang: string): boolean => lang.startsWith('zh');
const flagged = (v: Verdict): boolean => v === 'duplicate' || v === 'partial';

interface Outcome {
  label: string;
  kind: string;
  half: Half;
  verdict: Verdict;
}

type Reader = (id: string, convert: Convert) => string;

/** The text of a practice document, as plain text or through extraction of its (converted) HTML page. */
function reader(ds: Dataset, html: boolean): Reader {
  return (id, convert) => {
    if (!html) return convert(docText(ds, id));
    const path = docHtmlPath(ds, id);
    const article = extractArticle(parseHtml(convert(readFileSync(path, 'utf8')), `file://${path}`), { url: `file://${path}` });
    return article?.text ?? '';
  };
}

function cached(read: Reader): (id: string, conversion: Conversion, side: 'earlier' | 'repost') => DocumentSignature {
  const sigs = new Map<string, DocumentSignature>();
  return (id, conversion, side) => {
    const convert = conversion[side];
    const key = `${id}\t${conversion.name}\t${side}`;
    let sig = sigs.get(key);
    if (sig === undefined) {
      sig = signCheckedDocument(read(id, convert));
      sigs.set(key, sig);
    }
    return sig;
  };
}

const within = (os: Outcome[], scope: Half | 'all', sel: (o: Outcome) => boolean, hit: (o: Outcome) => boolean): Count => {
  const chosen = os.filter((o) => (scope === 'all' || o.half === scope) && sel(o));
  return { hit: chosen.filter(hit).length, n: chosen.length };
};

const EDIT_KINDS = new Set(['wrap', 'typo', 'reorder', 'drop', 'combo', 'cross_variant']);
/** Targets of the detection issue for converted material: reposts and edited reposts ≥ 95%, partial copies ≥ 90%, nothing else flagged. */
const MIN_REPOST_RECALL = 0.95;
const MIN_PARTIAL_RECALL = 0.9;

/** Prints the report for the practice set's Chinese pairs; returns the targets missed (held-out and all). */
export function scriptConversionReport(ds: Dataset, html: boolean, print: (s?: string) => void): string[] {
  const failures: string[] = [];
  const sign = cached(reader(ds, html));
  const pairs = ds.pairs.filter((p) => isChinese(p.lang));
  const path = html ? 'HTML through extraction' : 'plain text';
  print(`\n=== Script conversion (${path}): the practice set's ${pairs.length} Chinese pairs, the second text converted ===`);
  print(`${'conversion'.padEnd(22)}${['held-out', 'all'].map((s) => `${s}: repost | edited | partial | nondup flagged`.padEnd(58)).join('')}`);
  for (const conversion of CONVERSIONS) {
    const os: Outcome[] = pairs.map((p) => ({
      label: p.label,
      kind: p.kind,
      half: pairHalf(ds, p.a, p.b),
      verdict: judge(sign(p.a, conversion, 'earlier'), sign(p.b, conversion, 'repost')).verdict,
    }));
    const cells = (['held', 'all'] as const).map((scope) => {
      const repost = within(os, scope, (o) => o.label === 'dup', (o) => o.verdict === 'duplicate');
      const edited = within(os, scope, (o) => o.label === 'dup' && EDIT_KINDS.has(o.kind), (o) => o.verdict === 'duplicate');
      const partial = within(os, scope, (o) => o.label === 'partial', (o) => o.verdict === 'partial');
      const nondup = within(os, scope, (o) => o.label === 'nondup', (o) => flagged(o.verdict));
      const name = `${path} ${conversion.name} ${scope === 'held' ? 'held-out' : 'all'}`;
      if (repost.hit < MIN_REPOST_RECALL * repost.n) failures.push(`${name}: repost recall ${fmtRate(repost).trim()} < ${MIN_REPOST_RECALL}`);
      if (edited.hit < MIN_REPOST_RECALL * edited.n) failures.push(`${name}: edited repost recall ${fmtRate(edited).trim()} < ${MIN_REPOST_RECALL}`);
      if (partial.hit < MIN_PARTIAL_RECALL * partial.n) failures.push(`${name}: partial recall ${fmtRate(partial).trim()} < ${MIN_PARTIAL_RECALL}`);
      if (nondup.hit > 0) failures.push(`${name}: ${nondup.hit} nondup pair(s) flagged`);
      return [repost, edited, partial].map((c) => fmtRate(c).trim()).concat(`${nondup.hit}/${nondup.n}`).join(' | ').padEnd(58);
    });
    print(`${conversion.name.padEnd(22)}${cells.join('')}`);
  }

  // Different articles across scripts: every Chinese document against every other article's documents, converted.
  const docs = ds.docs.filter((d) => isChinese(d.lang));
  for (const conversion of [CONVERSIONS[2], CONVERSIONS[4]] as Conversion[]) {
    let n = 0;
    let wrong = 0;
    for (const a of docs) {
      for (const b of docs) {
        if (a.cluster === b.cluster || a.base === b.base) continue;
        n++;
        if (flagged(judge(sign(a.id, conversion, 'earlier'), sign(b.id, conversion, 'repost')).verdict)) wrong++;
      }
    }
    print(`Different articles, ${conversion.name}: ${n} pairs, ${wrong} flagged`);
    if (wrong > 0) failures.push(`${path} ${conversion.name}: ${wrong} of ${n} pairs of different articles flagged`);
  }
  return failures;
}

/**
 * The real Chinese pages of ../shared/data/pages (never used to fit
 * anything): each page against itself converted, through extraction, and
 * every two different pages across scripts.
 */
export function realPageConversionReport(pagesDir: string, print: (s?: string) => void): string[] {
  const failures: string[] = [];
  const ids = readFileSync(join(pagesDir, 'pages.tsv'), 'utf8').split('\n').slice(1)
    .map((line) => line.split('\t'))
    .filter((cells) => isChinese(cells[2] ?? '') && cells[0])
    .map((cells) => cells[0] as string);
  const signPage = (id: string, convert: Convert): DocumentSignature | undefined => {
    const path = join(pagesDir, 'html', `${id}.html`);
    const article = extractArticle(parseHtml(convert(readFileSync(path, 'utf8')), `file://${path}`), { url: `file://${path}` });
    return article ? signCheckedDocument(article.text) : undefined;
  };
  print(`\n=== Script conversion, real pages (${ids.length} Chinese pages of ${pagesDir}, through extraction) ===`);
  for (const conversion of CONVERSIONS) {
    const earlier = new Map(ids.map((id) => [id, signPage(id, conversion.earlier)]));
    const reposts = new Map(ids.map((id) => [id, signPage(id, conversion.repost)]));
    const verdicts = ids.flatMap((id) => {
      const a = earlier.get(id);
      const b = reposts.get(id);
      return a && b ? [judge(a, b).verdict] : [];
    });
    const judgeable = verdicts.filter((v) => v !== 'too_short');
    const found = judgeable.filter((v) => v === 'duplicate').length;
    let wrong = 0;
    for (const a of ids) for (const b of ids) {
      const x = earlier.get(a);
      const y = reposts.get(b);
      if (a !== b && x && y && flagged(judge(x, y).verdict)) wrong++;
    }
    print(`${conversion.name.padEnd(22)} duplicate ${found}/${judgeable.length} (${verdicts.length - judgeable.length} too short), different pages flagged ${wrong}/${ids.length * (ids.length - 1)}`);
    if (found < MIN_REPOST_RECALL * judgeable.length) failures.push(`real pages ${conversion.name}: ${found}/${judgeable.length} converted pages found`);
    if (wrong > 0) failures.push(`real pages ${conversion.name}: ${wrong} pairs of different pages flagged`);
  }
  return failures;
}
