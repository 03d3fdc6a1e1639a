/**
 * A page as the pages store keeps it (schema version 3): the three texts and
 * the indexed last visit as fields, everything else packed in one byte array.
 * Why: IndexedDB stores each record's field names and each number with a type
 * tag, and the history is meant to hold a million pages; the packed record
 * costs ~100 bytes beyond title, URL and excerpt instead of ~300 (docs/performance.md).
 * The key is not in the record (page-key.ts); `PageRecord` stays the shape the
 * rest of the extension sees.
 *
 * `d` layout (DataView, little-endian numbers, fingerprints big-endian):
 *   0 flags (bit 0: publishedAt present)   1 source (index in PAGE_SOURCES)
 *   2 visitCount u32   6 textLength u32   10 cjkChars u32   14 words u32
 *   18 firstVisit f64  [26 publishedAt f64]   then the fingerprints, 8 bytes
 *   each: the whole document, then the passages.
 */
import { siteOf } from '../core/url';
import { FINGERPRINT_BYTES, fingerprintsFromHex, fingerprintsToHex } from './block-index';
import { PAGE_SOURCES, type PageRecord } from './page';

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
}

export type NewPage = Omit<PageRecord, 'id'>;

const HAS_PUBLISHED = 1;
const HEADER_BYTES = 26;

export class DamagedPageError extends Error {
  constructor(key: number) {
    super(`the stored page ${key} is damaged`);
    this.name = 'DamagedPageError';
  }
}

export function encodePage(page: NewPage): StoredPage {
  const fingerprints = fingerprintsFromHex(page.fingerprint, page.passages);
  const published = page.publishedAt !== undefined;
  const start = HEADER_BYTES + (published ? 8 : 0);
  const d = new Uint8Array(start + fingerprints.byteLength);
  const view = new DataView(d.buffer);
  view.setUint8(0, published ? HAS_PUBLISHED : 0);
  view.setUint8(1, PAGE_SOURCES.indexOf(page.source));
  view.setUint32(2, page.visitCount, true);
  view.setUint32(6, page.textLength, true);
  view.setUint32(10, page.cjkChars, true);
  view.setUint32(14, page.words, true);
  view.setFloat64(18, page.firstVisit, true);
  if (published) view.setFloat64(HEADER_BYTES, page.publishedAt as number, true);
  d.set(fingerprints, start);
  const stored: StoredPage = { u: page.url, t: page.title, e: page.excerpt, v: page.lastVisit, d };
  if (page.canonicalUrl !== undefined) stored.c = page.canonicalUrl;
  if (page.language !== undefined) stored.l = page.language;
  if (page.site !== siteOf(page.url)) stored.s = page.site;
  return stored;
}

/** Offset of the fingerprints in `d`; throws DamagedPageError on a record this code did not write. */
function fingerprintsStart(stored: StoredPage, key: number): number {
  const d: unknown = stored?.d;
  if (!(d instanceof Uint8Array) || d.byteLength < HEADER_BYTES) throw new DamagedPageError(key);
  const start = HEADER_BYTES + ((d[0] as number) & HAS_PUBLISHED ? 8 : 0);
  if (d.byteLength < start + FINGERPRINT_BYTES || (d.byteLength - start) % FINGERPRINT_BYTES !== 0) throw new DamagedPageError(key);
  return start;
}

/** The page's fingerprints, packed 8 bytes each (a view into the record). */
export function storedFingerprints(stored: StoredPage, key: number): Uint8Array {
  return stored.d.subarray(fingerprintsStart(stored, key));
}

export function decodePage(stored: StoredPage, key: number): PageRecord {
  return { id: key, ...decodeContent(stored, key) };
}

/** The page without its id; `key` only names it in errors. */
export function decodeContent(stored: StoredPage, key: number): NewPage {
  const start = fingerprintsStart(stored, key);
  const view = new DataView(stored.d.buffer, stored.d.byteOffset, stored.d.byteLength);
  const source = PAGE_SOURCES[view.getUint8(1)];
  if (source === undefined) throw new DamagedPageError(key);
  const page: NewPage = {
    url: stored.u,
    title: stored.t,
    site: stored.s ?? siteOf(stored.u),
    excerpt: stored.e,
    textLength: view.getUint32(6, true),
    ...fingerprintsToHex(stored.d.subarray(start)),
    cjkChars: view.getUint32(10, true),
    words: view.getUint32(14, true),
    firstVisit: view.getFloat64(18, true),
    lastVisit: stored.v,
    visitCount: view.getUint32(2, true),
    source,
  };
  if (stored.c !== undefined) page.canonicalUrl = stored.c;
  if (stored.l !== undefined) page.language = stored.l;
  if (view.getUint8(0) & HAS_PUBLISHED) page.publishedAt = view.getFloat64(HEADER_BYTES, true);
  return page;
}
