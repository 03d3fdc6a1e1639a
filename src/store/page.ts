/** The shape of one page in the reading history, shared by the store and the export format. */
import { fingerprintFromHex, fingerprintToHex } from '../core/fingerprint64';
import { equivalentScheme, passageMeasure, passageSampleSize, wholeFingerprintScheme, type FingerprintScheme } from '../core/scheme';
import type { DocumentSignature } from '../core/verdict';

export const PAGE_SOURCES = ['visit', 'manual', 'import', 'author'] as const;
/** How a page entered the history: read in the browser, added by hand, imported, or written by the user. */
export type PageSource = (typeof PAGE_SOURCES)[number];

/** A page of the reading history, as the store hands it out: the one shape of a page outside the store's codec and file format. */
export interface Page {
  /** The page's key in the store (codec/page-key.ts). */
  id: number;
  /** Normalised by `normalizeUrl`; unique in the history. */
  url: string;
  canonicalUrl?: string;
  title: string;
  /** Host name without "www.", for grouping and per-site deletion. */
  site: string;
  language?: string;
  /** At most MAX_EXCERPT_LENGTH characters. */
  excerpt: string;
  /** Characters of extracted text. */
  textLength: number;
  fingerprint: string;
  /** Passage fingerprints (16 hex each); slot n ≥ 1 of the block index is passages[n - 1]. */
  passages: string[];
  /** The rules the fingerprints were computed with (core/scheme.ts). */
  scheme: FingerprintScheme;
  cjkChars: number;
  words: number;
  /** The text's prose length (core DocumentSignature.proseTotal), whole length units; absent in pages recorded before it was kept. */
  proseTotal?: number;
  /** Chunk heads (core DocumentSignature.heads, 16 hex each), filed in the block index after the passages; absent in pages recorded before they were kept and in texts whose features are not words. */
  heads?: string[];
  /** Publication time declared by the page, ms since epoch. */
  publishedAt?: number;
  firstVisit: number;
  lastVisit: number;
  visitCount: number;
  source: PageSource;
}

/** A page before the store has given it a key: what is encoded, imported and merged. */
export type NewPage = Omit<Page, 'id'>;

/** What the caller knows about a page when recording a visit; the store fills in the rest. */
export interface PageInput {
  url: string;
  canonicalUrl?: string;
  title: string;
  site: string;
  language?: string;
  excerpt: string;
  textLength: number;
  cjkChars: number;
  words: number;
  /** 16 hex digits. */
  fingerprint: string;
  passages?: string[];
  /** Defaults to the current scheme (FINGERPRINT_SCHEME). */
  scheme?: FingerprintScheme;
  /** Rounded to whole length units when recorded. */
  proseTotal?: number;
  heads?: string[];
  /** ms since epoch. */
  publishedAt?: number;
  /** Defaults to 'visit'. */
  source?: PageSource;
}

export const MAX_URL_LENGTH = 2048;
export const MAX_TITLE_LENGTH = 1000;
/** Stored excerpts are cut to this length. */
export const MAX_EXCERPT_LENGTH = 200;
/** Longer excerpts in an import file are rejected rather than cut: they signal a foreign or corrupt file. */
export const MAX_IMPORT_EXCERPT_LENGTH = 1000;
export const MAX_SITE_LENGTH = 253;
export const MAX_LANGUAGE_LENGTH = 35;
/**
 * Passages (and chunk heads) an imported record may hold whatever its scheme
 * says: the limit every backup was read with before scheme 7's wider sample
 * (core/scheme.ts WIDE_SAMPLE), so every file an earlier build wrote still
 * restores.
 */
export const MAX_PASSAGES = 64;
/** Upper bound for textLength, cjkChars and words; far above any real article. */
export const MAX_TEXT_COUNT = 100_000_000;
export const MAX_VISIT_COUNT = 1_000_000;
/** Visits before the web existed are corrupt data. */
export const MIN_VISIT_TIME = Date.UTC(1990, 0, 1);
/** Tolerated clock skew between the machine that exported and the one that imports. */
export const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/** Cuts `text` to at most `max` UTF-16 units without splitting a surrogate pair. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
  return text.slice(0, end);
}

/** What the engine judges a stored page by: its fingerprints, length and prose. */
export function pageSignature(page: Pick<Page, 'fingerprint' | 'passages' | 'scheme' | 'cjkChars' | 'words' | 'proseTotal' | 'heads'>): DocumentSignature {
  const signature: DocumentSignature = {
    fingerprint: fingerprintFromHex(page.fingerprint),
    passages: page.passages.map(fingerprintFromHex),
    sampleSize: passageSampleSize(page.scheme),
    measure: passageMeasure(page.scheme),
    length: { cjkChars: page.cjkChars, words: page.words },
  };
  if (page.proseTotal !== undefined) signature.proseTotal = page.proseTotal;
  if (page.heads?.length) signature.heads = page.heads.map(fingerprintFromHex);
  return signature;
}

/** What a page's record keeps of its signature (the inverse of pageSignature): every caller that records a signed text. */
export function signedFields(signature: DocumentSignature): Pick<PageInput, 'cjkChars' | 'words' | 'fingerprint' | 'passages' | 'proseTotal' | 'heads'> {
  return {
    cjkChars: signature.length.cjkChars,
    words: signature.length.words,
    fingerprint: fingerprintToHex(signature.fingerprint),
    passages: signature.passages.map(fingerprintToHex),
    ...(signature.proseTotal !== undefined ? { proseTotal: signature.proseTotal } : {}),
    ...(signature.heads?.length ? { heads: signature.heads.map(fingerprintToHex) } : {}),
  };
}

/**
 * The scheme a page's passages are compared in: the lowest one whose rules
 * signed it alike (core/scheme.ts equivalentScheme: a text without CJK signs
 * alike in schemes 1 and 2, and every text compares like with like in 3 and
 * 4). Passages of two such schemes are never compared: the history keeps no
 * text to sign them again.
 */
export function comparisonScheme(page: Pick<Page, 'scheme' | 'cjkChars' | 'words'>): FingerprintScheme {
  return equivalentScheme(page.scheme, page);
}

/** The scheme a page's whole fingerprint is compared in (wholeFingerprintScheme): pages of 3–6 compare by it whatever their passages. */
export function wholeComparisonScheme(page: Pick<Page, 'scheme' | 'cjkChars' | 'words'>): FingerprintScheme {
  return wholeFingerprintScheme(page.scheme, page);
}
