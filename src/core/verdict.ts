import { hammingDistance } from './hamming';
import type { Fingerprint } from './fingerprint64';
import { passageKey, passagesMatch } from './passages';
import { CHECKED_CHUNKS_MAX, CURRENT_SAMPLE_SIZE, type PassageMeasure } from './scheme';
import {
  isLongEnough,
  type MinLength,
  type TextLength,
  DEFAULT_MIN_LENGTH,
  DEFAULT_MIN_CJK_CHARS,
  DEFAULT_MIN_WORDS,
} from './text-length';

/**
 * Default and maximum Hamming distance at which two fingerprints (whole
 * documents or passages) match. The four 16-bit block index guarantees that
 * every stored fingerprint within distance 3 is found (pigeonhole: 4 blocks,
 * ≤ 3 differing bits leave one block intact), so the distance cannot exceed 3.
 */
export const DEFAULT_MAX_DISTANCE = 3;
export const MAX_SUPPORTED_DISTANCE = 3;

/**
 * Once two documents are known to share text (their fingerprints or any two
 * of their passages match within maxDistance, which is what the index finds),
 * whole-document fingerprints within this distance confirm a repost: the
 * largest distance that flagged no pair of different practice articles
 * (docs/decisions/0012-passage-fingerprints.md). Not a retrieval radius: the
 * index is still searched at maxDistance ≤ 3.
 */
export const CONFIRM_DISTANCE = 8;
/**
 * The share of the shorter text's compared passages, or of the earlier
 * text's (which the page being checked may hold under another paragraph
 * layout only), that must match for passages to confirm CONFIRM_DISTANCE.
 * A passage sketch agrees with one of another text by chance more often
 * than a SimHash did (scheme 6), most of all in short chunks of two texts
 * woven with one word, whose whole fingerprints that word had already
 * brought within 8 bits; a repost keeps most of its passages
 * (docs/decisions/0053-passage-sketches.md).
 */
export const CONFIRM_MIN_COVERAGE = 1 / 8;

/**
 * Below this ratio of text lengths (shorter / longer) the longer document
 * holds material the shorter lacks, so the pair can be a partial copy but not
 * a whole one: reposts and partial copies fall well apart on either side
 * (docs/decisions/0014-partial-copies-and-boilerplate.md).
 */
export const DUPLICATE_MIN_LENGTH_RATIO = 0.65;

/** A page holding less than this share of the other is not reported as a partial copy. */
export const PARTIAL_MIN_LENGTH_RATIO = 0.25;

/**
 * Passage coverage that counts as "most of" a document: the share of its
 * like-for-like sampled passages that have a partner in the other document.
 * A partial copy needs at least this share of the shorter text's passages;
 * a duplicate confirmed by passages needs more than this on both sides.
 */
export const MIN_COVERAGE = 0.5;

/**
 * A duplicate may also be confirmed by passages: at least this many matched
 * on each side, covering more than MIN_COVERAGE of both, with whole-document
 * fingerprints within COVERAGE_CONFIRM_DISTANCE. This catches reposts whose
 * typos and boilerplate moved the whole-document fingerprint past
 * CONFIRM_DISTANCE while most passages survived, and no negative met it
 * (docs/decisions/0014-partial-copies-and-boilerplate.md).
 */
export const MIN_MATCHED_PASSAGES = 2;
export const COVERAGE_CONFIRM_DISTANCE = 16;

/**
 * A partial copy: MIN_COVERAGE of the shorter document's passages are found
 * in the longer one, and their whole-document fingerprints are within
 * PARTIAL_MAX_DISTANCE (the shorter text's vocabulary is the longer one's),
 * or within PARTIAL_MAX_DISTANCE_STRONG when at least PARTIAL_STRONG_MATCHES
 * passages matched (long articles whose later part drifts to other words).
 * Pages of one site sharing a header or footer passage came no closer than
 * PARTIAL_MAX_DISTANCE, and never shared two passages
 * (docs/decisions/0014-partial-copies-and-boilerplate.md).
 */
export const PARTIAL_MAX_DISTANCE = 22;
export const PARTIAL_STRONG_MATCHES = 2;
export const PARTIAL_MAX_DISTANCE_STRONG = 26;

/**
 * A part of the article read before inside another page, found by passages
 * alone: at least PART_MIN_PASSAGES of the earlier text's like-for-like
 * passages are in the current one, and they are at least PART_MIN_COVERAGE
 * of them. The page's own text moves the whole fingerprint past every
 * distance above, so only the passages show the part. No two different
 * practice articles share more than five passages (pages in one repost
 * wrapper: its header and footer); a quarter is the "a third to half
 * of an article" less the chunks its edges cut
 * (docs/decisions/0036-parts-found-by-passages.md). On the page being
 * checked, PART_MIN_COVERAGE of the earlier text's prose held in prose by
 * MIN_MATCHED_PASSAGES passages or more is a part too: a third of a short
 * article holds fewer than six of its passages
 * (docs/decisions/0059-part-by-the-text-it-holds.md, 0061).
 */
