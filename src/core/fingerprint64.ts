/**
 * A 64-bit fingerprint. JavaScript bit operators work on 32 bits, so the value
 * is held as two unsigned 32-bit halves; `hi` holds bits 63–32.
 */
export interface Fingerprint {
  readonly hi: number;
  readonly lo: number;
}

/** The four 16-bit blocks, most significant first, used as index keys. */
export type Blocks = readonly [number, number, number, number];

export const BLOCK_COUNT = 4;

const HEX64 = /^[0-9a-f]{16}$/;

export function fingerprintToHex(fp: Fingerprint): string {
  return (fp.hi >>> 0).toString(16).padStart(8, '0') + (fp.lo >>> 0).toString(16).padStart(8, '0');
}

/** Parses the 16-hex-digit form; throws on anything else. */
export function fingerprintFromHex(hex: string): Fingerprint {
  const lower = hex.toLowerCase();
  if (!HEX64.test(lower)) throw new Error(`not a 64-bit fingerprint (16 hex digits): ${JSON.stringify(hex)}`);
  return { hi: parseInt(lower.slice(0, 8), 16) >>> 0, lo: parseInt(lower.slice(8), 16) >>> 0 };
}

export function isFingerprintHex(value: unknown): value is string {
  return typeof value === 'string' && HEX64.test(value);
}

export function fingerprintBlocks(fp: Fingerprint): Blocks {
  return [fp.hi >>> 16, fp.hi & 0xffff, fp.lo >>> 16, fp.lo & 0xffff];
}

export function fingerprintsEqual(a: Fingerprint, b: Fingerprint): boolean {
  return a.hi >>> 0 === b.hi >>> 0 && a.lo >>> 0 === b.lo >>> 0;
}
