import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEEP_ALIVE_INTERVAL_MS, keepAliveWhile } from '../../src/background/keep-alive';

afterEach(() => {
  vi.useRealTimers();
});

describe('keepAliveWhile', () => {
  it.each([
    ['resolves', (settle: { resolve: (v: string) => void; reject: (e: Error) => void }) => settle.resolve('history')],
    ['fails', (settle: { resolve: (v: string) => void; reject: (e: Error) => void }) => settle.reject(new Error('upgrade failed'))],
  ])('calls an extension API every interval while the work runs, and stops once it %s', async (_how, finish) => {
    vi.useFakeTimers();
    const ping = vi.fn(async () => undefined);
    let settle!: { resolve: (v: string) => void; reject: (e: Error) => void };
    const work = new Promise<string>((resolve, reject) => { settle = { resolve, reject }; });
    const kept = keepAliveWhile(work, { ping });
    kept.catch(() => undefined);
    // An upgrade of 46 s (a million pages): pings at 20 and 40 s, each before Chromium's 30 s idle timeout.
    await vi.advanceTimersByTimeAsync(46_000);
    expect(ping).toHaveBeenCalledTimes(Math.floor(46_000 / KEEP_ALIVE_INTERVAL_MS));
    expect(KEEP_ALIVE_INTERVAL_MS).toBeLessThan(30_000);
    finish(settle);
    await kept.then(() => undefined, () => undefined);
    await vi.advanceTimersByTimeAsync(10 * KEEP_ALIVE_INTERVAL_MS);
    expect(ping).toHaveBeenCalledTimes(2);
  });

  it('hands the work back unchanged, and a failing ping does not disturb it', async () => {
    vi.useFakeTimers();
    const work = new Promise<number>((resolve) => setTimeout(() => resolve(7), 3 * KEEP_ALIVE_INTERVAL_MS));
    const kept = keepAliveWhile(work, { ping: () => Promise.reject(new Error('no API')) });
    await vi.advanceTimersByTimeAsync(3 * KEEP_ALIVE_INTERVAL_MS);
    await expect(kept).resolves.toBe(7);
  });
});
