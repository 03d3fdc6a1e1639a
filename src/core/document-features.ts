import type { HashedFeatures } from './feature-table';
import type { Fingerprint } from './fingerprint64';
import type { TextLength } from './text-length';

/**
 * A document's features and length, and the SimHashes signDocument takes
 * from them: what either feature engine gives, JavaScript (features.ts) or
 * WebAssembly (wasm/ascii-feature-engine.ts).
 */
export interface DocumentFeatures {
  length: TextLength;
  /** The features as arrays (copied out of the engine's memory where they live there). */
  hashed(): HashedFeatures;
  /** passages.ts wholeFingerprint of the features; `capped`: weights cut as scheme 3 on cuts them. */
  whole(capped: boolean): Fingerprint;
  /** passages.ts chunkFingerprints of the features: each content-defined chunk's SimHash, in order. */
  chunks(capped: boolean): Fingerprint[];
}
