import { fingerprintFromHex, isFingerprintHex, type Fingerprint } from '../../core';
import type { CorpusEntry } from '../../core';
import { FINGERPRINT_SCHEMES, isFingerprintScheme, passageMeasure, passageSampleSize } from '../../core/scheme';

/** Name fields a .jsonl line may carry, in order of preference: `file` is what `deja-lu fingerprint` prints. */
const NAME_FIELDS = ['file', 'url', 'id'] as const;

export type ParsedLine =
  | { kind: 'entry'; entry: CorpusEntry }
  /** A `deja-lu fingerprint` error line: the file had no fingerprint; not a problem of this input. */
  | { kind: 'skipped' }
  | { kind: 'invalid'; reason: string };

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * One line of a .jsonl input: `{"simhash": "<16 hex>"}` plus, from
 * `fingerprint --passages`, passages and length. The line's `scheme` sets how
 * many passages it kept at most, so six passages of a scheme-3 line are read
 * as a sample, not as the whole text.
 */
export function parseFingerprintLine(line: string): ParsedLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { kind: 'invalid', reason: 'not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'invalid', reason: 'not a JSON object' };
  const fields = value as Record<string, unknown>;
  if (fields.simhash === undefined && typeof fields.error === 'string') return { kind: 'skipped' };
  if (!isFingerprintHex(fields.simhash)) return { kind: 'invalid', reason: '"simhash" is not 16 hex digits' };
  if (fields.scheme !== undefined && !isFingerprintScheme(fields.scheme)) {
    return { kind: 'invalid', reason: `"scheme" is not one this version knows (${FINGERPRINT_SCHEMES.join(', ')})` };
  }
  const entry: CorpusEntry = { fingerprint: fingerprintFromHex(fields.simhash) };
  if (fields.scheme !== undefined) {
    entry.sampleSize = passageSampleSize(fields.scheme);
    entry.measure = passageMeasure(fields.scheme);
  }
  if (fields.passages !== undefined) {
    if (!Array.isArray(fields.passages) || !fields.passages.every(isFingerprintHex)) return { kind: 'invalid', reason: '"passages" is not a list of 16-hex-digit fingerprints' };
    if (!isCount(fields.words) || !isCount(fields.cjkChars)) return { kind: 'invalid', reason: 'a line with "passages" needs "words" and "cjkChars" counts' };
    entry.passages = fields.passages.map((hex: string): Fingerprint => fingerprintFromHex(hex));
    entry.length = { words: fields.words, cjkChars: fields.cjkChars };
  }
  return { kind: 'entry', entry };
}

/** The name a line gives its document (`file`, `url` or `id`), else undefined. */
export function nameOfLine(line: string): string | undefined {
  try {
    const fields = JSON.parse(line) as Record<string, unknown>;
    for (const field of NAME_FIELDS) {
      const value = fields[field];
      if (typeof value === 'string' || typeof value === 'number') return String(value);
    }
  } catch {
    // The first pass accepted this line; a file changed since reads as unnamed.
  }
  return undefined;
}
