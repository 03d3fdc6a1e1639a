/**
 * Version 2 → 3, inside the versionchange transaction. Each page is re-keyed
 * by its URL and packed into a new store that then takes the name `pages`
 * (so the url and site indexes go with the old one), and the block stores are
 * rebuilt under the version-3 filing. What a page says does not change.
 * Frozen (v1.ts): the version-3 record and bucket layouts are written out
 * here, as version 3 shipped them.
 *
 * Page key: FNV-1a of the URL's UTF-16 units folded to 24 bits (0 → 1),
 * × 16 + the first free slot. Record: { u: url, t: title, e: excerpt,
 * v: lastVisit, d[, c: canonicalUrl][, l: language][, s: site when not the
 * URL's own] }, `d` = fingerprint count, the fingerprints (8 bytes each,
 * big-endian), a flags byte (bit 0: publishedAt present), the source's index,
 * unsigned LEB128 varints visitCount, textLength, cjkChars, words and
 * zigzag(lastVisit − firstVisit), then publishedAt as a little-endian f64.
 * Buckets: one per block store and top 12 bits of the block, 8-byte entries
 * (page key × 16 + the block's low 4 bits as uint32, then blocks b + 1 and
 * b + 2 mod 4 as uint16, big-endian); the whole fingerprint is filed under all
 * four blocks, each distinct passage under its first block only (block0).
 */
import { unwrap } from 'idb';
import { BLOCK_STORE_NAMES, type UpgradeDatabase, type UpgradeTransaction } from './upgrade';
import type { V2Page } from './v2';

/** What a version-2 page holds besides its fingerprints (v2.ts `V2Page`), as this upgrade reads it. */
interface V2Fields {
  url: string;
  canonicalUrl?: string;
  title: string;
  site: string;
  language?: string;
  excerpt: string;
  textLength: number;
  cjkChars: number;
  words: number;
  publishedAt?: number;
  firstVisit: number;
  lastVisit: number;
  visitCount: number;
  source: string;
}

/** A page as version 3 stores it (layout above). */
interface V3StoredPage {
  u: string;
  t: string;
  e: string;
  v: number;
  d: Uint8Array;
  c?: string;
  l?: string;
  s?: string;
}

const NEXT_PAGES = 'pages-v3';
const SLOTS_PER_HASH = 16;
const URL_HASH_BITS = 24;
const FINGERPRINT_BYTES = 8;
const ENTRY_BYTES = 8;
const LOW_BITS = 4;
const V3_SOURCES = ['visit', 'manual', 'import', 'author'];
const HAS_PUBLISHED = 1;

function urlHash(url: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < url.length; i++) h = Math.imul(h ^ url.charCodeAt(i), 0x01000193);
  const folded = ((h >>> URL_HASH_BITS) ^ h) & (2 ** URL_HASH_BITS - 1);
  return folded === 0 ? 1 : folded;
}

/** Host name without "www.", '' when the URL does not parse: the site version 3 leaves out of a record. */
function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

function pushVarint(out: number[], value: number): void {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

const zigzag = (n: number): number => (n >= 0 ? 2 * n : -2 * n - 1);

/** How many whole fingerprints `packed` holds; throws (aborting the upgrade) when it holds none. */
function fingerprintCount(packed: unknown): number {
  const count = packed instanceof Uint8Array ? Math.floor(packed.byteLength / FINGERPRINT_BYTES) : 0;
  if (count === 0) throw new Error('a version-2 page has no fingerprint');
  return count;
}

function encodeV3(page: V2Fields, packed: Uint8Array): V3StoredPage {
  const count = fingerprintCount(packed);
  const published = page.publishedAt !== undefined;
  const tail: number[] = [published ? HAS_PUBLISHED : 0, V3_SOURCES.indexOf(page.source)];
  for (const value of [page.visitCount, page.textLength, page.cjkChars, page.words, zigzag(page.lastVisit - page.firstVisit)]) pushVarint(tail, value);
  const start = 1 + count * FINGERPRINT_BYTES;
  const d = new Uint8Array(start + tail.length + (published ? 8 : 0));
  d[0] = count;
  d.set(packed.subarray(0, count * FINGERPRINT_BYTES), 1);
  d.set(tail, start);
  if (published) new DataView(d.buffer).setFloat64(start + tail.length, page.publishedAt as number, true);
  const stored: V3StoredPage = { u: page.url, t: page.title, e: page.excerpt, v: page.lastVisit, d };
  if (page.canonicalUrl !== undefined) stored.c = page.canonicalUrl;
  if (page.language !== undefined) stored.l = page.language;
  if (page.site !== siteOf(page.url)) stored.s = page.site;
  return stored;
}

function readUint32(bytes: Uint8Array, at: number): number {
  return (((bytes[at] as number) << 24) | ((bytes[at + 1] as number) << 16) | ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number)) >>> 0;
}

