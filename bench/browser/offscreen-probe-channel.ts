/**
 * What the offscreen document's probe (offscreen-probe.ts) and the worker's
 * (verdict-probe.ts) share: the channel the first reaches the second by, its
 * marks, the clock both mark with and how both read a message's type.
 */
export const OFFSCREEN_PROBE_CHANNEL = 'deja-lu-bench-offscreen-probe';

export interface OffscreenMark {
  what: 'offscreen-received' | 'offscreen-parsed' | 'offscreen-replied';
  at: number;
}

/** Epoch milliseconds, comparable across the extension's processes and the page's navigation timing. */
export const now = (): number => performance.timeOrigin + performance.now();

/** A runtime message's `type` (src/protocol.ts), if it has one. */
export const messageType = (message: unknown): string | undefined => (typeof message === 'object' && message !== null && typeof (message as { type?: unknown }).type === 'string' ? (message as { type: string }).type : undefined);
