/**
 * The Chinese lexicon tokenize() uses when its caller passes none. The
 * engine reads no files: the host says where the bytes of the packed
 * dictionary come from (the CLI and the tests read public/zh-dictionary.bin,
 * src/cli/dictionary-file.ts), once, and the first Han text unpacks them.
 * The extension passes its own lexicon instead (src/background/chinese-dictionary.ts),
 * fetched when a page needs it and let go when idle.
 */
import { unpackDictionary, type ChineseLexicon } from './packed-dictionary';

/** Thrown where Han text needs the lexicon and none is at hand: the caller loads it and signs again. */
export class ChineseLexiconUnavailable extends Error {
  constructor() {
    super('the Chinese dictionary is not loaded');
    this.name = 'ChineseLexiconUnavailable';
  }
}

let readBytes: (() => Uint8Array) | undefined;
let unpacked: ChineseLexicon | undefined;

/** Where the default lexicon's bytes come from (undefined: nowhere, Han text then throws ChineseLexiconUnavailable). */
export function setChineseLexiconSource(read: (() => Uint8Array) | undefined): void {
  readBytes = read;
  unpacked = undefined;
}

/** The default lexicon, unpacked on first use and kept. */
export function defaultChineseLexicon(): ChineseLexicon {
  if (unpacked) return unpacked;
  if (!readBytes) throw new ChineseLexiconUnavailable();
  unpacked = unpackDictionary(readBytes());
  return unpacked;
}
