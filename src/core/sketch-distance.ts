import type { Fingerprint } from './fingerprint64';

/** Bytes in which two sketches differ (0–8): a sketch's distance, as Hamming distance is a SimHash's. */
export function sketchDistance(a: Fingerprint, b: Fingerprint): number {
  return differingBytes((a.hi ^ b.hi) >>> 0) + differingBytes((a.lo ^ b.lo) >>> 0);
}

/** Non-zero bytes of a 32-bit word. */
export function differingBytes(x: number): number {
  return (x & 0xff000000 ? 1 : 0) + (x & 0xff0000 ? 1 : 0) + (x & 0xff00 ? 1 : 0) + (x & 0xff ? 1 : 0);
}