export const PART_MIN_PASSAGES = 6;
export const PART_MIN_COVERAGE = 0.25;

/**
 * The least of the page's prose between the first and last chunk holding an
 * earlier text's prose that those chunks must be for the prose rule above:
 * most of it, since a part copied is one stretch of the page. On the eval's
 * parts and cross-template partial copies every part read 0.57 or more;
 * the two pairs of different articles in one template whose captions and
 * author line held a quarter of the earlier text's prose read 0.03 and 0.21
 * (docs/decisions/0061-part-of-the-prose-read-before.md).
 */
export const PART_MIN_STRETCH = 0.5;

/**
 * One article on two pages, whatever their lengths and whole distance: at
 * least this share of each page's like-for-like passages has a partner in
 * the other (and PART_MIN_PASSAGES of them). A passage needs a paragraph of
 * twelve features, so what two such pages do not share is short lines:
 * navigation, captions, link lists and comment teasers, which lengthen a page
 * and move its whole fingerprint without a passage of their own. A part of an
 * article covers the whole no more than its share (a 40 % part: 0.37–0.61 on
 * the fit half), two pages of one template at most 0.72
 * (docs/decisions/0047-one-article-on-two-pages.md).
 */
export const SAME_ARTICLE_COVERAGE = 0.8;

/**
 * Two texts with at least this many like-for-like passages each, and not one
 * passage of either in the other under any layout (DocumentSignature.relaid),
 * are different whatever their whole distance: SimHash narrows, the passages
 * verify (seed 004). A word woven through two different texts can bring their
 * whole fingerprints within k; a repost keeps passages, which sketches find
 * through a typo in each chunk (decisions/0055-unshared-passages-refute.md).
 * Shorter texts keep the whole-text rules: a typo in each of four chunks.
 */
export const UNSHARED_MIN_PASSAGES = 6;

/**
 * A quote: the texts are neither copies nor parts of each other, yet one
 * holds a passage of the other, which only a passage match within
 * maxDistance shows (docs/decisions/0030-quote-verdict.md). Callers that
 * know where the pages come from ignore quotes of a site's own template
 * and of text many pages share; the engine cannot tell those apart.
 */
export type Verdict = 'duplicate' | 'partial' | 'quote' | 'different' | 'too_short';

/** What the engine knows about one document when judging it. */
export interface DocumentSignature {
  /** Whole-document SimHash. */
  fingerprint: Fingerprint;
  /**
   * Passage SimHashes (see passages.ts): at most `sampleSize`, in
   * ascending key order, matched under `passagesMatch`; empty for a
   * one-passage document.
   */
  passages: Fingerprint[];
  /**
   * The page being checked only: its next chunks by key beyond the sample
   * (from signCheckedDocument all of `beyondSample`, else up to scheme.ts
   * probedPassages), never stored; from signCheckedDocument also its
   * sentence runs (sentence-runs.ts) and other layouts' chunks (`relaid`),
   * within probedPassages in all. The index is asked for them too, and
   * they count for a quote alone: a quoted chunk the sample left out is
   * still found.
   */
  unsampled?: Fingerprint[];
  /**
   * The page being checked only: its chunks by key after `passages`, up to
   * scheme.ts CHECKED_CHUNKS_MAX in all, never stored. Compared, and
   * looked up among `unsampled` (decisions/0062): the like-for-like
   * sample of the two texts then reaches as far as the earlier text's own,
   * where a long page's sample stopped it short of most of a part.
   */
  beyondSample?: Fingerprint[];
  /**
   * The page being checked only, sketch passages only: its chunks as two
   * other paragraph layouts cut them (the whole text one paragraph; every
   * line a paragraph), those its own layout does not give, never stored.
   * The earlier text's passages count as found in the page when one of these
   * holds them (a copy that lost or gained paragraph breaks), and they show
   * the texts share passages (UNSHARED_MIN_PASSAGES). They are looked up
   * too, among `unsampled`, in what the probe has left: the every-line ones,
   * then the one-paragraph ones (decisions/0058).
   */
  relaid?: Fingerprint[];
  /**
   * The page being checked only, sketch passages only: for each of
   * `passages` then `beyondSample`, how much of its chunk lies on lines long
   * enough to be passages of their own (prose-lines.ts), in length units
   * (lengthUnits): what the page's text holds of an article read before
   * where a part has too few chunks to count (Comparison.partText).
   */
  proseLength?: readonly number[];
  /**
   * Sketch passages only, in a text whose features are words
   * (chunk-heads.ts): the sketch of the first CHUNK_HEAD_FEATURES features
   * of each chunk of `passages` longer than that, stored with the page and
   * filed as its passages are. A page that holds one of them (`headsAsked`)
   * quotes where that chunk begins, too briefly to hold the chunk: it counts
   * for a quote alone. Absent in pages signed before heads were kept.
   */
  heads?: Fingerprint[];
  /**
   * The page being checked only: the heads it is looked up and compared by,
   * of its chunks that end where their paragraph ends (chunk-heads.ts
   * paragraphEndHeads); never stored.
   */
  headsAsked?: Fingerprint[];
  /** The same for each of `relaid`: the stream is the page's own under every layout. */
  relaidProseLength?: readonly number[];
  /** The page's prose before each of `passages` then `beyondSample` (the stream's prose up to the chunk's start), and before each of `relaid`. */
  proseStart?: readonly number[];
  relaidProseStart?: readonly number[];
  /**
   * The page's text before the start and before the end of each of
   * `passages` then `beyondSample`, and of each of `relaid`: its length
   * (lengthUnits) with short lines counted. A part's table rows, list items
   * and captions make no chunk on either side; those between the chunks
   * that hold it are part of it too (Comparison.partText, decisions/0088).
   */
  textStart?: readonly number[];
  textEnd?: readonly number[];
  relaidTextStart?: readonly number[];
  relaidTextEnd?: readonly number[];
  /**
   * Sketch passages only: the prose length of the whole text (prose-lines.ts,
   * in length units), stored with the page. What a page checked later holds
   * of this text (Comparison.partText) is measured against it: headings,
   * captions and credits lie on short lines that no part ever holds in prose
   * (decisions/0061). Absent in pages signed before it was kept.
   */
  proseTotal?: number;
  /**
   * The bottom-k sample size the passages were kept with
   * (scheme.ts passageSampleSize); fewer passages than this are every chunk
   * of the text. Defaults to the current scheme's.
   */
  sampleSize?: number;
  /**
   * How the passages were made and are compared (scheme.ts passageMeasure);
   * SimHashes when absent. Passages of two measures are never compared.
   */
  measure?: PassageMeasure;
  length: TextLength;
}

