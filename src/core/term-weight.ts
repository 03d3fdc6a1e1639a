/**
 * Features → weights: the one place term weight is defined. Its own module so
 * that the SimHash code (passages.ts) and the WebAssembly engine, which
 * needs its small-count table, can share it without importing features.ts.
 */

/**
 * Term weight: tf^1.5, rounded to an integer (1, 3, 5, 8, 11, 15, …; integer
 * weights keep simhash.ts's byte tables exact). Superlinear, so an article's
 * recurring vocabulary outweighs the words an edit touches, but not squared:
 * under tf² one word repeated through a short text decided most bits and
 * unrelated short texts collided (docs/decisions/0010-term-weight.md).
 */
export function termWeight(tf: number): number {
  return tf < SMALL_COUNTS ? (SMALL_COUNT_WEIGHTS[tf] as number) : Math.round(tf * Math.sqrt(tf));
}

/** Counts below this (nearly all of them) read their weight from a table: termWeight runs per distinct feature of every passage. */
export const SMALL_COUNTS = 256;
export const SMALL_COUNT_WEIGHTS = Int32Array.from({ length: SMALL_COUNTS }, (_, tf) => Math.round(tf * Math.sqrt(tf)));

/**
 * The two heaviest features may hold at most this share of Σw² (from
 * fingerprint scheme 3 on): a single word woven through two different texts
 * then no longer decides most of their 64 bits. Top two and one half cost no
 * held-out recall; three or more features, or a larger share, did, and one
 * feature let three-character words like 比特币 through (docs/decisions/0006-term-dominance.md).
 */
export const DOMINANT_FEATURES = 2;
export const DOMINANT_SHARE = 0.5;

/** weightCap's answer when no weight needs capping. */
export const UNCAPPED = Number.POSITIVE_INFINITY;

/**
 * The three heaviest weights and Σw² of a feature set: all weightCap needs.
 * Built by `add`, one weight at a time (zero weights are ignored).
 */
export class WeightSummary {
  first = 0;
  second = 0;
  third = 0;
  squares = 0;

  add(weight: number): void {
    if (weight <= 0) return;
    this.squares += weight * weight;
    if (weight > this.first) {
      this.third = this.second;
      this.second = this.first;
      this.first = weight;
    } else if (weight > this.second) {
      this.third = this.second;
      this.second = weight;
    } else if (weight > this.third) {
      this.third = weight;
    }
  }

  reset(): void {
    this.first = this.second = this.third = this.squares = 0;
  }
}

/**
 * The level T every weight is cut down to (min(w, T)): the largest integer at
 * which the DOMINANT_FEATURES heaviest hold at most DOMINANT_SHARE of
 * Σ min(w, T)², or UNCAPPED when they already do. An integer, so weights stay
 * integers and the SimHash folds stay exact; never below 1, the weight of a
 * feature seen once (with fewer than four features no level would do).
 *
 * Water-filling from the top: with k weights at the level and the rest R
 * below it, the condition is a quadratic in T for k = 1, 2, 3, solved in
 * that order; k = 3 always has a solution (T = third weight satisfies it).
 */
export function weightCap(s: WeightSummary): number {
  const { first: w0, second: w1, third: w2, squares } = s;
  if (w0 * w0 + w1 * w1 <= DOMINANT_SHARE * squares) return UNCAPPED;
  // k = 1: T² + w1² ≤ ½(S − w0² + T²)
  const one = Math.floor(Math.sqrt(Math.max(0, squares - w0 * w0 - 2 * w1 * w1)));
  if (one >= w1) return Math.max(1, one);
  // k = 2: 2T² ≤ ½(S − w0² − w1² + 2T²)
  const two = Math.floor(Math.sqrt(Math.max(0, (squares - w0 * w0 - w1 * w1) / 2)));
  if (two >= w2) return Math.max(1, two);
  // k = 3: 2T² ≤ ½(S − w0² − w1² − w2² + 3T²)
  return Math.max(1, Math.floor(Math.sqrt(Math.max(0, squares - w0 * w0 - w1 * w1 - w2 * w2))));
}
