import { FINGERPRINT_SCHEME, fingerprintBlocks, fingerprintToHex, signDocument } from '../core';
import { loadDocument } from './documents';
import { EXIT_FILE_ERRORS, EXIT_OK, absolutePath, type CommandContext } from './context';
import { errorMessage, writeJsonLine } from './io';

/** Unicode code points, as a person counts characters (a surrogate pair is one). */
function countCodePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xdc00 || code > 0xdfff) n++;
  }
  return n;
}

/**
 * `deja-lu fingerprint [--html] FILE…` → {"file","simhash","blocks","chars","scheme"}.
 * The SimHash is the one the extension stores for the text (signDocument),
 * so these lines agree with compare's distances and with import-file;
 * `scheme` names the rules it was computed with (core/scheme.ts).
 */
export async function runFingerprint({ io, flags, files }: CommandContext): Promise<number> {
  let failed = false;
  for (const file of files) {
    try {
      const { text } = await loadDocument(io, absolutePath(io, file), flags.html);
      const { fingerprint } = signDocument(text);
      writeJsonLine(io.stdout, { file, simhash: fingerprintToHex(fingerprint), blocks: fingerprintBlocks(fingerprint), chars: countCodePoints(text), scheme: FINGERPRINT_SCHEME });
    } catch (error) {
      failed = true;
      writeJsonLine(io.stdout, { file, error: errorMessage(error) });
    }
  }
  return failed ? EXIT_FILE_ERRORS : EXIT_OK;
}