export interface VerdictOptions {
  maxDistance?: number;
  minLength?: MinLength;
}

/** What a caller that knows where the two texts come from adds to VerdictOptions. */
export interface PartOptions {
  /**
   * Whether a passage (of either text) may show on its own that the current
   * text holds part of the earlier one (PART_MIN_PASSAGES): a matched pair
   * counts when either of its passages does. The extension leaves out what the
   * page shares with its own site and common text (core/quote-sources.ts);
   * two texts alone (the CLI) count every passage. Other rules ignore it.
   */
  countsForPart?: (passage: Fingerprint) => boolean;
  /**
   * The two texts are pages of one site: the passages they share may be that
   * site's template (a wiki's infobox and references, a blog's author box),
   * so they show at most a quote; only the whole fingerprints show a copy
   * (docs/decisions/0035-paragraph-passages.md). countsForPart is then moot.
   */
  oneSite?: boolean;
  /**
   * False when the two signatures' passages were cut or measured by different
   * rules that keep the same whole fingerprint (scheme.ts wholeFingerprintScheme:
   * an article signed before an upgrade, a page signed after it, neither text
   * kept to sign again): only the whole fingerprints compare. Signatures of
   * two passage measures never compare theirs anyway.
   */
  passagesComparable?: boolean;
}

export interface Judgement {
  verdict: Verdict;
  /** Whole-document Hamming distance. */
  distance: number;
  /** Passages of `current` with a partner in `earlier` (Comparison.sharedPassages): what a quote holds, where the whole-text distance says little. */
  sharedPassages: number;
}

/** Passage evidence for one side of a comparison. */
export interface PassageCoverage {
  /** Passages in the like-for-like sample (keys up to the smaller of the two sample limits). */
  compared: number;
  /** Of those, passages with a partner in the other document within maxDistance. */
  matched: number;
}

export interface Comparison {
  /** Whole-document Hamming distance. */
  distance: number;
  /** Whole fingerprints within maxDistance, or some passages match (passagesMatch): what the index finds. */
  found: boolean;
  earlier: PassageCoverage;
  current: PassageCoverage;
  /**
   * Passages of `current` (its whole kept sample) with a partner in
   * `earlier`, and the earlier text's passages found only by the page's
   * unsampled ones (each once, however many runs hold it); or, where more,
   * the earlier text's chunk heads the page holds (DocumentSignature.heads).
   */
  sharedPassages: number;
  /** `earlier`'s like-for-like passages with a partner in `current` through a pair that counts for a part (PartOptions.countsForPart). */
  partOfEarlier: PassageCoverage;
  /**
   * The share of the earlier text's prose (DocumentSignature.proseTotal; its
   * length where it has none) that the page's prose chunks with a partner in
   * it hold (DocumentSignature.proseLength), each earlier
   * passage once, through pairs that count for a part; or, where larger, the
   * share of the earlier text's whole length that they hold with the short
   * lines between the first and last of them (DocumentSignature.textStart);
   * 0 when fewer than
   * MIN_MATCHED_PASSAGES passages are held so, and then the passages count
   * for no part either; absent without proseLength (two stored pages).
   */
  partText?: number;
  /**
   * What the chunks of `partText` are of the page's prose from the first of
   * them to the last: a part copied is one stretch of the page, near 1; a
   * template's captions and author lines lie spread through it
   * (PART_MIN_STRETCH, decisions/0061). Absent with partText.
   */
  partStretch?: number;
  /**
   * Both texts have UNSHARED_MIN_PASSAGES like-for-like sketch passages and
   * share not one, whatever the current page's layout (its relaid passages):
   * false (or absent) whenever the current signature has no relaid passages to ask.
   */
  refuted?: boolean;
  /** Length of the shorter text over the longer one (0–1). */
  lengthRatio: number;
  /** True when `current` is the shorter text. */
  currentIsShorter: boolean;
}

