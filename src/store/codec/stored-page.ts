/**
 * A page as the pages store keeps it (schema version 3): the three texts and
 * the indexed last visit as fields, everything else packed in one byte array.
 * Why: IndexedDB stores each record's field names and each number with a type
 * tag, and the history is meant to hold a million pages; the packed record
 * costs ~100 bytes beyond title, URL and excerpt instead of ~300 (docs/performance.md).
 * The key is not in the record (page-key.ts); `Page` stays the shape the
 * rest of the extension sees. Pure: no IndexedDB.
 *
 * `d` layout: a count n, then n fingerprints of 8 bytes each, big-endian
 * (the whole document, then the passages); when the count's top bit is set
 * (HEADS_FOLLOW, database version 12 on), a count h and h chunk heads of
 * 8 bytes each (core DocumentSignature.heads); then a flags byte (bit 0:
 * publishedAt present; bits 1–4: the fingerprint scheme − 1, so records
 * written before schemes existed read as scheme 1; bit 5: proseTotal
 * present) and the source (index in PAGE_SOURCES), then
 * unsigned LEB128 varints: visitCount, textLength, cjkChars, words, and
 * lastVisit − firstVisit in ms (zigzag), and proseTotal when present; then publishedAt as a little-endian
 * f64 when present. Varints keep the usual page's numbers in ~10 bytes
 * instead of 26.
 */
import { isFingerprintScheme, type FingerprintScheme } from '../../core/scheme';
import { siteOf } from '../../core/url';
import { PAGE_SOURCES, type NewPage, type Page, type PageSource } from '../page';
import { FINGERPRINT_BYTES, fingerprintHexAt, fingerprintsFromHex, fingerprintsHex, packHex, passagesHex } from './fingerprints';

/** A page as the pages store holds it: the encoded form of `NewPage` (layout above). */
export interface StoredPage {
  /** url, normalised. */
  u: string;
  /** title */
  t: string;
  /** excerpt */
  e: string;
  /** lastVisit, ms since epoch: the one indexed field. */
  v: number;
  /** Packed numbers and fingerprints (layout above). */
  d: Uint8Array;
  /** canonicalUrl, when the page declared one. */
  c?: string;
  /** language, when known. */
  l?: string;
  /** site, only when it is not siteOf(url) (an imported record may say otherwise). */
  s?: string;
  /**
   * The fingerprint scheme again: the key of the `scheme` index, which tells
   * which older schemes a new page must also be signed in. Optional only in
   * records of versions before 6 (migrations/v6.ts sets it on every page).
   */
  o?: FingerprintScheme;
}

const HAS_PUBLISHED = 1;
/** The scheme − 1 sits in the flags byte above the publishedAt bit. */
const SCHEME_SHIFT = 1;
const SCHEME_MASK = 0x0f;
/** Above the scheme's four bits: records written before proseTotal was kept have it clear. */
const HAS_PROSE = 1 << 5;
/** Bytes before the fingerprints: their count. */
const COUNT_BYTES = 1;
/** The count's top bit (a page has at most 1 + WIDE_SAMPLE fingerprints, core/scheme.ts): chunk heads follow the fingerprints. */
const HEADS_FOLLOW = 0x80;

export class DamagedPageError extends Error {
  constructor(key: number) {
    super(`the stored page ${key} is damaged`);
    this.name = 'DamagedPageError';
  }
}

