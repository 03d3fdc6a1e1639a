import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_DEBOUNCE_MS, RouteGate } from '../../entrypoints/content/route-gate';
import { MAX_SWAPPED_CHECKS_PER_SITE, SWAP_WINDOW_MS } from '../../src/messaging';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

/** A check that takes `ms` and reports whether it sent a visit; records when each started. */
function fakeRun(ms = 0, visited = () => true) {
  const starts: number[] = [];
  let inFlight = 0;
  let overlapped = false;
  const run = vi.fn(async () => {
    starts.push(Date.now());
    overlapped ||= inFlight > 0;
    inFlight += 1;
    await new Promise((resolve) => setTimeout(resolve, ms));
    inFlight -= 1;
    return visited();
  });
  return { run, starts, overlapped: () => overlapped };
}

describe('RouteGate (fake clock)', () => {
  it('a flood of 1,000 pushed addresses in 2 s is one check, once the address has rested', async () => {
    const { run, starts } = fakeRun();
    const gate = new RouteGate(run);
    for (let i = 0; i < 1_000; i++) {
      gate.changed();
      await vi.advanceTimersByTimeAsync(2);
    }
    const lastChange = Date.now() - 2;
    await vi.advanceTimersByTimeAsync(10 * ROUTE_DEBOUNCE_MS);
    expect(starts).toEqual([lastChange + ROUTE_DEBOUNCE_MS]);
  });

  it(`an address every 5 s for two minutes: at most ${MAX_SWAPPED_CHECKS_PER_SITE} visits in any minute, and the last address is still checked`, async () => {
    const { run, starts } = fakeRun();
    const gate = new RouteGate(run);
    for (let t = 0; t < 2 * SWAP_WINDOW_MS; t += 5_000) {
      gate.changed();
      await vi.advanceTimersByTimeAsync(5_000);
    }
    const lastChange = Date.now() - 5_000;
    await vi.advanceTimersByTimeAsync(3 * SWAP_WINDOW_MS);
    for (const start of starts) expect(starts.filter((other) => other >= start && other < start + SWAP_WINDOW_MS).length).toBeLessThanOrEqual(MAX_SWAPPED_CHECKS_PER_SITE);
    expect(starts.at(-1)).toBeGreaterThan(lastChange);
    expect(starts.length).toBeGreaterThanOrEqual(2 * MAX_SWAPPED_CHECKS_PER_SITE);
  });

  it('checks that sent no visit (same page, excluded site) use up nothing', async () => {
    const { run, starts } = fakeRun(0, () => false);
    const gate = new RouteGate(run);
    for (let i = 0; i < 10; i++) {
      gate.changed();
      await vi.advanceTimersByTimeAsync(2 * ROUTE_DEBOUNCE_MS);
    }
    expect(starts).toHaveLength(10);
  });

  it('never two checks at once: an address pushed during a slow check is checked after it', async () => {
    const { run, starts, overlapped } = fakeRun(4_000);
    const gate = new RouteGate(run);
    gate.changed();
    await vi.advanceTimersByTimeAsync(ROUTE_DEBOUNCE_MS + 1_000);
    gate.changed();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(starts).toHaveLength(2);
    expect(starts[0]).toBe(ROUTE_DEBOUNCE_MS);
    // Right after the first ends (a zero-delay timer: Node waits 1 ms).
    expect(starts[1]! - (ROUTE_DEBOUNCE_MS + 4_000)).toBeLessThanOrEqual(1);
    expect(overlapped()).toBe(false);
  });

  it('a failing check is reported and does not stop later ones', async () => {
    const errors: unknown[] = [];
    const run = vi.fn().mockRejectedValueOnce(new Error('no background')).mockResolvedValue(true);
    const gate = new RouteGate(run, { onError: (error) => errors.push(error) });
    gate.changed();
    await vi.advanceTimersByTimeAsync(2 * ROUTE_DEBOUNCE_MS);
    gate.changed();
    await vi.advanceTimersByTimeAsync(2 * ROUTE_DEBOUNCE_MS);
    expect(run).toHaveBeenCalledTimes(2);
    expect(errors).toHaveLength(1);
  });
});
