/**
 * The Chinese dictionary as the extension ships it: the word trie's arrays
 * (word-trie.ts) and the stopwords in one little-endian file, read without
 * parsing — the arrays are views of the bytes, so loading it costs one copy
 * of the file and a 64k table of the root's children, and nothing of it sits
 * in a script bundle. scripts/build-segment-dictionary.ts writes it.
 *
 *   offset 0    u32 magic ("DLZ1"), u32 nodes, u32 maxWordChars, u32 stopword bytes
 *   offset 16   i32 firstEdge[nodes + 1], u16 edgeCode[nodes − 1], u8 words[nodes],
 *               the stopwords in UTF-8, one per line
 */
import { dictionaryFromWords, type Dictionary } from './dictionary';
import { WordTrie } from './word-trie';

/** "DLZ1" read as a little-endian u32: a file of another format, or a big-endian reader, fails at once. */
const MAGIC = 0x315a4c44;
const HEADER_BYTES = 16;

/** What Chinese tokenisation needs: the word trie and the stopwords. */
export interface ChineseLexicon {
  readonly dictionary: Dictionary;
  readonly stopwords: ReadonlySet<string>;
}

/** The file of `words` (the dictionary, as dictionaryFromWords keeps them) and `stopwords`. */
export function packDictionary(words: readonly string[], stopwords: readonly string[]): Uint8Array {
  const { trie, maxWordChars } = dictionaryFromWords(words);
  const stop = new TextEncoder().encode(stopwords.join('\n'));
  const nodes = trie.size;
  const edgeCodeAt = HEADER_BYTES + 4 * (nodes + 1);
  const wordsAt = edgeCodeAt + 2 * (nodes - 1);
  const stopAt = wordsAt + nodes;
  const bytes = new Uint8Array(stopAt + stop.length);
  const view = new DataView(bytes.buffer);
  [MAGIC, nodes, maxWordChars, stop.length].forEach((value, i) => view.setUint32(4 * i, value, true));
  trie.firstEdge.forEach((value, i) => view.setInt32(HEADER_BYTES + 4 * i, value, true));
  trie.edgeCode.forEach((value, i) => view.setUint16(edgeCodeAt + 2 * i, value, true));
  bytes.set(trie.words, wordsAt);
  bytes.set(stop, stopAt);
  return bytes;
}

/** The lexicon of a file packDictionary wrote; its arrays are views of `bytes` (copied first if not 4-byte aligned). */
export function unpackDictionary(bytes: Uint8Array): ChineseLexicon {
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const { buffer, byteOffset } = aligned;
  // In the platform's byte order, as the arrays below are read: a big-endian reader fails here.
  const header = aligned.byteLength < HEADER_BYTES ? undefined : new Uint32Array(buffer, byteOffset, HEADER_BYTES / 4);
  if (header?.[0] !== MAGIC) throw new Error('not a packed Chinese dictionary');
  const [, nodes, maxWordChars, stopBytes] = header as unknown as [number, number, number, number];
  const edgeCodeAt = HEADER_BYTES + 4 * (nodes + 1);
  const wordsAt = edgeCodeAt + 2 * (nodes - 1);
  const stopAt = wordsAt + nodes;
  if (nodes < 1 || stopAt + stopBytes !== aligned.byteLength) throw new Error('a packed Chinese dictionary of the wrong length');
  const trie = new WordTrie(
    new Int32Array(buffer, byteOffset + HEADER_BYTES, nodes + 1),
    new Uint16Array(buffer, byteOffset + edgeCodeAt, nodes - 1),
    new Uint8Array(buffer, byteOffset + wordsAt, nodes),
  );
  const stopwords = new TextDecoder().decode(aligned.subarray(stopAt)).split('\n').filter(Boolean);
  return { dictionary: { trie, maxWordChars }, stopwords: new Set(stopwords) };
}
