/**
 * A page's fingerprints packed big-endian, 8 bytes each, in slot order (0 =
 * the whole document, then the passages): how the page record holds them and
 * how bucket entries are made from them, without an object per fingerprint.
 */
import { fingerprintHalfFromHex, type Fingerprint } from '../../core/fingerprint64';

/** Bytes of one fingerprint in a page's packed fingerprints. */
export const FINGERPRINT_BYTES = 8;

export function packFingerprints(fingerprints: readonly Fingerprint[]): Uint8Array {
  const bytes = new Uint8Array(fingerprints.length * FINGERPRINT_BYTES);
  fingerprints.forEach((fp, i) => writeFingerprint(bytes, i * FINGERPRINT_BYTES, fp));
  return bytes;
}

export function unpackFingerprints(bytes: Uint8Array): Fingerprint[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: Fingerprint[] = [];
  for (let at = 0; at + FINGERPRINT_BYTES <= bytes.byteLength; at += FINGERPRINT_BYTES) out.push({ hi: view.getUint32(at), lo: view.getUint32(at + 4) });
  return out;
}

/** The character codes of the lower-case hex digits. */
const HEX_DIGITS = new TextEncoder().encode('0123456789abcdef');
const ASCII = new TextDecoder();
/** Hex digits are written here and decoded once per call: one string for all of a page's passages, not eight pieces each. */
let digits = new Uint8Array(2 * 65 * FINGERPRINT_BYTES);

/** The digits buffer, at least `length` long. */
function digitsOf(length: number): Uint8Array {
  if (digits.length < length) digits = new Uint8Array(length);
  return digits;
}

/** Writes bytes [from, to) of `bytes` as lower-case hex into `out` from `j`; returns where the digits end. */
export function writeHexDigits(bytes: Uint8Array, from: number, to: number, out: Uint8Array, j: number): number {
  for (let k = from; k < to; k++) {
    const b = bytes[k] as number;
    out[j++] = HEX_DIGITS[b >> 4] as number;
    out[j++] = HEX_DIGITS[b & 15] as number;
  }
  return j;
}

/** Bytes [from, to) of `bytes` as lower-case hex. */
function hexOf(bytes: Uint8Array, from: number, to: number): string {
  const out = digitsOf(2 * (to - from));
  return ASCII.decode(out.subarray(0, writeHexDigits(bytes, from, to, out, 0)));
}

/** Fingerprint `i` of packed fingerprints as fingerprintToHex writes it; '' when there is none. */
export function fingerprintHexAt(bytes: Uint8Array, i: number): string {
  const at = i * FINGERPRINT_BYTES;
  return at + FINGERPRINT_BYTES <= bytes.byteLength ? hexOf(bytes, at, at + FINGERPRINT_BYTES) : '';
}

/**
 * Packed fingerprints as hex, for the page's public shape: once per page
 * read, so one decode for all of them, each a 16-digit piece of it.
 */
