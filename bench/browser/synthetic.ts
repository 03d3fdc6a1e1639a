/** Synthetic but realistic history pages for the storage benchmarks, the same on every run. */
import { FINGERPRINT_SCHEME, type Fingerprint } from '../../src/core';
import type { NewPage } from '../../src/store';

/** Deterministic PRNG (xorshift32), so runs store the same pages. */
export function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

export const hex = (fp: Fingerprint) => (fp.hi >>> 0).toString(16).padStart(8, '0') + (fp.lo >>> 0).toString(16).padStart(8, '0');

export interface Corpus {
  titles: string[];
  excerpts: string[];
  /** Passage counts of real pages (signDocument on the practice set), sampled per page. */
  passageCounts: number[];
  /** The same pages' chunk head counts (DocumentSignature.heads), beside passageCounts; none when absent. */
  headCounts?: number[];
}

/** Fingerprints of page `i`: whole document, passages and chunk heads, from the page number alone. */
export function fingerprintsOf(i: number, corpus: Corpus): { fp: Fingerprint; passages: Fingerprint[]; heads: Fingerprint[] } {
  const next = rng(0x9e3779b9 ^ Math.imul(i + 1, 0x85ebca6b));
  const fp = { hi: next(), lo: next() };
  const count = corpus.passageCounts[i % corpus.passageCounts.length] as number;
  const passages: Fingerprint[] = [];
  for (let k = 0; k < count; k++) passages.push({ hi: next(), lo: next() });
  const heads: Fingerprint[] = [];
  for (let k = 0; k < headCountOf(i, corpus); k++) heads.push({ hi: next(), lo: next() });
  return { fp, passages, heads };
}

/** Page `i`'s chunk head count. */
export function headCountOf(i: number, corpus: Corpus): number {
  return corpus.headCounts?.[i % corpus.headCounts.length] ?? 0;
}

export function pageOf(i: number, corpus: Corpus): NewPage {
  const { fp, passages, heads } = fingerprintsOf(i, corpus);
  const title = corpus.titles[i % corpus.titles.length] as string;
  const excerpt = corpus.excerpts[(i * 7) % corpus.excerpts.length] as string;
  const visit = Date.UTC(2025, 0, 1) + i * 60_000;
  return {
    url: `https://news${i % 997}.example.com/2025/articles/${i}-${title.slice(0, 30).toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    title,
    site: `news${i % 997}.example.com`,
    language: 'en',
    excerpt,
    textLength: 4000 + (i % 9000),
    fingerprint: hex(fp),
    passages: passages.map(hex),
    ...(heads.length > 0 ? { heads: heads.map(hex) } : {}),
    scheme: FINGERPRINT_SCHEME,
    cjkChars: 0,
    words: 700 + (i % 1500),
    firstVisit: visit,
    lastVisit: visit,
    visitCount: 1,
    source: 'visit',
  };
}

/** Bytes the record's title, URL and excerpt take as V8 serialises strings (1 byte/char Latin-1, else 2). */
export function textBytes(page: NewPage): number {
  const size = (s: string) => (/[^\u0000-\u00ff]/.test(s) ? 2 : 1) * s.length;
  return size(page.title) + size(page.url) + size(page.excerpt);
}