/** Text length in word equivalents: CJK characters count at the too-short rule's rate. */
export function lengthUnits(length: TextLength): number {
  return length.words + (length.cjkChars * DEFAULT_MIN_WORDS) / DEFAULT_MIN_CJK_CHARS;
}

/** A one-passage document is its own single passage (a SimHash one: a sketch text keeps its one chunk, sign-document.ts). */
function passagesOf(sig: DocumentSignature): readonly Fingerprint[] {
  return sig.passages.length > 0 || sig.measure === 'sketch' ? sig.passages : [sig.fingerprint];
}

/** Largest key in the document's sample, or Infinity when every chunk was kept. */
function sampleLimit(passages: readonly Fingerprint[], sampleSize = CURRENT_SAMPLE_SIZE): number {
  if (passages.length < sampleSize) return Infinity;
  let max = 0;
  for (const p of passages) max = Math.max(max, passageKey(p));
  return max;
}

/** Every passage counts. */
const EVERY_PASSAGE = (_passage: Fingerprint): boolean => true;

/** Passages by their first 16-bit block, which two matching passages share (passagesMatch): each is compared with few. */
type PassagesByBlock = ReadonlyMap<number, readonly Fingerprint[]>;

function byFirstBlock(passages: readonly Fingerprint[]): PassagesByBlock {
  const blocks = new Map<number, Fingerprint[]>();
  for (const p of passages) {
    const block = p.hi >>> 16;
    const same = blocks.get(block);
    if (same) same.push(p);
    else blocks.set(block, [p]);
  }
  return blocks;
}

const NO_PASSAGES: readonly Fingerprint[] = [];

/** A partner of `p` in `other` (passagesMatch) not among `taken`, through a pair `counts` holds for one of. */
function partnerOf(p: Fingerprint, other: PassagesByBlock, maxDistance: number, measure: PassageMeasure, counts = EVERY_PASSAGE, taken?: ReadonlySet<Fingerprint>): Fingerprint | undefined {
  const near = other.get(p.hi >>> 16) ?? NO_PASSAGES;
  return near.find((q) => !taken?.has(q) && passagesMatch(p, q, maxDistance, measure) && (counts(p) || counts(q)));
}

/** Whether `p` has a partner in `other` (partnerOf). */
function hasPartner(p: Fingerprint, other: PassagesByBlock, maxDistance: number, measure: PassageMeasure, counts = EVERY_PASSAGE): boolean {
  return partnerOf(p, other, maxDistance, measure, counts) !== undefined;
}

/**
 * Coverage of `side` by `other` over the like-for-like sample; `shared`:
 * passages of `side` matched at all. A pair matches only when `counts`
 * holds for one of its passages.
 */
function coverage(side: readonly Fingerprint[], other: PassagesByBlock, limit: number, maxDistance: number, measure: PassageMeasure, counts = EVERY_PASSAGE): PassageCoverage & { shared: number } {
  let compared = 0;
  let matched = 0;
  let shared = 0;
  for (const p of side) {
    const hit = hasPartner(p, other, maxDistance, measure, counts);
    if (hit) shared++;
    if (passageKey(p) > limit) continue;
    compared++;
    if (hit) matched++;
  }
  return { compared, matched, shared };
}

/**
 * How many of the earlier text's passages have a partner among the page's
 * `extra` passages and none among its `own`: what its unsampled chunks and
 * sentence runs add. Counted on the earlier side, so that several runs
 * overlapping one quoted stretch count as the one passage they hold.
 */
function addedBy(earlier: readonly Fingerprint[], own: PassagesByBlock, extra: PassagesByBlock, maxDistance: number, measure: PassageMeasure): number {
  if (extra.size === 0) return 0;
  return earlier.filter((p) => hasPartner(p, extra, maxDistance, measure) && !hasPartner(p, own, maxDistance, measure)).length;
}

