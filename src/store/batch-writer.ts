/**
 * Writing imported pages a batch per transaction, pages and bucket entries
 * together, merging each with the page of its URL stored at that moment: what
 * an import does for pages that change stored ones, and for new pages whose
 * planned key another writer took meanwhile (import.ts). Also the per-page
 * outcomes the import reports.
 */
import { BlockEdits } from './blocks/block-edits';
import { applyBlockEdits } from './blocks/block-stores';
import { unpackFingerprints } from './codec/fingerprints';
import { SLOTS_PER_HASH, TakenHashes, freeKey, urlHash } from './codec/page-key';
import { encodePage, storedFiledFingerprints, type StoredPage } from './codec/stored-page';
import { inTransaction } from './errors';
import type { ImportHashes, NewEntry } from './import-round';
import { mergePages, sameContent, sameStored, unpack } from './page-merge';
import { PageTable } from './page-table';
import { ALL_STORES, type HistoryDatabase } from './schema';

/** Pages counted by outcome. */
export interface Counts {
  imported: number;
  updated: number;
  unchanged: number;
}

/**
 * Attempts at one batch whose new page collides with a page another writer
 * (a visit) added since the import read the history's URL hashes: each retry
 * reads them again, so a second collision needs another visit in between.
 */
const MAX_BATCH_ATTEMPTS = 3;

/** A set of page keys in bounded memory: a bit per URL hash for slot 0, where nearly all pages are (2 MB however large the file), the few other slots by key. */
class KeySet {
  private readonly atSlot0 = new TakenHashes();
  private readonly elsewhere = new Set<number>();

  add(key: number): void {
    if (key % SLOTS_PER_HASH === 0) this.atSlot0.mark(key / SLOTS_PER_HASH);
    else this.elsewhere.add(key);
  }

  has(key: number): boolean {
    return key % SLOTS_PER_HASH === 0 ? this.atSlot0.has(key / SLOTS_PER_HASH) : this.elsewhere.has(key);
  }
}

export type Outcome = 'imported' | 'updated' | 'unchanged';

/**
 * What this import did to each page it touched, so the report counts pages,
 * not records, however far apart a file lists one URL: a page is counted by
 * its first outcome, except that a page found unchanged and later updated
 * counts as updated. Outcomes of a batch are noted once it has committed.
 */
export class PageOutcomes {
  private readonly sets: Record<Outcome, KeySet> = { imported: new KeySet(), updated: new KeySet(), unchanged: new KeySet() };

  /** Counts `outcome` for page `key` into `counts` (possibly moving it from unchanged), and queues it in `notes`. */
  count(key: number, outcome: Outcome, counts: Counts, notes: [number, Outcome][]): void {
    const { imported, updated, unchanged } = this.sets;
    if (outcome !== 'imported' && (imported.has(key) || updated.has(key))) return;
    if (outcome === 'unchanged' && unchanged.has(key)) return;
    if (outcome === 'updated' && unchanged.has(key)) counts.unchanged--;
    counts[outcome]++;
    notes.push([key, outcome]);
  }

  commit(notes: readonly [number, Outcome][]): void {
    for (const [key, outcome] of notes) this.sets[outcome].add(key);
  }
}

/** Counts a page's outcome (PageOutcomes.count) within the batch being written. */
type CountPage = (key: number, outcome: Outcome) => void;

/**
 * Pages whose URL hash the history already has (an update, a URL sharing a
 * hash, or a page written by another writer meanwhile): their slots are read
 * (PageTable.slots), then each is merged with the stored page of its URL, or placed
 * in a free slot (also free of the new pages placed before it in this batch).
 * A page identical to its stored one after merging is not written at all.
 */
async function writeShared(table: PageTable<'readwrite'>, pages: readonly StoredPage[], count: CountPage, edits: BlockEdits): Promise<void> {
  const hashOf = pages.map((page) => urlHash(page.u));
  const slots = await table.slots([...new Set(hashOf)]);
  pages.forEach((page, i) => {
    const hash = hashOf[i] as number;
    const slot = slots.get(hash) ?? { keys: [], values: [] };
    const at = slot.values.findIndex((value) => value.u === page.u);
    if (at === -1) {
      const key = freeKey(page.u, slot.keys);
      // Later pages of this batch on the same hash see the slot taken.
      slot.keys.push(key);
      slot.values.push(page);
      slots.set(hash, slot);
      table.add(key, page);
      edits.addStored(key, page);
      count(key, 'imported');
      return;
    }
    const key = slot.keys[at] as number;
    const stored = slot.values[at] as StoredPage;
    // A page imported again as it is stored, the common case of a re-import, is found equal without decoding it.
    if (sameStored(stored, page)) {
      count(key, 'unchanged');
      return;
    }
    const old = unpack(stored);
    const next = mergePages(old, unpack(page));
    const encoded = encodePage(next);
    if (sameStored(stored, encoded) || sameContent(old, next)) {
      count(key, 'unchanged');
      return;
    }
    table.put(key, encoded);
    edits.replacePacked(key, storedFiledFingerprints(stored, key), storedFiledFingerprints(encoded, key));
    count(key, 'updated');
  });
}

