import { weightedFeatures } from './features';
import { simhash } from './simhash';
import { fingerprintBlocks, fingerprintToHex, type Blocks, type Fingerprint } from './fingerprint64';
import { countCodePoints } from './text-length';
import { tokenize, type TokenizeDeps } from './tokenize';

export interface TextFingerprint {
  fingerprint: Fingerprint;
  hex: string;
  blocks: Blocks;
  /** Characters of the input, as counted by the user (code points). */
  chars: number;
  /** Content tokens after stopword removal. */
  tokens: number;
}

/** The whole engine in one call: normalise, tokenise, weight, SimHash. */
export function fingerprintText(text: string, deps: TokenizeDeps = {}): TextFingerprint {
  const tokens = tokenize(text, deps);
  const fingerprint = simhash(weightedFeatures(tokens));
  return {
    fingerprint,
    hex: fingerprintToHex(fingerprint),
    blocks: fingerprintBlocks(fingerprint),
    chars: countCodePoints(text),
    tokens: tokens.length,
  };
}
