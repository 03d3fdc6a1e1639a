/**
 * A page's fingerprints packed big-endian, 8 bytes each, in slot order (0 =
 * the whole document, then the passages): how the page record holds them and
 * how bucket entries are made from them, without an object per fingerprint.
 */
import { fingerprintFromHex, type Fingerprint } from '../../core/fingerprint64';

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

/** Two lower-case hex digits per byte value. */
const HEX_BYTES = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** Fingerprint `i` of packed fingerprints as fingerprintToHex writes it, read byte by byte (no objects). */
function hexAt(bytes: Uint8Array, i: number): string {
  const at = i * FINGERPRINT_BYTES;
  let hex = '';
  for (let k = at; k < at + FINGERPRINT_BYTES; k++) hex += HEX_BYTES[bytes[k] as number] as string;
  return hex;
}

/**
 * Slot 0 and the passages as hex, for the page's public shape: once per page
 * exported, read from the packed bytes (a million-page export spent ~6 s
 * making a Fingerprint and two number strings per fingerprint).
 */
export function fingerprintsToHex(bytes: Uint8Array): { fingerprint: string; passages: string[] } {
  const count = Math.floor(bytes.byteLength / FINGERPRINT_BYTES);
  const passages: string[] = [];
  for (let i = 1; i < count; i++) passages.push(hexAt(bytes, i));
  return { fingerprint: count > 0 ? hexAt(bytes, 0) : '', passages };
}

/** packFingerprints of the whole-document fingerprint and the passages given as hex, written without objects between (once per imported page). */
export function fingerprintsFromHex(fingerprint: string, passages: readonly string[]): Uint8Array {
  const bytes = new Uint8Array((1 + passages.length) * FINGERPRINT_BYTES);
  writeFingerprint(bytes, 0, fingerprintFromHex(fingerprint));
  passages.forEach((hex, i) => writeFingerprint(bytes, (i + 1) * FINGERPRINT_BYTES, fingerprintFromHex(hex)));
  return bytes;
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

/** Whether fingerprint `i` of packed fingerprints, hi:lo, equals an earlier one (without strings). */
export function repeatsEarlier(packed: Uint8Array, i: number, hi: number, lo: number): boolean {
  for (let j = 0; j < i; j++) {
    if (readUint32(packed, j * FINGERPRINT_BYTES) === hi && readUint32(packed, j * FINGERPRINT_BYTES + 4) === lo) return true;
  }
  return false;
}
