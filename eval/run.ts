/**
 * `npm run eval [-- DIR] [--no-html] [--no-cli] [--no-pages] [--pages DIR] [--strict]`
 *
 * Scores Déjà Lu's detection on a labelled near-duplicate set (default
 * ../shared/data/neardup-practice beside the repository):
 * - from plain text (docs/*.txt, signCheckedDocument + judge in-process);
 * - from HTML (html/*.html): the pair verdicts come from the real CLI,
 *   `node bin/deja-lu.mjs compare --html --pairs LIST` (extraction, then the
 *   same engine, as the extension); all-pairs false positives from the same
 *   extraction in-process (loadDocument, the CLI's own reader);
 * each for the fit half, the held-out half (split by base article) and all;
 * false positives among short windows of different articles (short-windows.ts);
 * reposts converted between Simplified and Traditional Chinese (script-conversion.ts);
 * reposts with typos, site wrappers and combined edits of our own generator (own-edits.ts);
 * the same article inside other real pages' templates (cross-template.ts);
 * and article extraction F1 on ../shared/data/pages against plain Readability.
 * Targets missed are listed at the end; with --strict they make the exit code 1.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signCheckedDocument, judge, type DocumentSignature, type Verdict } from '../src/core';
import { DEFAULT_MAX_DISTANCE } from '../src/core/verdict';
import { useDictionaryFile } from '../src/cli/dictionary-file';
import { loadDataset, docText, docHtmlPath, type Dataset } from './data';
import {
  allPairs, count, fmtRate, halfOf, histogram, outcomes, DUP_KINDS, HALVES, HIST_BUCKETS, NONDUP_KINDS, PARTIAL_TARGET,
  type Half, type PairOutcome,
} from './score';
import { crossTemplate, crossTemplateReport } from './cross-template';
import { extractionReport } from './extraction';
import { narrowTopic } from './narrow-topic';
import { embeddedParts } from './embedded-parts';
import { independentVersions } from './independent-versions';
import { QUOTE_MAX_SHARE, quotedPassages } from './quoted-passages';
import { ownEdits } from './own-edits';
import { regionalEditions } from './regional-editions';
import { shortAnswers } from './short-answers';
import { shortParts } from './short-parts';
import { shortWindows } from './short-windows';
import { realPageConversionReport, scriptConversionReport } from './script-conversion';

/** Issue 15: regional editions of one English article are reposts in ≥ 98 % of cases. */
const REGIONAL_TARGET = 0.98;

/** Issue 15: short answers cut and pasted from a source are caught in ≥ 90 % of cases where half the text or more is copied (both kinds built here). */
const SHORT_ANSWER_TARGET = 0.9;

/** Recall of all reposts together, and of each kind of edit, held-out (the repost table's rows; reposts read in the other order too). */
const REPOST_TARGET = 0.95;
const REPOST_KIND_TARGET = 0.9;


/** Issue 15: a quoted passage is labelled as one in at least 70 % of held-out cases. */
const QUOTE_TARGET = 0.7;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

interface Args {
  dir: string;
  pages: string;
  html: boolean;
  cli: boolean;
  extraction: boolean;
  strict: boolean;
}

function parseArgs(argv: string[]): Args {
  let dir: string | undefined;
  let pages: string | undefined;
  let html = true;
  let cli = true;
  let extraction = true;
  let strict = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--no-html') html = false;
    else if (a === '--no-cli') cli = false;
    else if (a === '--no-pages') extraction = false;
    else if (a === '--strict') strict = true;
    else if (a === '--pages') pages = argv[++i];
    else if (a.startsWith('-')) throw new Error(`unknown option ${a}`);
    else dir = a;
  }
  const d = resolve(dir ?? join(repoRoot, '../shared/data/neardup-practice'));
  return { dir: d, pages: resolve(pages ?? join(d, '../pages')), html, cli, extraction, strict };
}

