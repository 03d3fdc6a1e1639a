import type { History } from '../store';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Pages examined per round: keeps each read transaction short. */
const PRUNE_BATCH = 200;

/**
 * Deletes pages not visited within `retentionDays` (0 keeps everything).
 * Walks the history oldest first and stops at the first page still kept.
 * Resolves to the number of pages deleted.
 */
export async function pruneHistory(history: Pick<History, 'list' | 'delete'>, retentionDays: number, now: number): Promise<number> {
  if (retentionDays <= 0) return 0;
  const cutoff = now - retentionDays * DAY_MS;
  let deleted = 0;
  for (;;) {
    const { pages } = await history.list({ order: 'oldest', limit: PRUNE_BATCH });
    const expired = pages.filter((page) => page.lastVisit < cutoff);
    for (const page of expired) if (await history.delete(page.id)) deleted += 1;
    if (expired.length < PRUNE_BATCH) return deleted;
  }
}

/** Runs `prune` at most once per `intervalMs`, however often it is asked to. */
export function throttled(prune: () => Promise<unknown>, intervalMs: number, now: () => number = Date.now): () => Promise<void> {
  let last = -Infinity;
  return async () => {
    if (now() - last < intervalMs) return;
    last = now();
    await prune();
  };
}
