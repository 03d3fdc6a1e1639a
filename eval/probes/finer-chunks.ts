/**
 * `npx tsx eval/probes/finer-chunks.ts`: the probe of docs/decisions/0065.
 * Not part of `npm run eval`: it prototypes a stored field the engine does
 * not have (finer content-defined chunks, sketched as passages are) and
 * prints, on the practice set:
 * 1. for anchors every 16 and every 8 features, every finer chunk stored:
 *    how many held-out short answers (eval/short-answers.ts) and parts
 *    (eval/embedded-parts.ts) share one with their source, and how many
 *    different-article pairs do;
 * 2. a part rule on at most FINE_KEPT finer sketches, kept only by texts under
 *    the passage sample: parts found, different articles and two articles of
 *    one real template (eval/cross-template.ts) newly flagged.
 */
import { useDictionaryFile } from '../../src/cli/dictionary-file';
import { judge, signCheckedDocument, signDocument, type Verdict } from '../../src/core';
import { fmix32 } from '../../src/core/feature-hash';
import type { HashedFeatures } from '../../src/core/feature-table';
import { documentFeatures } from '../../src/core/features';
import { passageKey, passagesMatch } from '../../src/core/passages';
import { chunkSketch } from '../../src/core/passage-sketch';
import { foldText } from '../../src/core/tokenize';
import type { Fingerprint } from '../../src/core';
import { crossTemplate } from '../cross-template';
import { dataDir } from '../../bench/lib/data';
import { docText, langGroup, loadDataset } from '../data';
import { partOf } from '../embedded-parts';
import { inMiddleOf } from '../quoted-passages';
import { halfOf } from '../score';
import { answerFrom } from '../short-answers';

/** A paragraph shorter than this gives no finer chunk (today's passages need 12). */
const PARAGRAPH_MIN = 8;
/** The longest finer chunk, as PASSAGE_MAX_FEATURES bounds a passage. */
const CHUNK_MAX = 64;
/** The passage sample (passageSampleSize of scheme 6): texts with fewer chunks keep all of them and have room. */
const SAMPLE = 64;
/** Finer sketches a text under the sample keeps, by smallest key. */
const FINE_KEPT = 8;
/** The part rule: at least this many of the earlier text's finer sketches in the page, and this share of them. */
const PART_MIN_SHARED = 2;
const PART_MIN_SHARE = 0.25;
/** passagesMatch's radius, the extension's default k. */
const K = 3;

/** Sketches of the content-defined chunks of `text` with an anchor every `every` features, at least `min` each. */
function finerSketches(text: string, every: number, min: number): Fingerprint[] {
  const f: HashedFeatures = documentFeatures(foldText(text), {}, true).features;
  const n = f.ids.length;
  const paragraphs = f.paragraphs ?? new Int32Array(0);
  const out: Fingerprint[] = [];
  for (let p = 0; p <= paragraphs.length; p++) {
    const from = p === 0 ? 0 : (paragraphs[p - 1] as number);
    const to = p === paragraphs.length ? n : (paragraphs[p] as number);
    if (to - from < PARAGRAPH_MIN) continue;
    const ranges: number[] = [];
    let start = from;
    for (let i = from; i < to; i++) {
      const id = f.ids[i] as number;
      const anchor = (fmix32(((f.hi[id] as number) ^ Math.imul(f.lo[id] as number, 0x9e3779b1)) >>> 0) & (every - 1)) === 0;
      if ((anchor && i + 1 - start >= min) || i + 1 - start >= CHUNK_MAX) {
        ranges.push(start, i + 1);
        start = i + 1;
      }
    }
    if (start < to) {
      if (ranges.length > 0 && to - start < min) ranges[ranges.length - 1] = to;
      else ranges.push(start, to);
    }
    for (let k = 0; k < ranges.length; k += 2) out.push(chunkSketch(f, ranges[k] as number, ranges[k + 1] as number));
  }
  return out;
}

const sharedCount = (earlier: readonly Fingerprint[], current: readonly Fingerprint[]): number =>
  earlier.filter((e) => current.some((c) => passagesMatch(e, c, K, 'sketch'))).length;

/** What a text under the sample would store: its FINE_KEPT finer sketches of smallest key. */
function keptFiner(text: string, passages: number): Fingerprint[] {
  if (passages >= SAMPLE) return [];
  return finerSketches(text, 16, 6).sort((a, b) => passageKey(a) - passageKey(b)).slice(0, FINE_KEPT);
}

const isFinerPart = (earlier: readonly Fingerprint[], current: readonly Fingerprint[]): boolean => {
  if (earlier.length === 0) return false;
  const shared = sharedCount(earlier, current);
  return shared >= PART_MIN_SHARED && shared >= PART_MIN_SHARE * earlier.length;
};

const COPY: ReadonlySet<Verdict> = new Set(['partial', 'duplicate']);