const print = (s = ''): void => void process.stdout.write(`${s}\n`);
const ms = (t0: number): string => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

type Sel = (o: PairOutcome) => boolean;
const inHalf = (h: Half | 'all'): Sel => (o) => h === 'all' || o.half === h;
const SCOPES: ReadonlyArray<Half | 'all'> = ['held', 'fit', 'all'];
const SCOPE_NAME = { held: 'held-out', fit: 'fit', all: 'all' } as const;

interface PathResult {
  name: string;
  os: PairOutcome[];
  sigs: Map<string, DocumentSignature>;
}

/** The report of one path (text or HTML); returns target failures (held-out and all). */
function report(ds: Dataset, { name, os, sigs }: PathResult): string[] {
  const failures: string[] = [];
  print(`\n=== ${name} ===`);
  const dupHit: Sel = (o) => o.verdict === 'duplicate';
  const flagged: Sel = (o) => o.verdict === 'duplicate' || o.verdict === 'partial';

  print('\nRepost recall (verdict "duplicate" on dup pairs), by kind and language group:');
  print(`${'kind'.padEnd(14)}${SCOPES.map((s) => ['zh', 'other', 'both'].map((g) => `${SCOPE_NAME[s]}:${g}`.padEnd(13)).join('')).join(' | ')}`);
  const rows: Array<[string, Sel]> = [...DUP_KINDS.map((k) => [k, (o: PairOutcome) => o.pair.kind === k] as [string, Sel]), ['ALL', () => true]];
  for (const [kind, sel] of rows) {
    const cells = SCOPES.map((s) => (['zh', 'other', 'both'] as const).map((g) => {
      const c = count(os, (o) => o.pair.label === 'dup' && sel(o) && inHalf(s)(o) && (g === 'both' || o.group === g), dupHit);
      if (s !== 'fit' && c.n > 0) {
        const min = kind === 'ALL' ? REPOST_TARGET : REPOST_KIND_TARGET;
        if (c.hit / c.n < min) failures.push(`${name}: ${SCOPE_NAME[s]} ${g} ${kind} recall ${(c.hit / c.n).toFixed(3)} < ${min}`);
      }
      return fmtRate(c).padEnd(13);
    }).join(''));
    print(`${kind.padEnd(14)}${cells.join(' | ')}`);
  }

  const judgeable = (sel: Sel): string => {
    const c = count(os, (o) => sel(o) && o.verdict !== 'too_short', dupHit);
    const short = count(os, sel, (o) => o.verdict === 'too_short').hit;
    return `${fmtRate(c).trim()} (${short} too_short)`;
  };
  print('Among judgeable pairs (neither text below the too-short rule): ' + SCOPES.map((s) => `${SCOPE_NAME[s]} ` +
    (['zh', 'other'] as const).map((g) => `${g} ${judgeable((o) => o.pair.label === 'dup' && inHalf(s)(o) && o.group === g)}`).join(', ')).join('; '));
  // A user meets a repost and its original in either order: the second one read is the page checked.
  const reversed = outcomes(ds, (p) => judgeFrom(sigs)({ a: p.b, b: p.a }));
  print('Reposts read in the other order (the copy first, the original checked after it): ' + SCOPES.map((s) => `${SCOPE_NAME[s]} ` +
    (['zh', 'other'] as const).map((g) => `${g} ${fmtRate(count(reversed, (o) => o.pair.label === 'dup' && inHalf(s)(o) && o.group === g, dupHit)).trim()}`).join(', ')).join('; '));
  for (const s of SCOPES.filter((scope) => scope !== 'fit')) {
    const c = count(reversed, (o) => o.pair.label === 'dup' && inHalf(s)(o), dupHit);
    if (c.n > 0 && c.hit / c.n < REPOST_TARGET) failures.push(`${name}: ${SCOPE_NAME[s]} reposts read in the other order, recall ${(c.hit / c.n).toFixed(3)} < ${REPOST_TARGET}`);
  }

  print('\nPair-list precision (dup vs nondup pairs; flagged = "duplicate"):');
  for (const s of SCOPES) {
    const parts = (['zh', 'other', 'both'] as const).map((g) => {
      const inG: Sel = (o) => inHalf(s)(o) && (g === 'both' || o.group === g);
      const tp = count(os, (o) => inG(o) && o.pair.label === 'dup', dupHit).hit;
      const fp = count(os, (o) => inG(o) && o.pair.label === 'nondup', dupHit).hit;
      return `${g} ${(tp + fp ? tp / (tp + fp) : NaN).toFixed(3)} (${fp} FP)`;
    });
    print(`  ${SCOPE_NAME[s].padEnd(9)} ${parts.join('   ')}`);
  }
  print('Nondup pairs flagged (duplicate or partial), by kind:');
  for (const s of SCOPES) {
    const parts = NONDUP_KINDS.map((k) => `${k} ${fmtRate(count(os, (o) => o.pair.kind === k && inHalf(s)(o), flagged)).trim()}`);
    print(`  ${SCOPE_NAME[s].padEnd(9)} ${parts.join('   ')}`);
    const c = count(os, (o) => o.pair.label === 'nondup' && inHalf(s)(o), flagged);
    if (s !== 'fit' && c.hit > 0) failures.push(`${name}: ${SCOPE_NAME[s]} ${c.hit} nondup pair(s) flagged`);
  }

  print('\nPartial copies (trunc40): verdicts, by language group:');
  for (const s of SCOPES) {
    const parts = (['zh', 'other', 'both'] as const).map((g) => {
      const sel: Sel = (o) => o.pair.label === 'partial' && inHalf(s)(o) && (g === 'both' || o.group === g);
      const c = count(os, sel, (o) => o.verdict === 'partial');
      const dup = count(os, sel, dupHit).hit;
      const short = count(os, sel, (o) => o.verdict === 'too_short').hit;
      if (s !== 'fit' && c.n > 0 && c.hit / c.n < 0.9) failures.push(`${name}: ${SCOPE_NAME[s]} ${g} partial recall ${(c.hit / c.n).toFixed(3)} < 0.9`);
      return `${g} partial ${fmtRate(c).trim()} dup ${dup} too_short ${short}`;
    });
    print(`  ${SCOPE_NAME[s].padEnd(9)} ${parts.join('   ')}`);
  }

  print(`\nWhole-document distance histogram (k = ${DEFAULT_MAX_DISTANCE}):`);
  print(`${'label'.padEnd(16)}${HIST_BUCKETS.map(([lo, hi]) => (lo === hi ? `${lo}` : `${lo}-${hi}`).padStart(7)).join('')}`);
  for (const label of ['dup', 'partial', 'nondup'] as const) {
    const h = histogram(os.filter((o) => o.pair.label === label).map((o) => o.distance));
    print(`${label.padEnd(16)}${h.map((x) => String(x).padStart(7)).join('')}`);
  }

  print('\nAll pairs of documents from different articles (judge on signatures, each read first in turn; the stronger verdict counts):');
  for (const s of SCOPES) {
    const t0 = performance.now();
    const r = allPairs(ds, sigs, s === 'all' ? undefined : s);
    const fpRate = r.duplicate / r.pairs;
    print(`  ${SCOPE_NAME[s].padEnd(9)} ${r.pairs} pairs: duplicate ${r.duplicate} (rate ${fpRate.toExponential(2)}), partial ${r.partial}, quote ${r.quote} (${r.quoteOriginals} between two originals) (${ms(t0)})`);
    for (const e of r.examples) print(`      ${e}`);
    if (s !== 'fit' && fpRate >= 1e-5) failures.push(`${name}: ${SCOPE_NAME[s]} all-pairs FP rate ${fpRate.toExponential(2)} ≥ 1e-5`);
    if (s !== 'fit' && r.partial > 0) failures.push(`${name}: ${SCOPE_NAME[s]} ${r.partial} pair(s) of different articles called a partial copy (target 0)`);
  }
  return failures;
}