/** How many of the earlier text's chunk heads the page holds (DocumentSignature.heads, headsAsked). */
function headsHeld(earlier: DocumentSignature, current: DocumentSignature, maxDistance: number, measure: PassageMeasure): number {
  const asked = current.headsAsked ?? current.heads;
  if (!earlier.heads?.length || !asked?.length) return 0;
  const held = byFirstBlock(asked);
  return earlier.heads.filter((h) => hasPartner(h, held, maxDistance, measure)).length;
}

/**
 * The length (DocumentSignature.proseLength) of the chunks of `chunks` with
 * a partner in `earlier` through a pair `counts` holds for one of, each
 * earlier passage counted once (a page may repeat a paragraph); 0 unless
 * MIN_MATCHED_PASSAGES earlier passages are held so: one passage is a quote
 * (a link that names the earlier page by its title, on a page of links).
 * `stretch`: that length over the page's prose from the first of those
 * chunks to the end of the last (`starts`: the prose before each chunk);
 * `withShortLines`: that length and the short lines in that stretch.
 */
function proseHeld({ chunks, prose, starts, textStarts, textEnds }: ChunksWithLengths, earlier: PassagesByBlock, maxDistance: number, measure: PassageMeasure, counts = EVERY_PASSAGE): { held: number; stretch: number; withShortLines: number } {
  const partners = new Set<Fingerprint>();
  let held = 0;
  let from = Infinity;
  let to = -Infinity;
  let textFrom = Infinity;
  let textTo = -Infinity;
  chunks.forEach((p, i) => {
    const length = prose[i] ?? 0;
    if (length === 0) return;
    const partner = partnerOf(p, earlier, maxDistance, measure, counts, partners);
    if (partner === undefined) return;
    partners.add(partner);
    held += length;
    from = Math.min(from, starts[i] ?? 0);
    to = Math.max(to, (starts[i] ?? 0) + length);
    textFrom = Math.min(textFrom, textStarts[i] ?? 0);
    textTo = Math.max(textTo, textEnds[i] ?? 0);
  });
  if (partners.size < MIN_MATCHED_PASSAGES) return { held: 0, stretch: 0, withShortLines: 0 };
  // The stretch's text less the prose in it that no chunk held: the held prose and the short lines between.
  const shortLines = Math.max(0, textTo - textFrom - (to - from));
  return { held, stretch: held / (to - from), withShortLines: held + shortLines };
}

/**
 * `held` (prose length) as a share of the earlier text: of its prose where
 * it has any, else of its whole length (a text of short lines only, or one
 * signed before its prose was kept); at most the whole.
 */
function partOfText(held: number, proseTotal: number | undefined, length: number): number {
  const whole = proseTotal !== undefined && proseTotal > 0 ? proseTotal : length;
  return whole > 0 ? Math.min(1, held / whole) : 0;
}

/** A page's chunks with, for each, its prose length and the prose before it, and its text (short lines counted) before its start and its end. */
interface ChunksWithLengths {
  chunks: Fingerprint[];
  prose: number[];
  starts: number[];
  textStarts: number[];
  textEnds: number[];
}

/** The page's first `compared` chunks (its passages, then beyond its sample) and its other layouts' chunks, with their lengths. */
function withProse(current: DocumentSignature, compared: number): ChunksWithLengths {
  const own = [...current.passages, ...(current.beyondSample ?? [])].slice(0, compared);
  const relaid = current.relaid ?? [];
  const both = (ofOwn: readonly number[] | undefined, ofRelaid: readonly number[] | undefined): number[] => [...own.map((_, i) => ofOwn?.[i] ?? 0), ...relaid.map((_, i) => ofRelaid?.[i] ?? 0)];
  return {
    chunks: [...own, ...relaid],
    prose: both(current.proseLength, current.relaidProseLength),
    starts: both(current.proseStart, current.relaidProseStart),
    textStarts: both(current.textStart, current.relaidTextStart),
    textEnds: both(current.textEnd, current.relaidTextEnd),
  };
}

