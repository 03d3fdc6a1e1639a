/**
 * Bench-only prototype of an alternative history layout, to measure what a
 * store change would buy (bytes per page, pages written per second, query
 * latency) before anyone changes src/store. NOT the store's code.
 *
 * One object store of page records; the block index is a multiEntry index
 * over a `blocks` field holding, for each indexed fingerprint, the number
 * blockIndex·65536 + block. IndexedDB writes the index entries itself when
 * the record is put: one request per page instead of one per block entry.
 *
 * Variants:
 * - 'all':   whole-document and passage fingerprints in `blocks` (distance ≤ 3 for every slot, like the store today);
 * - 'whole': only the whole-document fingerprint in `blocks`; passages found by exact value
 *            through a second multiEntry index over the existing `passages` hex strings.
 */
import type { Fingerprint } from '../../src/core';
import { fingerprintFromHex } from '../../src/core/fingerprint64';
import { popcount32 } from '../../src/core/hamming';
import type { NewPage } from '../../src/store';
import { pageOf, type Corpus } from './synthetic';

export type Variant = 'all' | 'whole';
type AltRecord = NewPage & { blocks: number[] };

const req = <T>(r: IDBRequest<T>): Promise<T> => new Promise((resolve, reject) => {
  r.onsuccess = () => resolve(r.result);
  r.onerror = () => reject(r.error);
});
const done = (tx: IDBTransaction): Promise<void> => new Promise((resolve, reject) => {
  tx.oncomplete = () => resolve();
  tx.onerror = () => reject(tx.error);
  tx.onabort = () => reject(tx.error);
});

function blockKeys(fp: Fingerprint): number[] {
  return [0 * 65536 + (fp.hi >>> 16), 1 * 65536 + (fp.hi & 0xffff), 2 * 65536 + (fp.lo >>> 16), 3 * 65536 + (fp.lo & 0xffff)];
}

export class AltLayout {
  private stored = 0;
  private constructor(private readonly db: IDBDatabase, readonly variant: Variant, private readonly corpus: Corpus) {}

  static async open(name: string, variant: Variant, corpus: Corpus): Promise<AltLayout> {
    await new Promise<void>((resolve) => {
      const d = indexedDB.deleteDatabase(name);
      d.onsuccess = d.onerror = d.onblocked = () => resolve();
    });
    const open = indexedDB.open(name, 1);
    open.onupgradeneeded = () => {
      const pages = open.result.createObjectStore('pages', { keyPath: 'id', autoIncrement: true });
      pages.createIndex('url', 'url', { unique: true });
      pages.createIndex('lastVisit', 'lastVisit');
      pages.createIndex('site', 'site');
      pages.createIndex('blocks', 'blocks', { multiEntry: true });
      if (variant === 'whole') pages.createIndex('passages', 'passages', { multiEntry: true });
    };
    return new AltLayout(await req(open), variant, corpus);
  }

  record(i: number): AltRecord {
    const page = pageOf(i, this.corpus);
    const fps = this.variant === 'all' ? [page.fingerprint, ...page.passages] : [page.fingerprint];
    return { ...page, blocks: fps.flatMap((h) => blockKeys(fingerprintFromHex(h))) };
  }

  /** Pages up to `total`, `batch` per transaction, one put each. */
  async fillTo(total: number, batch: number): Promise<number> {
    const t0 = performance.now();
    while (this.stored < total) {
      const end = Math.min(total, this.stored + batch);
      const tx = this.db.transaction('pages', 'readwrite');
      const store = tx.objectStore('pages');
      for (let i = this.stored; i < end; i++) store.add(this.record(i));
      await done(tx);
      this.stored = end;
    }
    return (performance.now() - t0) / 1000;
  }

  /** Pages with a fingerprint within 3 bits of `fp` (for 'whole': passages equal to `fp`). */
  async query(fp: Fingerprint): Promise<number> {
    const tx = this.db.transaction('pages', 'readonly');
    const pages = tx.objectStore('pages');
    const index = pages.index('blocks');
    const lists = await Promise.all(blockKeys(fp).map((k) => req(index.getAll(IDBKeyRange.only(k))) as Promise<AltRecord[]>));
    const found = new Set<number>();
    for (const list of lists) {
      for (const page of list) {
        const slots = this.variant === 'all' ? [page.fingerprint, ...page.passages] : [page.fingerprint];
        for (const h of slots) {
          const other = fingerprintFromHex(h);
          if (popcount32((other.hi ^ fp.hi) >>> 0) + popcount32((other.lo ^ fp.lo) >>> 0) <= 3) found.add((page as unknown as { id: number }).id);
        }
      }
    }
    if (this.variant === 'whole') {
      const hex = (fp.hi >>> 0).toString(16).padStart(8, '0') + (fp.lo >>> 0).toString(16).padStart(8, '0');
      for (const id of (await req(pages.index('passages').getAllKeys(IDBKeyRange.only(hex)))) as number[]) found.add(id);
    }
    return found.size;
  }
}