function signText(ds: Dataset): Map<string, DocumentSignature> {
  const sigs = new Map<string, DocumentSignature>();
  for (const d of ds.docs) sigs.set(d.id, signCheckedDocument(docText(ds, d.id)));
  return sigs;
}

const judgeFrom = (sigs: ReadonlyMap<string, DocumentSignature>) => (p: { a: string; b: string }) => {
  const a = sigs.get(p.a);
  const b = sigs.get(p.b);
  return a && b ? judge(a, b) : undefined;
};

/** Runs `deja-lu compare --html --pairs` as a child process; resolves to verdicts by "a\tb". */
function runCli(ds: Dataset, workDir: string): Promise<Map<string, { verdict: Verdict; distance: number }>> {
  const list = join(workDir, 'pairs.tsv');
  writeFileSync(list, ds.pairs.map((p) => `${docHtmlPath(ds, p.a)}\t${docHtmlPath(ds, p.b)}`).join('\n') + '\n');
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, [join(repoRoot, 'bin/deja-lu.mjs'), 'compare', '--html', '--pairs', list], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
    child.on('error', rej);
    child.on('close', (code) => {
      const byPair = new Map<string, { verdict: Verdict; distance: number }>();
      for (const line of out.split('\n')) {
        if (!line.trim()) continue;
        const r = JSON.parse(line) as { a: string; b: string; verdict?: Verdict; distance?: number; error?: string };
        if (r.verdict !== undefined && r.distance !== undefined) byPair.set(`${r.a}\t${r.b}`, { verdict: r.verdict, distance: r.distance });
      }
      if (byPair.size === 0) rej(new Error(`CLI exited ${code} with no verdicts: ${err.slice(0, 500)}`));
      else res(byPair);
    });
  });
}