/** The evidence `judge` weighs, from two signatures alone (and which passages may show a part, PartOptions.countsForPart). */
export function compareSignatures(earlier: DocumentSignature, current: DocumentSignature, maxDistance = DEFAULT_MAX_DISTANCE, countsForPart?: (passage: Fingerprint) => boolean, passagesComparable = true): Comparison {
  const distance = hammingDistance(earlier.fingerprint, current.fingerprint);
  const measure = earlier.measure ?? 'simhash';
  // Passages of two measures, or of two chunkings, say nothing of each other: only the whole fingerprints compare.
  const alike = passagesComparable && (current.measure ?? 'simhash') === measure;
  const pe = alike ? passagesOf(earlier) : [];
  const pc = alike ? passagesOf(current) : [];
  // Every chunk of a page being checked that it holds, not its sample alone, is compared.
  const all = alike && current.beyondSample ? [...pc, ...current.beyondSample] : pc;
  const currentLimit = current.beyondSample ? sampleLimit(all, CHECKED_CHUNKS_MAX) : sampleLimit(pc, current.sampleSize);
  const limit = Math.min(sampleLimit(pe, earlier.sampleSize), currentLimit);
  // The earlier text's passages are found in the page under any of its layouts (a copy that lost or gained paragraph breaks).
  const partners = byFirstBlock(alike && current.relaid ? [...all, ...current.relaid] : all);
  const earlierPassages = byFirstBlock(pe);
  const e = coverage(pe, partners, limit, maxDistance, measure);
  const c = coverage(all, earlierPassages, limit, maxDistance, measure);
  // What the index finds: the looked-up sample only.
  const lookedUp = all === pc ? c : coverage(pc, earlierPassages, limit, maxDistance, measure);
  const part = countsForPart === undefined ? e : coverage(pe, partners, limit, maxDistance, measure, countsForPart);
  const beyond = alike ? addedBy(pe, byFirstBlock(pc), byFirstBlock(current.unsampled ?? []), maxDistance, measure) : 0;
  const heads = alike ? headsHeld(earlier, current, maxDistance, measure) : 0;
  const refuted =
    alike &&
    measure === 'sketch' &&
    current.relaid !== undefined &&
    Math.min(e.compared, c.compared) >= UNSHARED_MIN_PASSAGES &&
    // e.shared counts partners under every layout.
    e.shared + beyond + heads === 0;
  const le = lengthUnits(earlier.length);
  const lc = lengthUnits(current.length);
  const longer = Math.max(le, lc);
  const prose = alike && current.proseLength ? proseHeld(withProse(current, all.length), earlierPassages, maxDistance, measure, countsForPart) : undefined;
  return {
    distance,
    // What the index finds: the page's own and unsampled passages are looked up, its relaid ones only among those.
    found: distance <= maxDistance || lookedUp.shared > 0 || beyond > 0 || heads > 0,
    earlier: { compared: e.compared, matched: e.matched },
    current: { compared: c.compared, matched: c.matched },
    // A head held is a chunk's beginning, most often of a chunk whose passage matched too: counted so only where heads hold more.
    sharedPassages: Math.max(lookedUp.shared + beyond, heads),
    partOfEarlier: { compared: part.compared, matched: part.matched },
    partText: prose === undefined ? undefined : Math.max(partOfText(prose.held, earlier.proseTotal, le), partOfText(prose.withShortLines, undefined, le)),
    partStretch: prose?.stretch,
    refuted,
    lengthRatio: longer > 0 ? Math.min(le, lc) / longer : 1,
    currentIsShorter: lc < le,
  };
}

/**
 * The verdict shown on page `current` when the user has read `earlier`.
 * Two texts under the length rule are too short to judge; one under it is
 * judged by its passages alone (shortTextVerdict). Uses only the two signatures, so
 * the CLI (two texts) and the extension (the stored record and the page)
 * reach the same verdict.
 *
 * - duplicate: the texts are of comparable length and either their
 *   whole-document fingerprints are within maxDistance, or they share a
 *   passage and their whole-document fingerprints are within
 *   CONFIRM_DISTANCE, or most passages of both match and the fingerprints
 *   are within COVERAGE_CONFIRM_DISTANCE; or, whatever the lengths and
 *   distance, SAME_ARTICLE_COVERAGE of both texts' passages match (one
 *   article in two templates), or at comparable lengths of the shorter
 *   text's with most of the longer one's (one page lost part of it);
 * - partial: one text is much shorter (but holds ≥ 25% of the other's
 *   length), and either the whole fingerprints match within maxDistance, or
 *   most of its passages are found in the longer one and it shares the
 *   longer one's vocabulary (looser when several passages matched)
 *   (either direction: a page holding part of an article read before, or
 *   the full article of a part read before); or, whatever the lengths and
 *   distance, the current text holds PART_MIN_PASSAGES passages of the
 *   earlier one, at least PART_MIN_COVERAGE of them, two of them at least
 *   in the page's prose where it has prose lengths, or the page's prose
 *   holds PART_MIN_COVERAGE of the earlier text's length in two passages or
 *   more (Comparison.partText; a duplicate when the lengths are comparable
 *   and the fingerprints within COVERAGE_CONFIRM_DISTANCE: the whole
 *   article, edited);
 * - quote: neither, but a passage of one is found in the other;
 * - different otherwise, and whatever the above when both texts have
 *   UNSHARED_MIN_PASSAGES passages and share none under any layout of the
 *   current one (Comparison.refuted).
 * Between two pages of one site (PartOptions.oneSite) no passage counts
 * for a copy: only the whole-fingerprint rules hold.
 */