/** Appends `value` (a non-negative integer below 2^53) as an unsigned LEB128 varint. */
function pushVarint(out: number[], value: number): void {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

const zigzag = (n: number): number => (n >= 0 ? 2 * n : -2 * n - 1);
const unzigzag = (z: number): number => (z % 2 === 0 ? z / 2 : -(z + 1) / 2);

export function encodePage(page: NewPage): StoredPage {
  const fingerprints = fingerprintsFromHex(page.fingerprint, page.passages);
  const published = page.publishedAt !== undefined;
  const prose = page.proseTotal !== undefined;
  const flags = (published ? HAS_PUBLISHED : 0) | ((page.scheme - 1) << SCHEME_SHIFT) | (prose ? HAS_PROSE : 0);
  const tail: number[] = [flags, PAGE_SOURCES.indexOf(page.source)];
  for (const value of [page.visitCount, page.textLength, page.cjkChars, page.words, zigzag(page.lastVisit - page.firstVisit)]) pushVarint(tail, value);
  if (prose) pushVarint(tail, page.proseTotal as number);
  const heads = page.heads?.length ? packHex(page.heads) : undefined;
  // A count that reached the flag bit would read back as another page: refused, not stored damaged.
  if (fingerprints.byteLength / FINGERPRINT_BYTES >= HEADS_FOLLOW || (heads?.byteLength ?? 0) / FINGERPRINT_BYTES > 0xff) {
    throw new RangeError(`a page keeps at most ${HEADS_FOLLOW - 2} passages and 255 chunk heads`);
  }
  const start = COUNT_BYTES + fingerprints.byteLength + (heads ? COUNT_BYTES + heads.byteLength : 0);
  const d = new Uint8Array(start + tail.length + (published ? 8 : 0));
  d[0] = fingerprints.byteLength / FINGERPRINT_BYTES | (heads ? HEADS_FOLLOW : 0);
  d.set(fingerprints, COUNT_BYTES);
  if (heads) {
    d[COUNT_BYTES + fingerprints.byteLength] = heads.byteLength / FINGERPRINT_BYTES;
    d.set(heads, 2 * COUNT_BYTES + fingerprints.byteLength);
  }
  d.set(tail, start);
  if (published) new DataView(d.buffer).setFloat64(start + tail.length, page.publishedAt as number, true);
  const stored: StoredPage = { u: page.url, t: page.title, e: page.excerpt, v: page.lastVisit, d, o: page.scheme };
  if (page.canonicalUrl !== undefined) stored.c = page.canonicalUrl;
  if (page.language !== undefined) stored.l = page.language;
  if (page.site !== siteOf(page.url)) stored.s = page.site;
  return stored;
}

/** End of the whole fingerprint and the passages in `d`; throws DamagedPageError on a record this code did not write. */
function passagesEnd(stored: StoredPage, key: number): number {
  const d: unknown = stored?.d;
  if (!(d instanceof Uint8Array) || d.byteLength < COUNT_BYTES) throw new DamagedPageError(key);
  const count = (d[0] as number) & ~HEADS_FOLLOW;
  const end = COUNT_BYTES + count * FINGERPRINT_BYTES;
  if (count === 0 || d.byteLength < end) throw new DamagedPageError(key);
  return end;
}

/** End of every fingerprint in `d`, the chunk heads included: where the flags byte is. */
function fingerprintsEnd(stored: StoredPage, key: number): number {
  const end = passagesEnd(stored, key);
  if (((stored.d[0] as number) & HEADS_FOLLOW) === 0) return end;
  const headsEnd = end + COUNT_BYTES + (stored.d[end] ?? 0) * FINGERPRINT_BYTES;
  if (stored.d.byteLength < headsEnd) throw new DamagedPageError(key);
  return headsEnd;
}

/** The page's fingerprints, packed 8 bytes each (a view into the record): the whole document, then the passages. */
export function storedFingerprints(stored: StoredPage, key: number): Uint8Array {
  return stored.d.subarray(COUNT_BYTES, passagesEnd(stored, key));
}

/**
 * Every fingerprint the block index files for the page, packed: the whole
 * document, its passages, then its chunk heads (a view into the record when
 * it keeps no heads, a copy otherwise).
 */
export function storedFiledFingerprints(stored: StoredPage, key: number): Uint8Array {
  const fingerprints = storedFingerprints(stored, key);
  const heads = storedHeads(stored, key);
  if (heads.byteLength === 0) return fingerprints;
  const filed = new Uint8Array(fingerprints.byteLength + heads.byteLength);
  filed.set(fingerprints);
  filed.set(heads, fingerprints.byteLength);
  return filed;
}

/** How many fingerprints the block index files for the page: the whole document, its passages and its chunk heads. */
export function storedFiledCount(stored: StoredPage, key: number): number {
  return (storedFingerprints(stored, key).byteLength + storedHeads(stored, key).byteLength) / FINGERPRINT_BYTES;
}

/** The page's chunk heads, packed 8 bytes each (a view into the record; empty when it keeps none). */
export function storedHeads(stored: StoredPage, key: number): Uint8Array {
  return stored.d.subarray(passagesEnd(stored, key) + COUNT_BYTES, fingerprintsEnd(stored, key));
}

/** The scheme the page was signed in, from its flags (what decodeContent reads), without decoding the rest. */
export function storedScheme(stored: StoredPage, key: number): FingerprintScheme {
  const scheme = (((stored.d[fingerprintsEnd(stored, key)] as number) >> SCHEME_SHIFT) & SCHEME_MASK) + 1;
  if (!isFingerprintScheme(scheme)) throw new DamagedPageError(key);
  return scheme;
}

/** The page's site: stored only when it is not the URL's own. */
export function storedSite(stored: StoredPage): string {
  return stored.s ?? siteOf(stored.u);
}

/** How the page entered the history (PAGE_SOURCES), read without decoding the rest; `key` only names it in errors. */
export function storedSource(stored: StoredPage, key: number): PageSource {
  const source = PAGE_SOURCES[stored.d[fingerprintsEnd(stored, key) + 1] ?? -1];
  if (source === undefined) throw new DamagedPageError(key);
  return source;
}

export function decodePage(stored: StoredPage, key: number): Page {
  return decodeFields(stored, key);
}

/** The page without its id; `key` only names it in errors. Used when merging a page, which is rare. */
export function decodeContent(stored: StoredPage, key: number): NewPage {
  const page: NewPage & { id?: number } = decodeFields(stored, key);
  delete page.id;
  return page;
}

/** The page with its key as id and its fingerprints as hex. */
function decodeFields(stored: StoredPage, key: number): Page {
  const { fingerprints, heads, ...fields } = decodePacked(stored, key);
  const page: Page = { id: key, ...fields, fingerprint: fingerprintHexAt(fingerprints, 0), passages: passagesHex(fingerprints) };
  if (heads.byteLength > 0) page.heads = fingerprintsHex(heads);
  return page;
}

/**
 * A stored page's fields with its fingerprints left packed (views into the
 * record): what an export writes its line from, without a string for each of
 * a page's ~60 fingerprints (decodePage's hex strings and the objects between
 * were most of an export's time at a million pages).
 */
export interface PackedPage extends Omit<NewPage, 'fingerprint' | 'passages' | 'heads'> {
  /** The whole document, then the passages, 8 bytes each. */
  fingerprints: Uint8Array;
  /** The chunk heads, 8 bytes each; empty when the page keeps none. */
  heads: Uint8Array;
}

/** The page's fields, built as one object; the numbers after its fingerprints checked to end where the record does. */
export function decodePacked(stored: StoredPage, key: number): PackedPage {
  const end = fingerprintsEnd(stored, key);
  const d = stored.d;
  let at = end + 2;
  const varint = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (at >= d.byteLength || scale > 2 ** 49) throw new DamagedPageError(key);
      const byte = d[at++] as number;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  };
  const flags = d[end] as number;
  const source = PAGE_SOURCES[d[end + 1] ?? -1];
  if (source === undefined) throw new DamagedPageError(key);
  const visitCount = varint();
  const textLength = varint();
  const cjkChars = varint();
  const words = varint();
  const span = unzigzag(varint());
  const published = (flags & HAS_PUBLISHED) !== 0;
  const proseTotal = (flags & HAS_PROSE) !== 0 ? varint() : undefined;
  const scheme = storedScheme(stored, key);
  if (at + (published ? 8 : 0) !== d.byteLength) throw new DamagedPageError(key);
  const page: PackedPage = {
    url: stored.u,
    title: stored.t,
    site: storedSite(stored),
    excerpt: stored.e,
    textLength,
    fingerprints: storedFingerprints(stored, key),
    heads: storedHeads(stored, key),
    scheme,
    cjkChars,
    words,
    firstVisit: stored.v - span,
    lastVisit: stored.v,
    visitCount,
    source,
  };
  if (stored.c !== undefined) page.canonicalUrl = stored.c;
  if (stored.l !== undefined) page.language = stored.l;
  if (proseTotal !== undefined) page.proseTotal = proseTotal;
  if (published) page.publishedAt = new DataView(d.buffer, d.byteOffset, d.byteLength).getFloat64(at, true);
  return page;
}