async function signHtml(ds: Dataset): Promise<{ sigs: Map<string, DocumentSignature>; failed: string[] }> {
  const { loadDocument } = (await import('../src/cli/load-document')) as typeof import('../src/cli/load-document');
  const io = { readFile: async (p: string) => new Uint8Array(readFileSync(p)) } as unknown as Parameters<typeof loadDocument>[0];
  const sigs = new Map<string, DocumentSignature>();
  const failed: string[] = [];
  for (const d of ds.docs) {
    try {
      const { text } = await loadDocument(io, docHtmlPath(ds, d.id), true);
      sigs.set(d.id, signCheckedDocument(text));
    } catch {
      failed.push(d.id);
    }
    // Let the CLI child's output drain while this loop runs.
    await new Promise((r) => setImmediate(r));
  }
  return { sigs, failed };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const t0 = performance.now();
  const ds = loadDataset(args.dir);
  const bases = new Map(ds.docs.map((d) => [d.base, halfOf(d.base)]));
  print(`Déjà Lu detection eval: ${args.dir}`);
  print(`${ds.docs.length} documents, ${ds.pairs.length} pairs, ${bases.size} base articles: ` +
    HALVES.map((h) => `${h === 'fit' ? 'fit' : 'held-out'} ${[...bases.values()].filter((x) => x === h).length}`).join(', ') +
    ' (split by a hash of the base article id; a pair is fit only when both its articles are; thresholds were chosen on the fit half)');

  const failures: string[] = [];
  let t = performance.now();
  const textSigs = signText(ds);
  print(`\nSigned ${textSigs.size} texts in ${ms(t)}.`);
  failures.push(...report(ds, { name: 'Plain text (docs/*.txt)', os: outcomes(ds, judgeFrom(textSigs)), sigs: textSigs }));

  t = performance.now();
  print('\n=== Short texts: windows of different articles just above the minimum length (text) ===');
  for (const r of shortWindows(ds)) {
    const flagged = r.duplicate + r.partial;
    print(`  ${r.group.padEnd(6)} ${r.windows} windows of ${r.size}, ${r.pairs} pairs: within distance 3 ${r.within3}, duplicate ${r.duplicate}, partial ${r.partial} (rate ${(flagged / Math.max(r.pairs, 1)).toExponential(2)})`);
    if (flagged / Math.max(r.pairs, 1) >= 1e-5) failures.push(`short windows ${r.group}: false-positive rate ${(flagged / r.pairs).toExponential(2)} ≥ 1e-5`);
  }
  print(`  (${ms(t)})`);

  t = performance.now();
  print('\n=== Parts under the length rule: a third or a half of a short article (text; our generator, eval/short-parts.ts, decisions/0085) ===');
  const short = shortParts(ds);
  for (const r of short.parts) {
    const line = (v: Partial<Record<Verdict, number>>) => Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k} ${n}`).join(', ') || 'none';
    const found = (v: Partial<Record<Verdict, number>>) => (v.partial ?? 0) + (v.duplicate ?? 0);
    print(`  ${r.group.padEnd(6)} ${Math.round(r.share * 100)} % of the article, ${r.layout}, under the rule: held-out ${found(r.verdicts.held)}/${r.parts.held} a partial copy or a copy (${line(r.verdicts.held)}; article checked after the part: ${found(r.reversed.held)}), fit ${found(r.verdicts.fit)}/${r.parts.fit} (${line(r.verdicts.fit)}) (our harder material: no target)`);
  }
  for (const n of short.negatives) {
    print(`  ${n.group.padEnd(6)} ${n.windows} windows under the rule against other articles, ${n.pairs} pairs either read first: a copy or partial copy ${n.flagged}, quote ${n.quote}`);
    if (n.flagged > 0) failures.push(`short parts ${n.group}: ${n.flagged} windows under the length rule called a copy of a different article (target 0)`);
  }
  print(`  (${ms(t)})`);

  t = performance.now();
  print('\n=== One story written twice, independently: mainland Simplified and Taiwan Traditional (text; eval/material/independent-versions) ===');
  for (const r of independentVersions()) {
    print(`  ${r.story.padEnd(16)} distance ${String(r.distance).padStart(2)}: mainland read first ${r.verdicts[0]}, Taiwan read first ${r.verdicts[1]}; each converted to the other script (control) ${r.controls.join(', ')}`);
    const flagged = r.verdicts.filter((v) => v === 'duplicate' || v === 'partial').length;
    if (flagged > 0) failures.push(`independent versions ${r.story}: ${flagged} of 2 orders called a copy (target 0)`);
    if (r.controls.some((v) => v !== 'duplicate')) failures.push(`independent versions ${r.story}: a version converted to the other script not called a duplicate (control)`);
  }
  print(`  (${ms(t)})`);

  t = performance.now();
  print('\n=== Narrow topic: different articles, one topic word woven through both (text) ===');
  for (const r of narrowTopic(ds)) {
    const flagged = r.duplicate + r.partial;
    print(`  ${r.heldOut ? 'held-out' : 'fit     '} ${r.group.padEnd(6)} ${r.word.padEnd(8)} at ${(r.share * 100).toFixed(0).padStart(2)}% of ${r.group === 'zh' ? 'characters' : 'words'}, ${r.pairs} pairs: within distance 3 ${r.within3}, duplicate ${r.duplicate}, partial ${r.partial}`);
    if (flagged > 0) failures.push(`narrow topic ${r.group} "${r.word}" at ${(r.share * 100).toFixed(0)}%: ${flagged} of ${r.pairs} pairs of different articles flagged (target 0)`);
  }
  print(`  (${ms(t)})`);

  t = performance.now();
  print('\n=== Quoted passages: part of an article inside another (text; judge labels it "quote", decisions/0030) ===');
  const quotes = quotedPassages(ds);
  for (const r of quotes.results) {
    const share = (half: 'fit' | 'held') => `${r.labelled[half]}/${r.quotes[half]} (partial ${r.partial[half]}; under ${QUOTE_MAX_SHARE * 100} % of the article ${r.short[half].labelled}/${r.short[half].quotes})`;
    const harder = r.cut === 'paragraphs' ? '' : ' (our harder material: no target)';
    print(`  ${r.group.padEnd(6)} quote of ~${String(r.chars).padStart(4)} characters, ${r.cut === 'paragraphs' ? 'whole paragraphs' : 'from mid-paragraph'}, labelled a quote: held-out ${share('held')}, fit ${share('fit')}${harder}`);
    const { labelled, quotes: n } = r.short.held;
    if (r.cut === 'paragraphs' && labelled < QUOTE_TARGET * n) failures.push(`quoted passages ${r.group} ~${r.chars} characters: ${labelled}/${n} held-out quotes under ${QUOTE_MAX_SHARE * 100} % of the article labelled a quote (target ≥ ${QUOTE_TARGET * 100} %)`);
  }
  for (const group of ['zh', 'other'] as const) {
    const { hits, pairs } = quotes.falseHits[group];
    print(`  ${group.padEnd(6)} different original articles labelled a quote or a copy: ${hits} of ${pairs} ordered pairs`);
    if (hits > 0) failures.push(`quoted passages ${group}: ${hits} pairs of different articles labelled a quote (target 0)`);
  }
  print(`  (${ms(t)})`);

  t = performance.now();
  print('\n=== Part of an article inside another article\'s text (text; our generator, eval/embedded-parts.ts) ===');
  for (const r of embeddedParts(ds)) {
    const line = (half: 'fit' | 'held') => Object.entries(r.verdicts[half]).sort(([a], [b]) => a.localeCompare(b)).map(([v, n]) => `${v} ${n}`).join(', ');
    const layout = r.layout === 'as written' ? '' : `, ${r.layout}`;
    const found = (r.verdicts.held.partial ?? 0) + (r.verdicts.held.duplicate ?? 0);
    print(`  ${r.group.padEnd(6)} ${Math.round(r.share * 100)} % of the article${layout}: held-out ${r.pages.held} (${line('held')}); fit ${r.pages.fit} (${line('fit')})${layout ? ` — a copy ${found}/${r.pages.held} (our harder material: no target)` : ''}`);
    if (!layout && found < PARTIAL_TARGET * r.pages.held) failures.push(`part of an article inside another, ${r.group} ${Math.round(r.share * 100)} %: ${found}/${r.pages.held} held-out called a partial copy or a copy (target ≥ ${PARTIAL_TARGET * 100} %; the rest mostly "quote")`);
  }
  print(`  (${ms(t)})`);

  t = performance.now();
  print('\n=== Regional editions: English originals in British spelling, and lightly reworded (text; our generator, eval/regional-editions.ts) ===');
  for (const r of regionalEditions(ds)) {
    print(`  ${r.kind.padEnd(18)} (${(r.changedWords * 100).toFixed(1)} % of words changed): duplicate held-out ${r.duplicate.held}/${r.editions.held}, fit ${r.duplicate.fit}/${r.editions.fit}`);
    if (r.duplicate.held < REGIONAL_TARGET * r.editions.held) failures.push(`regional editions, ${r.kind}: ${r.duplicate.held}/${r.editions.held} held-out called duplicates (target ≥ ${REGIONAL_TARGET * 100} %)`);
  }
  print(`  (${ms(t)})`);

  t = performance.now();
  print('\n=== Reposts with our own typos, site wrappers, inline clutter and combined edits (text; our generator, eval/own-edits.ts) ===');
  for (const r of ownEdits(ds)) {
    print(`  ${r.group.padEnd(6)} ${r.edit.padEnd(16)} duplicate held-out ${r.duplicate.held}/${r.reposts.held}, fit ${r.duplicate.fit}/${r.reposts.fit}${r.targeted ? '' : ' (beyond the practice set: no target)'}`);
    if (r.targeted && r.duplicate.held < REPOST_TARGET * r.reposts.held) failures.push(`own edits, ${r.group} ${r.edit}: ${r.duplicate.held}/${r.reposts.held} held-out called duplicates (target ≥ ${REPOST_TARGET * 100} %)`);
  }
  print(`  (${ms(t)})`);

  t = performance.now();
  print('\n=== Short answers cut and pasted from a source, lightly edited (text; our generator, eval/short-answers.ts) ===');
  for (const r of shortAnswers(ds)) {
    const share = (half: 'fit' | 'held') => `${r.copy[half]}/${r.answers[half]} (+${r.quote[half]} quote, ${r.tooShort[half]} too short)`;
    print(`  ${r.group.padEnd(6)} ${r.kind.padEnd(11)} ${String(r.sentences).padStart(2)} sentences copied, source named as a copy: held-out ${share('held')}, fit ${share('fit')}`);
    const named = (r.copy.held + r.quote.held) / Math.max(1, r.answers.held);
    if (named < SHORT_ANSWER_TARGET) failures.push(`short answers ${r.group} ${r.kind} ${r.sentences}: ${r.copy.held + r.quote.held}/${r.answers.held} held-out name the source as a copy or quote (target ≥ ${SHORT_ANSWER_TARGET * 100} %)`);
  }
  print(`  (${ms(t)})`);

  if (args.html && existsSync(join(args.pages, 'pages.tsv'))) {
    t = performance.now();
    failures.push(...crossTemplateReport(crossTemplate(ds, args.pages), print));
    print(`  (${ms(t)})`);
  }

  if (args.html && existsSync(join(args.dir, 'html'))) {
    t = performance.now();
    const work = mkdtempSync(join(tmpdir(), 'deja-lu-eval-'));
    try {
      const cli = args.cli && existsSync(join(repoRoot, 'bin/deja-lu.mjs')) ? runCli(ds, work).catch((e: Error) => e) : Promise.resolve(new Error('CLI not run'));
      const { sigs, failed } = await signHtml(ds);
      const cliResult = await cli;
      let os: PairOutcome[];
      let source: string;
      if (cliResult instanceof Error) {
        source = `in-process extraction + judge (CLI unavailable: ${cliResult.message.split('\n')[0]})`;
        os = outcomes(ds, judgeFrom(sigs));
      } else {
        source = 'pair verdicts from `deja-lu compare --html --pairs` (separate process)';
        os = outcomes(ds, (p) => cliResult.get(`${docHtmlPath(ds, p.a)}\t${docHtmlPath(ds, p.b)}`));
      }
      print(`\nExtracted and signed ${sigs.size} pages in ${ms(t)}${failed.length ? `; ${failed.length} failed: ${failed.slice(0, 5).join(' ')}` : ''}.`);
      failures.push(...report(ds, { name: `HTML through extraction (html/*.html; ${source})`, os, sigs }));
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }

  t = performance.now();
  failures.push(...scriptConversionReport(ds, false, print));
  if (args.html && existsSync(join(args.dir, 'html'))) failures.push(...scriptConversionReport(ds, true, print));
  if (existsSync(join(args.pages, 'pages.tsv'))) failures.push(...realPageConversionReport(args.pages, print));
  print(`  (${ms(t)})`);

  if (args.extraction) {
    if (existsSync(join(args.pages, 'pages.tsv'))) failures.push(...(await extractionReport(args.pages, print)));
    else print(`\n(no pages set at ${args.pages}: extraction F1 skipped)`);
  }

  print(`\n=== Targets (held-out half and all) ===`);
  if (failures.length === 0) print('all met');
  for (const f of failures) print(`MISSED ${f}`);
  print(`\nTotal ${ms(t0)}.`);
  if (args.strict && failures.length > 0) process.exitCode = 1;
}

useDictionaryFile();
main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
  process.exit(2);
});