export function judge(earlier: DocumentSignature, current: DocumentSignature, options: VerdictOptions & PartOptions = {}): Judgement {
  const maxDistance = Math.min(options.maxDistance ?? DEFAULT_MAX_DISTANCE, MAX_SUPPORTED_DISTANCE);
  const minLength = options.minLength ?? DEFAULT_MIN_LENGTH;
  const cmp = compareSignatures(earlier, current, maxDistance, options.countsForPart, options.passagesComparable);
  const { distance, sharedPassages } = cmp;
  const earlierShort = !isLongEnough(earlier.length, minLength);
  const currentShort = !isLongEnough(current.length, minLength);
  if (earlierShort && currentShort) return { verdict: 'too_short', distance, sharedPassages };
  if (earlierShort || currentShort) {
    const verdict = (earlier.measure ?? 'simhash') === 'sketch' ? shortTextVerdict(cmp, currentShort, options.oneSite) : 'too_short';
    return { verdict, distance, sharedPassages };
  }
  return { verdict: verdictOf(cmp, maxDistance, options.oneSite), distance, sharedPassages };
}

/**
 * A text under the length rule beside one that passes it. Its whole
 * fingerprint says too little (decisions/0015), but its sketch passages
 * still show where its text comes from: a third of a short article, or a
 * short page made of one. It is a partial copy when every one of its
 * compared passages (one at least) is in the other text and it is
 * PARTIAL_MIN_LENGTH_RATIO of the other's length or more, or when, as a page
 * being checked, it holds a quarter of the other's prose (holdsPartInProse,
 * the part rule of a long page); a copy when the lengths are also comparable
 * and most of the other's passages match too.
 * Short of that, a shared passage is a quote, and nothing shared leaves it
 * too short to judge (docs/decisions/0085-short-text-judged-by-its-passages.md).
 */
function shortTextVerdict(compared: Comparison, currentIsShort: boolean, oneSite = false): Verdict {
  const cmp = oneSite ? wholeFingerprintsOnly(compared) : compared;
  const [short, other] = currentIsShort ? [cmp.current, cmp.partOfEarlier] : [cmp.partOfEarlier, cmp.current];
  // partOfEarlier counts only passages that may show a part (PartOptions.countsForPart): one at least.
  const held = short.compared > 0 && short.matched === short.compared && cmp.partOfEarlier.matched > 0;
  // Or, beside a line of the page's own, a quarter of the earlier text's prose, as on a long page.
  if ((held && cmp.lengthRatio >= PARTIAL_MIN_LENGTH_RATIO) || holdsPartInProse(cmp)) {
    return cmp.lengthRatio >= DUPLICATE_MIN_LENGTH_RATIO && mostlyMatched(other) ? 'duplicate' : 'partial';
  }
  return cmp.found && cmp.sharedPassages > 0 ? 'quote' : 'too_short';
}

/** The comparison with no passage matched for any copy rule: the shared passages still make a quote. */
function wholeFingerprintsOnly(cmp: Comparison): Comparison {
  const none = (side: PassageCoverage): PassageCoverage => ({ compared: side.compared, matched: 0 });
  return { ...cmp, earlier: none(cmp.earlier), current: none(cmp.current), partOfEarlier: none(cmp.partOfEarlier), partText: 0 };
}

/**
 * A confirmation distance at the user's k: the constants above are for the
 * default k = 3; a stricter setting shrinks them in proportion (k = 0 leaves
 * only identical fingerprints), never below k itself.
 */
export function confirmDistance(distance: number, maxDistance: number): number {
  if (maxDistance >= DEFAULT_MAX_DISTANCE) return distance;
  return Math.max(maxDistance, Math.round((distance * maxDistance) / DEFAULT_MAX_DISTANCE));
}

/** The rule of `judge` on a comparison of two long-enough texts (`oneSite`: PartOptions.oneSite). */
export function verdictOf(compared: Comparison, maxDistance = DEFAULT_MAX_DISTANCE, oneSite = false): Verdict {
  const cmp = oneSite ? wholeFingerprintsOnly(compared) : compared;
  if (!cmp.found || cmp.refuted) return 'different';
  if (sameArticle(cmp)) return 'duplicate';
  const copy = copyVerdict(cmp, maxDistance, compared);
  if (copy !== 'different') return copy;
  // Passages held only in a page's short lines are a wrapper's header and links, not a part (decisions/0059).
  const heldInProse = cmp.partText === undefined || cmp.partText > 0;
  if ((holdsPartOf(cmp.partOfEarlier) && heldInProse) || holdsPartInProse(cmp)) return editedWhole(cmp, maxDistance) ? 'duplicate' : 'partial';
  return cmp.sharedPassages > 0 ? 'quote' : 'different';
}

/**
 * A "part" as long as the whole and in its vocabulary is the whole article
 * edited (reworded, respelt): comparable lengths and whole fingerprints within
 * COVERAGE_CONFIRM_DISTANCE, where edits touched more than half of the
 * passages that mostlyMatched needs.
 */
function editedWhole(cmp: Comparison, maxDistance: number): boolean {
  return cmp.lengthRatio >= DUPLICATE_MIN_LENGTH_RATIO && cmp.distance <= confirmDistance(COVERAGE_CONFIRM_DISTANCE, maxDistance);
}

