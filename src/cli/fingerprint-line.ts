import { FINGERPRINT_SCHEME, countCodePoints, fingerprintBlocks, fingerprintToHex, signDocument } from '../core';
import { documentFromBytes } from './documents';
import { errorMessage } from './error-message';

/** One output line of `deja-lu fingerprint`: the fingerprint of a file, or why there is none. */
export type FingerprintLine =
  | ({ file: string; simhash: string; blocks: readonly number[]; chars: number; scheme: number } & Partial<SignatureFields>)
  | { file: string; error: string };

/**
 * What `--passages` adds: the rest of the signature the extension judges
 * with (passage fingerprints and the text's length), so that `deja-lu dedup`
 * can find partial copies from precomputed lines.
 */
export interface SignatureFields {
  passages: string[];
  words: number;
  cjkChars: number;
}

/**
 * The line for a file's bytes. The SimHash is the one the extension stores
 * for the text (signDocument), so these lines agree with compare's distances
 * and with import-file; `scheme` names the rules it was computed with.
 */
export function fingerprintLine(file: string, bytes: Uint8Array, html: boolean, fileUrl: string, withPassages = false): FingerprintLine {
  try {
    const { text } = documentFromBytes(bytes, html, fileUrl);
    const { fingerprint, passages, length } = signDocument(text);
    const line = { file, simhash: fingerprintToHex(fingerprint), blocks: fingerprintBlocks(fingerprint), chars: countCodePoints(text), scheme: FINGERPRINT_SCHEME };
    if (!withPassages) return line;
    return { ...line, passages: passages.map(fingerprintToHex), words: length.words, cjkChars: length.cjkChars };
  } catch (error) {
    return { file, error: errorMessage(error) };
  }
}
