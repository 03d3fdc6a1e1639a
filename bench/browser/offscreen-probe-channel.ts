/** How the offscreen document's probe (offscreen-probe.ts) reaches the worker's (verdict-probe.ts). */
export const OFFSCREEN_PROBE_CHANNEL = 'deja-lu-bench-offscreen-probe';

export interface OffscreenMark {
  what: 'offscreen-received' | 'offscreen-parsed' | 'offscreen-replied';
  at: number;
}