useDictionaryFile();
const ds = loadDataset(`${dataDir()}/neardup-practice`);
for (const group of ['other', 'zh'] as const) {
  const docs = ds.docs.filter((d) => d.role === 'orig' && d.lang !== 'ja' && langGroup(d.lang) === group);
  const texts = docs.map((d) => docText(ds, d.id));
  const held = docs.map((d) => halfOf(d.base) === 'held');
  console.log(`== ${group}`);
  for (const [every, min] of [[16, 6], [8, 4]] as const) {
    const stored = texts.map((t) => finerSketches(t, every, min));
    const mean = stored.reduce((s, x) => s + x.length, 0) / stored.length;
    console.log(`  anchor every ${every}, at least ${min}: ${mean.toFixed(1)} finer chunks a text, all stored`);
    for (const sentences of [8, 16]) {
      for (const kind of ['copied', 'half copied'] as const) {
        let answers = 0;
        let sharing = 0;
        texts.forEach((_, i) => {
          const answer = answerFrom(texts, i, kind, sentences, group);
          if (answer === undefined || !held[i]) return;
          answers++;
          if (sharedCount(stored[i] as Fingerprint[], finerSketches(answer, every, min)) > 0) sharing++;
        });
        console.log(`    short answers, ${kind} ${sentences}: ${sharing}/${answers} held-out share a finer sketch with their source`);
      }
    }
    for (const share of [1 / 3, 1 / 2]) {
      let parts = 0;
      let twoOrMore = 0;
      texts.forEach((text, i) => {
        if (!held[i]) return;
        parts++;
        const page = inMiddleOf(texts[(i + 11) % texts.length] as string, partOf(text, share));
        if (sharedCount(stored[i] as Fingerprint[], finerSketches(page, every, min)) >= 2) twoOrMore++;
      });
      console.log(`    parts ${share.toFixed(2)}: ${twoOrMore}/${parts} held-out share two finer sketches or more`);
    }
    let pairs = 0;
    let sharing = 0;
    for (let i = 0; i < texts.length; i++) {
      for (let j = i + 1; j < texts.length; j++) {
        if (docs[i]?.base === docs[j]?.base) continue;
        pairs++;
        if (sharedCount(stored[i] as Fingerprint[], stored[j] as Fingerprint[]) > 0) sharing++;
      }
    }
    console.log(`    different articles sharing a finer sketch: ${sharing}/${pairs} pairs`);
  }
  const signed = texts.map((t) => signDocument(t));
  const kept = texts.map((t, i) => keptFiner(t, (signed[i] as ReturnType<typeof signDocument>).passages.length));
  console.log(`  part rule on ${FINE_KEPT} kept finer sketches (${(kept.reduce((s, x) => s + x.length, 0) / kept.length).toFixed(1)} a text):`);
  for (const share of [1 / 3, 1 / 2]) {
    // Parts, found before, found with the finer rule.
    const counts: Record<'held' | 'fit', [number, number, number]> = { held: [0, 0, 0], fit: [0, 0, 0] };
    texts.forEach((text, i) => {
      const page = inMiddleOf(texts[(i + 11) % texts.length] as string, partOf(text, share));
      const row = counts[held[i] ? 'held' : 'fit'];
      row[0]++;
      if (COPY.has(judge(signed[i] as ReturnType<typeof signDocument>, signCheckedDocument(page)).verdict)) {
        row[1]++;
        row[2]++;
      } else if (isFinerPart(kept[i] as Fingerprint[], finerSketches(page, 16, 6))) row[2]++;
    });
    console.log(`    parts ${share.toFixed(2)}: held-out ${counts.held[1]} → ${counts.held[2]} of ${counts.held[0]}, fit ${counts.fit[1]} → ${counts.fit[2]} of ${counts.fit[0]}`);
  }
  const all = texts.map((t) => finerSketches(t, 16, 6));
  let ordered = 0;
  let flagged = 0;
  for (let i = 0; i < texts.length; i++) {
    for (let j = 0; j < texts.length; j++) {
      if (i === j || docs[i]?.base === docs[j]?.base) continue;
      ordered++;
      if (isFinerPart(kept[i] as Fingerprint[], all[j] as Fingerprint[])) flagged++;
    }
  }
  console.log(`    different articles newly flagged: ${flagged}/${ordered} ordered pairs`);
}
const templatePairs = crossTemplate(ds, `${dataDir()}/pages`).cases.filter((c) => c.kind === 'same template' || c.kind === 'other template');
const newly: Record<string, number> = {};
for (const c of templatePairs) {
  const earlier = keptFiner(c.earlier.text, signDocument(c.earlier.text).passages.length);
  if (isFinerPart(earlier, finerSketches(c.current.text, 16, 6))) newly[c.kind] = (newly[c.kind] ?? 0) + 1;
}
console.log(`two different articles in real templates, newly flagged (sites unknown): ${JSON.stringify(newly)} of ${templatePairs.length}`);