/** Block `b` (0 = the top 16 bits) of the fingerprint hi:lo. */
function blockOf(hi: number, lo: number, b: number): number {
  const half = b < 2 ? hi : lo;
  return b % 2 === 0 ? half >>> 16 : half & 0xffff;
}

/** The fingerprints of `packed` filed in block store `b`, as [hi, lo]: slot 0 in every store, later distinct ones in block0 only. */
function filedIn(packed: Uint8Array, b: number): [number, number][] {
  const out: [number, number][] = [];
  const seen: [number, number][] = [];
  const count = Math.floor(packed.byteLength / FINGERPRINT_BYTES);
  for (let i = 0; i < count; i++) {
    const hi = readUint32(packed, i * FINGERPRINT_BYTES);
    const lo = readUint32(packed, i * FINGERPRINT_BYTES + 4);
    const repeat = seen.some(([h, l]) => h === hi && l === lo);
    seen.push([hi, lo]);
    if (!repeat && (i === 0 || b === 0)) out.push([hi, lo]);
  }
  return out;
}

/**
 * Fills the emptied block stores from the pages (`keys[i]` with the packed
 * `fingerprints[i]`), a store at a time: each bucket's size counted first,
 * then its entries written in page order, so only one store's entries are
 * held, packed.
 */
async function fileBlocks(tx: UpgradeTransaction, keys: readonly number[], fingerprints: readonly Uint8Array[]): Promise<void> {
  for (let b = 0; b < BLOCK_STORE_NAMES.length; b++) {
    const sizes = new Map<number, number>();
    fingerprints.forEach((packed) => {
      for (const [hi, lo] of filedIn(packed, b)) {
        const bucket = blockOf(hi, lo, b) >>> LOW_BITS;
        sizes.set(bucket, (sizes.get(bucket) ?? 0) + ENTRY_BYTES);
      }
    });
    const buckets = new Map<number, { bytes: Uint8Array; at: number }>([...sizes].sort(([a], [c]) => a - c).map(([key, size]) => [key, { bytes: new Uint8Array(size), at: 0 }]));
    fingerprints.forEach((packed, i) => {
      for (const [hi, lo] of filedIn(packed, b)) {
        const block = blockOf(hi, lo, b);
        const bucket = buckets.get(block >>> LOW_BITS) as { bytes: Uint8Array; at: number };
        const view = new DataView(bucket.bytes.buffer);
        view.setUint32(bucket.at, (keys[i] as number) * (1 << LOW_BITS) + (block & ((1 << LOW_BITS) - 1)));
        view.setUint16(bucket.at + 4, blockOf(hi, lo, (b + 1) % 4));
        view.setUint16(bucket.at + 6, blockOf(hi, lo, (b + 2) % 4));
        bucket.at += ENTRY_BYTES;
      }
    });
    const store = tx.objectStore(BLOCK_STORE_NAMES[b] as string);
    await Promise.all([...buckets].map(([key, { bytes }]) => store.put(bytes, key)));
  }
}

export async function upgradeToV3(db: UpgradeDatabase, tx: UpgradeTransaction): Promise<void> {
  const next = db.createObjectStore(NEXT_PAGES);
  next.createIndex('lastVisit', 'v');
  const slotsUsed = new Map<number, number>();
  const keys: number[] = [];
  const fingerprints: Uint8Array[] = [];
  const writes: Promise<unknown>[] = [];
  let cursor = await tx.objectStore('pages').openCursor();
  while (cursor !== null) {
    const { fingerprints: packed, ...rest } = cursor.value as V2Page;
    const page = rest as unknown as V2Fields;
    const hash = urlHash(page.url);
    const used = slotsUsed.get(hash) ?? 0;
    if (used >= SLOTS_PER_HASH) throw new Error(`${SLOTS_PER_HASH} stored URLs already share the hash of ${page.url}`);
    slotsUsed.set(hash, used + 1);
    const key = hash * SLOTS_PER_HASH + used;
    writes.push(next.add(encodeV3(page, packed), key));
    keys.push(key);
    fingerprints.push(packed);
    cursor = await cursor.continue();
  }
  await Promise.all([...writes, ...[...BLOCK_STORE_NAMES, 'staging'].map((name) => tx.objectStore(name).clear())]);
  db.deleteObjectStore('pages');
  (unwrap(next) as IDBObjectStore).name = 'pages';
  await fileBlocks(tx, keys, fingerprints);
}
