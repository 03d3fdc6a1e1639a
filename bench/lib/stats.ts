import { seededRandom } from './seeded-random';
/** Summaries of repeated measurements: the bench reports medians and tails, never a single run. */
export interface Summary {
  n: number;
  min: number;
  median: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile of sorted values (p in 0–100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  return {
    n,
    min: sorted[0] ?? NaN,
    median: n === 0 ? NaN : n % 2 ? (sorted[(n - 1) / 2] as number) : ((sorted[n / 2 - 1] as number) + (sorted[n / 2] as number)) / 2,
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[n - 1] ?? NaN,
    mean: sorted.reduce((a, b) => a + b, 0) / (n || 1),
  };
}

/** Runs `fn` `repeats` times after `warmup` unmeasured runs; returns the durations in ms. */
export function timeRepeats(fn: () => void, repeats: number, warmup = 1): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const out: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    fn();
    out.push(performance.now() - start);
  }
  return out;
}

export function round(x: number, digits = 2): number {
  if (!Number.isFinite(x)) return x;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export function roundSummary(s: Summary, digits = 2): Summary {
  return { n: s.n, min: round(s.min, digits), median: round(s.median, digits), p95: round(s.p95, digits), p99: round(s.p99, digits), max: round(s.max, digits), mean: round(s.mean, digits) };
}

/**
 * 95% bootstrap interval of the median (percentile method; a fixed seed, so
 * the same numbers always give the same interval). Says whether a paired
 * median difference is told apart from zero on this machine's noise.
 */
export function medianInterval(values: readonly number[], resamples = 2000, seed = 0x9e3779b9): [number, number] {
  if (values.length === 0) return [NaN, NaN];
  const random = seededRandom(seed);
  const medians: number[] = [];
  const sample = new Array<number>(values.length);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < values.length; i++) sample[i] = values[Math.floor(random() * values.length)] as number;
    medians.push(summarize(sample).median);
  }
  medians.sort((a, b) => a - b);
  return [percentile(medians, 2.5), percentile(medians, 97.5)];
}
