/**
 * The Reposts tab's search (src/reposts/findReposts) in Node, on synthetic
 * history pages (a whole fingerprint and six passages each, 1 % near copies
 * of earlier pages with their passages), pages handed out in the export's
 * batches of 2,000: the whole search (pages in, groups out) against the bare
 * candidate-pair search of the engine on the same pages (core/candidate-pairs.ts,
 * the part the view cannot do without), interleaved; then filtering and
 * ranking the groups, what a keystroke in the tab's search costs.
 */
import { Corpus, DEFAULT_MAX_DISTANCE, DEFAULT_MIN_LENGTH, FINGERPRINT_SCHEME, fingerprintFromHex, forEachCandidatePair } from '../../src/core';
import { filterGroups, findReposts, NO_FILTER, rankSites, type RepostsSource } from '../../src/reposts';
import type { Page } from '../../src/store';
import { roundSummary, summarize, type Summary } from '../lib/stats';
import { random } from './dedup';

const NEAR_COPY_SHARE = 0.01;
const PASSAGES = 6;
const BATCH = 2000;
const SITES = 500;

export interface RepostsResults {
  pages: number;
  groups: number;
  ms: Summary;
  candidatePairsMs: Summary;
  ratioToCandidatePairs: number;
  filterMs: Summary;
  heapMegabytes: number;
}

function history(count: number): Page[] {
  const next = random(0x5eed);
  const hex = (): string => next().toString(16).padStart(8, '0') + next().toString(16).padStart(8, '0');
  const flip = (fp: string, bits: number): string => {
    let value = BigInt(`0x${fp}`);
    for (let k = 0; k < bits; k++) value ^= 1n << BigInt(next() % 64);
    return value.toString(16).padStart(16, '0');
  };
  const pages: Page[] = [];
  for (let i = 0; i < count; i++) {
    let fingerprint = hex();
    let passages = Array.from({ length: PASSAGES }, hex);
    if (i > 0 && next() / 2 ** 32 < NEAR_COPY_SHARE) {
      const copied = pages[next() % i] as Page;
      fingerprint = flip(copied.fingerprint, next() % 4);
      passages = copied.passages.map((p) => flip(p, next() % 3));
    }
    const site = `site${i % SITES}.example`;
    pages.push({ id: i + 1, url: `https://${site}/${i}`, site, title: `Article ${i}`, excerpt: '', textLength: 4000, fingerprint, passages, scheme: FINGERPRINT_SCHEME, cjkChars: 0, words: 700, firstVisit: i * 60_000, lastVisit: i * 60_000, visitCount: 1, source: 'visit' });
  }
  return pages;
}

function sourceOf(pages: readonly Page[]): RepostsSource {
  const byId = new Map(pages.map((page) => [page.id, page]));
  return {
    async *pageBatches() {
      for (let i = 0; i < pages.length; i += BATCH) yield pages.slice(i, i + BATCH);
    },
    count: async () => pages.length,
    get: async (id) => byId.get(id),
  };
}

function candidatePairs(pages: readonly Page[]): void {
  const corpus = new Corpus();
  for (const page of pages) {
    corpus.add({ fingerprint: fingerprintFromHex(page.fingerprint), passages: page.passages.map(fingerprintFromHex), length: { words: page.words, cjkChars: page.cjkChars } }, { source: 0, line: 0 });
  }
  forEachCandidatePair(corpus, DEFAULT_MAX_DISTANCE, () => undefined);
}

export async function runReposts({ quick }: { quick: boolean }): Promise<RepostsResults> {
  const pages = history(100_000);
  const source = sourceOf(pages);
  const options = { maxDistance: DEFAULT_MAX_DISTANCE, minLength: DEFAULT_MIN_LENGTH };
  const repeats = quick ? 3 : 7;
  const ours: number[] = [];
  const peer: number[] = [];
  const filtering: number[] = [];
  let groups = 0;
  for (let round = 0; round < repeats; round++) {
    let start = performance.now();
    const found = await findReposts(source, options);
    ours.push(performance.now() - start);
    groups = found.length;
    start = performance.now();
    candidatePairs(pages);
    peer.push(performance.now() - start);
    start = performance.now();
    rankSites(filterGroups(found, { ...NO_FILTER, search: 'article 9' }));
    filtering.push(performance.now() - start);
  }
  const ms = summarize(ours);
  const candidatePairsMs = summarize(peer);
  return {
    pages: pages.length,
    groups,
    ms: roundSummary(ms, 0),
    candidatePairsMs: roundSummary(candidatePairsMs, 0),
    ratioToCandidatePairs: Math.round((ms.median / candidatePairsMs.median) * 100) / 100,
    filterMs: roundSummary(summarize(filtering), 1),
    heapMegabytes: Math.round(process.memoryUsage().heapUsed / 1e6),
  };
}
