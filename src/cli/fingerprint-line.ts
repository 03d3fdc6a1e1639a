import { documentFromBytes } from './documents';
import { errorMessage } from './error-message';
import { lineOfText, plainTextLine, type FingerprintLine } from './text-line';

/** The line of a file's bytes (text-line.ts); with `html`, of the article extracted from them. */
export function fingerprintLine(file: string, bytes: Uint8Array, html: boolean, fileUrl: string, withPassages = false): FingerprintLine {
  if (!html) return plainTextLine(file, bytes, withPassages);
  try {
    return lineOfText(file, documentFromBytes(bytes, html, fileUrl).text, withPassages);
  } catch (error) {
    return { file, error: errorMessage(error) };
  }
}