export function fingerprintsHex(bytes: Uint8Array): string[] {
  const count = Math.floor(bytes.byteLength / FINGERPRINT_BYTES);
  if (count === 0) return [];
  const all = hexOf(bytes, 0, count * FINGERPRINT_BYTES);
  const hexDigits = 2 * FINGERPRINT_BYTES;
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(all.slice(i * hexDigits, (i + 1) * hexDigits));
  return out;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const OPEN = 0x5b;
const CLOSE = 0x5d;

/** Writes packed fingerprints from slot `from` on as the JSON array of their hex strings (`["…","…"]`) into `out` from `j`; returns where it ends. */
export function writeJsonArray(bytes: Uint8Array, from: number, out: Uint8Array, j: number): number {
  const count = Math.max(0, Math.floor(bytes.byteLength / FINGERPRINT_BYTES) - from);
  out[j++] = OPEN;
  for (let i = 0; i < count; i++) {
    if (i > 0) out[j++] = COMMA;
    out[j++] = QUOTE;
    const at = (from + i) * FINGERPRINT_BYTES;
    j = writeHexDigits(bytes, at, at + FINGERPRINT_BYTES, out, j);
    out[j++] = QUOTE;
  }
  out[j++] = CLOSE;
  return j;
}

/** The most bytes writeJsonArray writes of packed fingerprints from slot `from` on. */
export function jsonArrayBytes(bytes: Uint8Array, from: number): number {
  return 2 + Math.max(0, Math.floor(bytes.byteLength / FINGERPRINT_BYTES) - from) * (2 * FINGERPRINT_BYTES + 3);
}

/** The passages (slots 1 on) of packed fingerprints as hex (fingerprintsHex). */
export function passagesHex(bytes: Uint8Array): string[] {
  return fingerprintsHex(bytes.subarray(FINGERPRINT_BYTES));
}

/** packFingerprints of the whole-document fingerprint and the passages given as hex, written without objects between (once per imported page). */
export function fingerprintsFromHex(fingerprint: string, passages: readonly string[]): Uint8Array {
  const bytes = new Uint8Array((1 + passages.length) * FINGERPRINT_BYTES);
  writeHex(bytes, 0, fingerprint);
  passages.forEach((hex, i) => writeHex(bytes, (i + 1) * FINGERPRINT_BYTES, hex));
  return bytes;
}

/** packFingerprints of fingerprints given as hex (a page's chunk heads), without objects between. */
export function packHex(hexes: readonly string[]): Uint8Array {
  const bytes = new Uint8Array(hexes.length * FINGERPRINT_BYTES);
  hexes.forEach((hex, i) => writeHex(bytes, i * FINGERPRINT_BYTES, hex));
  return bytes;
}

function writeHex(bytes: Uint8Array, at: number, hex: string): void {
  writeUint32(bytes, at, fingerprintHalfFromHex(hex, 0));
  writeUint32(bytes, at + 4, fingerprintHalfFromHex(hex, 1));
}

function writeFingerprint(bytes: Uint8Array, at: number, fp: Fingerprint): void {
  writeUint32(bytes, at, fp.hi);
  writeUint32(bytes, at + 4, fp.lo);
}

export function writeUint32(bytes: Uint8Array, at: number, value: number): void {
  bytes[at] = value >>> 24;
  bytes[at + 1] = (value >>> 16) & 0xff;
  bytes[at + 2] = (value >>> 8) & 0xff;
  bytes[at + 3] = value & 0xff;
}

export function readUint32(bytes: Uint8Array, at: number): number {
  return (((bytes[at] as number) << 24) | ((bytes[at + 1] as number) << 16) | ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number)) >>> 0;
}

/**
 * The fingerprints of one page seen so far, to file a repeated one once: an
 * open-addressing table reused from page to page (each page a new stamp, so
 * nothing is cleared). Comparing each with every earlier one cost a page of
 * n fingerprints n²/2 reads, ~17,000 for a long page's passages and heads.
 */
export class SeenFingerprints {
  private his = new Uint32Array(0);
  private los = new Uint32Array(0);
  private stamps = new Uint32Array(0);
  private stamp = 0;
  private mask = 0;

  /** Starts a page of at most `count` fingerprints. */
  begin(count: number): void {
    let size = 16;
    while (size < 2 * count) size *= 2;
    if (size > this.stamps.length) {
      this.his = new Uint32Array(size);
      this.los = new Uint32Array(size);
      this.stamps = new Uint32Array(size);
      this.stamp = 0;
    }
    this.mask = size - 1;
    // Stamps only grow; after 2^32 − 1 pages the table starts over.
    if (this.stamp === 0xffffffff) {
      this.stamps.fill(0);
      this.stamp = 0;
    }
    this.stamp++;
  }

  /** Whether hi:lo was added since begin(); adds it when not. */
  repeats(hi: number, lo: number): boolean {
    const { his, los, stamps, stamp, mask } = this;
    const h = Math.imul(hi ^ Math.imul(lo, 0x9e3779b1), 0x85ebca6b);
    for (let at = (h ^ (h >>> 16)) & mask; ; at = (at + 1) & mask) {
      if (stamps[at] !== stamp) {
        stamps[at] = stamp;
        his[at] = hi;
        los[at] = lo;
        return false;
      }
      if (his[at] === hi >>> 0 && los[at] === lo >>> 0) return true;
    }
  }
}

/** Byte for byte the same: packed fingerprints, or a record's packed fields. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}
