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

/** Value of each lower-case hex digit's code unit, -1 for any other ASCII code unit: the canonical form. */
const LOWER_HEX_DIGIT = new Int8Array(128).fill(-1);
for (let d = 0; d < 16; d++) LOWER_HEX_DIGIT[d.toString(16).charCodeAt(0)] = d;
/** Value of each hex digit's code unit (either case), -1 for any other ASCII code unit. */
const HEX_DIGIT = Int8Array.from(LOWER_HEX_DIGIT);
for (let d = 10; d < 16; d++) HEX_DIGIT[d.toString(16).toUpperCase().charCodeAt(0)] = d;

/**
 * Value of the 8 hex digits of `hex` from `at` (either case), or -1 if any is
 * not one. A loop over the digits instead of a regex test, slices and
 * parseInt: an import reads seven fingerprints per page, 700,000 at 100,000 pages.
 */
function hexWord(hex: string, at: number, digits = HEX_DIGIT): number {
  let value = 0;
  for (let i = at; i < at + 8; i++) {
    const code = hex.charCodeAt(i);
    const digit = code < 128 ? (digits[code] as number) : -1;
    if (digit < 0) return -1;
    value = (value << 4) | digit;
  }
  return value >>> 0;
}

export function fingerprintToHex(fp: Fingerprint): string {
  return (fp.hi >>> 0).toString(16).padStart(8, '0') + (fp.lo >>> 0).toString(16).padStart(8, '0');
}

/** Parses the 16-hex-digit form (either case); throws on anything else. */
export function fingerprintFromHex(hex: string): Fingerprint {
  return { hi: fingerprintHalfFromHex(hex, 0), lo: fingerprintHalfFromHex(hex, 1) };
}

/** The `hi` (0) or `lo` (1) half of fingerprintFromHex(hex), without the object: an import packs ~35 a record. */
export function fingerprintHalfFromHex(hex: string, half: 0 | 1): number {
  const value = hex.length === 16 ? hexWord(hex, half * 8) : -1;
  if (value < 0) throw new Error(`not a 64-bit fingerprint (16 hex digits): ${JSON.stringify(hex)}`);
  return value;
}

/** Whether `value` is a fingerprint in its canonical form: 16 lower-case hex digits. */
export function isFingerprintHex(value: unknown): value is string {
  // Lower-case digits only, not a comparison with toLowerCase(): an import checks ~35 a record, and each copy was garbage.
  return typeof value === 'string' && value.length === 16 && hexWord(value, 0, LOWER_HEX_DIGIT) >= 0 && hexWord(value, 8, LOWER_HEX_DIGIT) >= 0;
}

export function fingerprintBlocks(fp: Fingerprint): Blocks {
  return [fp.hi >>> 16, fp.hi & 0xffff, fp.lo >>> 16, fp.lo & 0xffff];
}

export function fingerprintsEqual(a: Fingerprint, b: Fingerprint): boolean {
  return a.hi >>> 0 === b.hi >>> 0 && a.lo >>> 0 === b.lo >>> 0;
}
