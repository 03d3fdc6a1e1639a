/** Errors the store reports in its own terms, so the UI can tell them apart, and failed requests and transactions cleaned up. */

/** The browser refused to store more: the user has to free space or delete history. */
export class HistoryQuotaError extends Error {
  override name = 'HistoryQuotaError';
  constructor(cause: unknown) {
    super('Not enough storage space to save the reading history; nothing was changed.', { cause });
  }
}

// Firefox has reported quota exhaustion under its own name.
const QUOTA_ERROR_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);

export function toHistoryError(error: unknown): unknown {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' && QUOTA_ERROR_NAMES.has(name) ? new HistoryQuotaError(error) : error;
}

/**
 * Runs `work` inside `tx` and waits for the commit. On any failure the
 * transaction is aborted, so nothing `work` wrote survives, and the error is
 * rethrown (quota errors as HistoryQuotaError). `work` must await only
 * requests of `tx`, or the transaction commits early.
 */
export async function inTransaction<T>(tx: { done: Promise<void>; abort(): void; readonly error?: DOMException | null }, work: () => Promise<T>): Promise<T> {
  try {
    const result = await work();
    await tx.done;
    return result;
  } catch (error) {
    tx.done.catch(() => undefined);
    // A request written without its own handler (bulk writes) aborts the
    // transaction: the requests awaited then fail with AbortError, and the
    // transaction holds the cause (e.g. QuotaExceededError).
    const cause = (error as { name?: unknown } | null)?.name === 'AbortError' && tx.error ? tx.error : error;
    try {
      tx.abort();
    } catch {
      // Already aborted by the failed request, or already finished: nothing left to undo.
    }
    throw toHistoryError(cause);
  }
}

/**
 * The requests `issue` makes, in order. A request can fail before it exists
 * (a browser may throw QuotaExceededError from `put` itself): then the ones
 * already issued get a handler before the error goes on, since they will
 * fail too once the caller aborts the transaction, and nobody else awaits them.
 */
export function collectRequests(issue: (request: (pending: Promise<unknown>) => void) => void): Promise<unknown>[] {
  const requests: Promise<unknown>[] = [];
  try {
    issue((pending) => requests.push(pending));
  } catch (error) {
    for (const pending of requests) pending.catch(() => undefined);
    throw error;
  }
  return requests;
}