export function isConstraintError(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'ConstraintError';
}

/** A planned batch's pages to write: the new ones under their planned keys (their entries already filed), and the changed ones. */
export interface WriteBatch {
  fresh: readonly NewEntry[];
  updates: readonly StoredPage[];
}

/** Writes batches, each in a transaction of its own, knowing which URL hashes the history has. */
export class BatchWriter {
  constructor(private readonly db: HistoryDatabase, private readonly hashes: ImportHashes, private readonly outcomes: PageOutcomes) {}

  /**
   * One batch, all or nothing: the new pages added under their planned keys,
   * the changed ones merged with the pages stored now. If another writer (a
   * visit) took a planned key since the round was planned, the add fails
   * (ConstraintError), the batch is rolled back and written again as if
   * unplanned (afresh), with the hashes read again.
   */
  async write(batch: WriteBatch): Promise<Counts> {
    for (let attempt = 1; ; attempt++) {
      const notes: [number, Outcome][] = [];
      try {
        const counts = attempt === 1 ? await this.asPlanned(batch, notes) : await this.afresh(batch, await this.hashes.current(), notes);
        this.outcomes.commit(notes);
        return counts;
      } catch (error) {
        // The failed attempt marked hashes it never wrote: read them again.
        this.hashes.invalidate();
        if (!isConstraintError(error) || attempt >= MAX_BATCH_ATTEMPTS) throw error;
      }
    }
  }

  private async asPlanned(batch: WriteBatch, notes: [number, Outcome][]): Promise<Counts> {
    const counts: Counts = { imported: 0, updated: 0, unchanged: 0 };
    if (batch.fresh.length === 0 && batch.updates.length === 0) return counts;
    // Relaxed: the commit does not wait for the disk. A batch lost to a crash is lost whole, and the import is rerun.
    const tx = this.db.transaction(ALL_STORES, 'readwrite', { durability: 'relaxed' });
    // Outcomes are noted only once the attempt commits: a rolled-back attempt did nothing.
    const count: CountPage = (key, outcome) => this.outcomes.count(key, outcome, counts, notes);
    await inTransaction(tx, async () => {
      // PageTable writes are bare requests, no promise or listener of their
      // own: at 100,000 pages those cost seconds.
      const table = new PageTable(tx);
      for (const { key, page } of batch.fresh) {
        table.add(key, page);
        count(key, 'imported');
      }
      if (batch.updates.length === 0) {
        await table.flush();
        return;
      }
      const edits = new BlockEdits();
      await writeShared(table, batch.updates, count, edits);
      await table.flush();
      await applyBlockEdits(tx, edits);
    });
    return counts;
  }

  /**
   * The batch as if nothing were planned: each page merged with the page of
   * its URL or placed in a free slot, its entries filed with it. The entries
   * filed for the planned keys go, and whatever page holds such a key once
   * the batch is written gets its own entries back (filing replaces a page's
   * entries in a bucket: refiling).
   */
  private async afresh(batch: WriteBatch, taken: TakenHashes, notes: [number, Outcome][]): Promise<Counts> {
    const counts: Counts = { imported: 0, updated: 0, unchanged: 0 };
    const tx = this.db.transaction(ALL_STORES, 'readwrite', { durability: 'relaxed' });
    const written = new Set<number>();
    const count: CountPage = (key, outcome) => {
      if (outcome !== 'unchanged') written.add(key);
      this.outcomes.count(key, outcome, counts, notes);
    };
    await inTransaction(tx, async () => {
      const table = new PageTable(tx);
      const edits = new BlockEdits();
      for (const { key, page } of batch.fresh) edits.remove(key, unpackFingerprints(storedFiledFingerprints(page, key)));
      const shared: StoredPage[] = [];
      for (const page of [...batch.fresh.map((entry) => entry.page), ...batch.updates]) {
        const key = taken.claim(page.u);
        if (key === undefined) {
          shared.push(page);
          continue;
        }
        table.add(key, page);
        edits.addStored(key, page);
        count(key, 'imported');
      }
      if (shared.length > 0) await writeShared(table, shared, count, edits);
      const others = batch.fresh.filter((entry) => !written.has(entry.key));
      const held = await table.getMany(others.map((entry) => entry.key));
      others.forEach((entry, i) => {
        const page = held[i];
        if (page !== undefined) edits.addStored(entry.key, page);
      });
      await table.flush();
      await applyBlockEdits(tx, edits);
    });
    return counts;
  }
}
