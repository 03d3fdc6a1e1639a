/**
 * A round of an import (import.ts): several batches planned against the
 * history first (which pages are new and under which keys, which change a
 * stored page, which change nothing), reading only; then their new pages'
 * entries filed in the block index in short steps (fileInSteps, every bucket
 * rewritten once for the round), or set aside as a run when the file has
 * more rounds (blocks/runs.ts); then the pages written, batch by batch.
 *
 * Entries go in (or aside) before their pages, so no page is ever stored
 * without them. An import that stops between the two leaves entries of
 * pages not written: a lookup skips a key with no page (History.queryMany),
 * and running the import again files the same pages under the same keys,
 * replacing those entries (refiling) rather than adding them twice.
 */
import { BlockEdits } from './blocks/block-edits';
import { forEachWaitingPage } from './blocks/runs';
import { SLOTS_PER_HASH, TakenHashes, freeKey, urlHash } from './codec/page-key';
import { PASSAGE_STORE } from './codec/bucket';
import { encodePage, storedFiledCount, type StoredPage } from './codec/stored-page';
import { inTransaction } from './errors';
import { mergePages, sameContent, sameStored, unpack } from './page-merge';
import { KEY_LIST_BLOCK, PAGE_STORES, PageTable } from './page-table';
import { ALL_STORES, type HistoryDatabase } from './schema';

/**
 * Which URL hashes the history has, as the import sees them: read from the
 * store once, plus the keys planned for pages of the round not yet written,
 * so that no two pages are planned under one key.
 */
export class ImportHashes {
  private taken: TakenHashes | undefined;
  private readonly planned = new Set<number>();

  constructor(private readonly db: HistoryDatabase) {}

  async current(): Promise<TakenHashes> {
    if (this.taken === undefined) {
      // takenHashes reads the block index too; pages whose entries wait in runs are marked from those.
      const tx = this.db.transaction(ALL_STORES, 'readonly');
      const taken = await inTransaction(tx, async () => {
        const found = await new PageTable(tx).takenHashes();
        await forEachWaitingPage(tx.objectStore('runs'), KEY_LIST_BLOCK, (key) => found.mark(Math.floor(key / SLOTS_PER_HASH)));
        return found;
      });
      for (const key of this.planned) taken.mark(Math.floor(key / SLOTS_PER_HASH));
      this.taken = taken;
    }
    return this.taken;
  }

  /** Forgets what was read: a write that failed may have marked hashes it never wrote. */
  invalidate(): void {
    this.taken = undefined;
  }

  plan(key: number): void {
    this.planned.add(key);
  }

  isPlanned(key: number): boolean {
    return this.planned.has(key);
  }

  /** The round's pages are written (or given up): their keys are the store's now. */
  clearPlanned(): void {
    this.planned.clear();
  }
}

/** A page new to the history and the key planned for it. */
export interface NewEntry {
  key: number;
  page: StoredPage;
}

/** One batch of the file as planned, with what the import reports of it. */
export interface PlannedBatch<R> {
  /** Records of the file up to the end of this batch. */
  end: number;
  rejected: R[];
  /** Pages new to the history, under the keys planned for them. */
  fresh: NewEntry[];
  /** Pages changing a stored page (or a page new in an earlier batch of the round): written with the batch (BatchWriter), merged with the page stored then. */
  updates: StoredPage[];
  /** Keys of stored pages the batch leaves as they are. */
  unchanged: number[];
}

/** The batches of one round, planned as they are read. */
export class RoundPlan<R> {
  readonly batches: PlannedBatch<R>[] = [];
  /** Records of the file in the round's batches. */
  records = 0;
  /** Characters of text the round's pages hold. */
  chars = 0;
  /** URLs of the round's new pages. */
  private readonly planned = new Set<string>();

  constructor(private readonly db: HistoryDatabase, private readonly hashes: ImportHashes, private readonly start: number) {}

  /**
   * Plans a batch (its pages one per URL). A URL whose hash the history does
   * not have is new under slot 0; the others are looked up, their hashes'
   * slots read at once in a read-only transaction (so page checks do not wait).
   */
  async add(batch: { pages: readonly StoredPage[]; rejected: R[]; end: number }): Promise<void> {
    const taken = await this.hashes.current();
    const planned: PlannedBatch<R> = { end: batch.end, rejected: batch.rejected, fresh: [], updates: [], unchanged: [] };
    const shared: StoredPage[] = [];
    for (const page of batch.pages) {
      // A URL new in an earlier batch of the round: written after that batch, merged with its page then (as a change), so that no record is written before its batch.
      if (this.planned.has(page.u)) {
        this.keep(planned, page);
        continue;
      }
      const key = taken.claim(page.u);
      if (key === undefined) shared.push(page);
      else this.plan(planned, key, page);
    }
    if (shared.length > 0) await this.planShared(planned, shared);
    this.batches.push(planned);
    this.records = batch.end - this.start;
  }

  private plan(planned: PlannedBatch<R>, key: number, page: StoredPage): void {
    planned.fresh.push({ key, page });
    this.planned.add(page.u);
    this.hashes.plan(key);
    this.chars += page.u.length + page.t.length + page.e.length;
  }

  /** A page changing a stored page (or one of an earlier batch): merged when its batch is written. */
  private keep(planned: PlannedBatch<R>, page: StoredPage): void {
    planned.updates.push(page);
    this.chars += page.u.length + page.t.length + page.e.length;
  }

  private async planShared(planned: PlannedBatch<R>, pages: readonly StoredPage[]): Promise<void> {
    const hashOf = pages.map((page) => urlHash(page.u));
    const tx = this.db.transaction(PAGE_STORES, 'readonly');
    const slots = await inTransaction(tx, () => new PageTable(tx).slots([...new Set(hashOf)]));
    pages.forEach((page, i) => {
      const hash = hashOf[i] as number;
      const slot = slots.get(hash) ?? { keys: [], values: [] };
      const at = slot.values.findIndex((value) => value.u === page.u);
      if (at === -1) {
        const used = [...slot.keys];
        for (let key = hash * SLOTS_PER_HASH; key < (hash + 1) * SLOTS_PER_HASH; key++) if (this.hashes.isPlanned(key)) used.push(key);
        this.plan(planned, freeKey(page.u, used), page);
        return;
      }
      const key = slot.keys[at] as number;
      const stored = slot.values[at] as StoredPage;
      // A page imported again as it is stored, the common case of a re-import, is found equal without decoding it.
      if (sameStored(stored, page)) {
        planned.unchanged.push(key);
        return;
      }
      const old = unpack(stored);
      const next = mergePages(old, unpack(page));
      if (sameStored(stored, encodePage(next)) || sameContent(old, next)) {
        planned.unchanged.push(key);
        return;
      }
      this.keep(planned, page);
    });
  }

  /** The bucket entries of the round's new pages in block store `b` (one store at a time, so only its entries are held). */
  edits(b: number): BlockEdits {
    const fresh = this.batches.flatMap((batch) => batch.fresh);
    // block0 files every fingerprint of a page (at most, repeats aside), the other stores its whole document alone.
    const entries = b === PASSAGE_STORE ? fresh.reduce((sum, { key, page }) => sum + storedFiledCount(page, key), 0) : fresh.length;
    const edits = new BlockEdits(b, entries);
    for (const { key, page } of fresh) edits.addStored(key, page);
    return edits;
  }
}