/**
 * SAME_ARTICLE_COVERAGE of both texts' passages matched, or, at comparable
 * lengths, of the shorter one's with most of the longer one's: one page lost
 * part of the article to extraction, or carries a template's paragraphs, and
 * the whole distance says only that (decisions/0078). The earlier text counts
 * through passages that count for a part.
 */
function sameArticle(cmp: Comparison): boolean {
  if (holdsShare(cmp.partOfEarlier, SAME_ARTICLE_COVERAGE) && holdsShare(cmp.current, SAME_ARTICLE_COVERAGE)) return true;
  if (cmp.lengthRatio < DUPLICATE_MIN_LENGTH_RATIO) return false;
  const [shorter, longer] = cmp.currentIsShorter ? [cmp.current, cmp.partOfEarlier] : [cmp.partOfEarlier, cmp.current];
  return (holdsShare(shorter, SAME_ARTICLE_COVERAGE) && mostlyMatched(longer)) || (everyMatched(cmp.partOfEarlier) && everyMatched(cmp.current));
}

/** Every compared passage of a text matched, MIN_MATCHED_PASSAGES at least: all of a short article's prose is in the other page. */
function everyMatched(side: PassageCoverage): boolean {
  return side.matched >= MIN_MATCHED_PASSAGES && side.matched === side.compared;
}

/** PART_MIN_COVERAGE of the earlier text's prose held by the page, in one stretch of it (decisions/0059, 0061). */
function holdsPartInProse(cmp: Comparison): boolean {
  return (cmp.partText ?? 0) >= PART_MIN_COVERAGE && (cmp.partStretch ?? 0) >= PART_MIN_STRETCH;
}

/** PART_MIN_COVERAGE of the earlier text's passages matched. */
function holdsPartOf(earlier: PassageCoverage): boolean {
  return holdsShare(earlier, PART_MIN_COVERAGE);
}

/** At least PART_MIN_PASSAGES of a text's passages matched, and `share` of those compared. */
function holdsShare(side: PassageCoverage, share: number): boolean {
  return side.matched >= PART_MIN_PASSAGES && side.matched >= share * side.compared;
}

/** Whether the texts are copies, whole or in part, of each other (`evidence`: the passages as matched, before oneSite set them aside). */
function copyVerdict(cmp: Comparison, maxDistance: number, evidence: Comparison): Verdict {
  const within = (d: number): boolean => cmp.distance <= confirmDistance(d, maxDistance);
  const shorter = cmp.currentIsShorter ? cmp.current : cmp.earlier;
  const longer = cmp.currentIsShorter ? cmp.earlier : cmp.current;
  if (cmp.lengthRatio >= DUPLICATE_MIN_LENGTH_RATIO) {
    if (within(CONFIRM_DISTANCE) && confirms(evidence, maxDistance)) return 'duplicate';
    const mostOfBoth = mostlyMatched(shorter) && mostlyMatched(longer);
    return mostOfBoth && within(COVERAGE_CONFIRM_DISTANCE) ? 'duplicate' : 'different';
  }
  if (cmp.lengthRatio < PARTIAL_MIN_LENGTH_RATIO) return 'different';
  // Whole fingerprints that match outright need no passage evidence: the
  // shorter text has the longer one's vocabulary. (The like-for-like sample
  // of the shorter text can be empty when the longer one is long.)
  if (cmp.distance <= maxDistance) return 'partial';
  if (shorter.matched === 0 || shorter.matched < MIN_COVERAGE * shorter.compared) return 'different';
  const strong = shorter.matched >= PARTIAL_STRONG_MATCHES;
  return within(strong ? PARTIAL_MAX_DISTANCE_STRONG : PARTIAL_MAX_DISTANCE) ? 'partial' : 'different';
}

/**
 * Whether what the index found confirms a whole distance up to
 * CONFIRM_DISTANCE: the whole fingerprints themselves, or passages, at
 * least CONFIRM_MIN_COVERAGE of the shorter text's compared ones or of the
 * earlier text's: an article checked after a copy of it that lost its
 * paragraph breaks meets the copy's chunks with its text read as one
 * paragraph, not with its own (decisions/0058).
 */
function confirms(cmp: Comparison, maxDistance: number): boolean {
  const shorter = cmp.currentIsShorter ? cmp.current : cmp.earlier;
  const covered = (side: PassageCoverage): boolean => side.matched > 0 && side.matched >= CONFIRM_MIN_COVERAGE * side.compared;
  return cmp.distance <= maxDistance || covered(shorter) || covered(cmp.earlier);
}

/** At least MIN_MATCHED_PASSAGES matched, and more than MIN_COVERAGE of the compared ones. */
function mostlyMatched(side: PassageCoverage): boolean {
  return side.matched >= MIN_MATCHED_PASSAGES && side.matched > MIN_COVERAGE * side.compared;
}
