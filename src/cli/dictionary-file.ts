import { readFileSync } from 'node:fs';
import { setChineseLexiconSource } from '../core/segment/chinese-lexicon';

/**
 * The packed Chinese dictionary the extension ships (written by
 * scripts/build-segment-dictionary.ts): the same path from src/cli and from
 * the compiled dist/cli, both two folders below the package.
 */
export const DICTIONARY_FILE = new URL('../../public/zh-dictionary.bin', import.meta.url);

/** Makes the engine's default Chinese lexicon the one in `file`, read when the first Han text needs it. */
export function useDictionaryFile(file: URL | string = DICTIONARY_FILE): void {
  setChineseLexiconSource(() => readFileSync(file));
}
