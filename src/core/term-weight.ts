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
