import { capWeights, weightedFeatures } from '../src/core/features';
import { simhash } from '../src/core/simhash';
import { fingerprintBlocks, fingerprintToHex, type Blocks, type Fingerprint } from '../src/core/fingerprint64';
import { countCodePoints } from '../src/core/text-length';
import { tokenize, type TokenizeDeps } from '../src/core/tokenize';

export interface TextFingerprint {
  fingerprint: Fingerprint;
  hex: string;
  blocks: Blocks;
  /** Characters of the input, as counted by the user (code points). */
  chars: number;
  /** Content tokens after stopword removal. */
  tokens: number;
}

/**
 * The whole-document fingerprint the plain way, in one call: normalise,
 * tokenise, weight (capped as the current scheme caps), SimHash over a token list and Maps. The specification
 * signDocument's fingerprint is tested against and a bench baseline; neither
 * the extension nor the CLI runs it.
 */
export function fingerprintText(text: string, deps: TokenizeDeps = {}): TextFingerprint {
  const tokens = tokenize(text, deps);
  const fingerprint = simhash(capWeights(weightedFeatures(tokens)));
  return {
    fingerprint,
    hex: fingerprintToHex(fingerprint),
    blocks: fingerprintBlocks(fingerprint),
    chars: countCodePoints(text),
    tokens: tokens.length,
  };
}
