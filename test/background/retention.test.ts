import { describe, expect, it } from 'vitest';
import { pruneHistory, throttled } from '../../src/background/retention';
import { DAY, FP, clock, freshHistory } from './fakes';

async function historyWithVisitsAgo(daysAgo: number[]) {
  const time = clock();
  const history = await freshHistory(time.now);
  const start = time.now();
  for (const [i, ago] of daysAgo.entries()) {
    time.advance(-(time.now() - start) - ago * DAY);
    await history.recordVisit({ url: `https://e.com/${i}`, title: `${i}`, site: 'e.com', excerpt: '', textLength: 10, cjkChars: 0, words: 100, fingerprint: FP });
  }
  time.advance(start - time.now());
  return { history, now: time.now() };
}

describe('pruneHistory', () => {
  it.each([
    ['keep forever', 0, [400, 100, 10], 0],
    ['30 days', 30, [400, 100, 31, 29, 1], 3],
    ['90 days', 90, [400, 100, 31, 29, 1], 2],
    ['365 days', 365, [400, 100, 31], 1],
    ['nothing expired', 30, [1, 2, 3], 0],
  ])('%s', async (_name, days, ages, deleted) => {
    const { history, now } = await historyWithVisitsAgo(ages);
    expect(await pruneHistory(history, days, now)).toBe(deleted);
    expect(await history.count()).toBe(ages.length - deleted);
  });
});

describe('throttled', () => {
  it('runs at most once per interval', async () => {
    const time = clock();
    let runs = 0;
    const run = throttled(async () => (runs += 1), 1000, time.now);
    await run();
    await run();
    time.advance(999);
    await run();
    time.advance(1);
    await run();
    expect(runs).toBe(2);
  });
});
