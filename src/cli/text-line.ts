import { FINGERPRINT_SCHEME, countCodePoints, documentFingerprint, fingerprintBlocks, fingerprintToHex, signDocument, type Fingerprint } from '../core';
import { decodeFile } from './decode-file';
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
 * The line of a text. The SimHash is the one the extension stores for the
 * text (signDocument), so these lines agree with compare's distances and
 * with import-file; `scheme` names the rules it was computed with.
 */
export function lineOfText(file: string, text: string, withPassages: boolean): FingerprintLine {
  const line = (fingerprint: Fingerprint) => ({ file, simhash: fingerprintToHex(fingerprint), blocks: fingerprintBlocks(fingerprint), chars: countCodePoints(text), scheme: FINGERPRINT_SCHEME });
  if (!withPassages) return line(documentFingerprint(text));
  const { fingerprint, passages, length } = signDocument(text);
  return { ...line(fingerprint), passages: passages.map(fingerprintToHex), words: length.words, cjkChars: length.cjkChars };
}

/** The line of a plain-text file's bytes, without loading the HTML reader (fingerprint-line.ts). */
export function plainTextLine(file: string, bytes: Uint8Array, withPassages: boolean): FingerprintLine {
  try {
    return lineOfText(file, decodeFile(bytes, false), withPassages);
  } catch (error) {
    return { file, error: errorMessage(error) };
  }
}
