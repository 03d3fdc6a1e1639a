/**
 * A file's bytes as text: the encoding from its byte-order mark or, for HTML,
 * its `<meta charset>`; binary files refused. No HTML parsing here, so plain
 * text is read without loading Readability and linkedom (documents.ts).
 */

/**
 * Bytes examined for NUL bytes, the mark of a binary file (images,
 * archives…), as git and grep do: text files never contain NUL in UTF-8.
 */
export const BINARY_SNIFF_BYTES = 8192;

/** Bytes searched for `<meta charset>`, as the HTML standard's encoding prescan does. */
export const CHARSET_PRESCAN_BYTES = 1024;

const BOMS: ReadonlyArray<{ bytes: readonly number[]; encoding: string }> = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
];

const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i;

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

function encodingOf(bytes: Uint8Array, html: boolean): string {
  const bom = BOMS.find(({ bytes: prefix }) => startsWith(bytes, prefix));
  if (bom) return bom.encoding;
  if (!html) return 'utf-8';
  // Latin-1 maps each byte to one character, so ASCII markup reads the same in any ASCII-compatible encoding.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, CHARSET_PRESCAN_BYTES));
  return META_CHARSET.exec(head)?.[1] ?? 'utf-8';
}

/** Decodes a file's bytes; throws on binary content. */
export function decodeFile(bytes: Uint8Array, html: boolean): string {
  const encoding = encodingOf(bytes, html);
  if (!encoding.startsWith('utf-16') && bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) {
    throw new Error('binary file (contains NUL bytes), not text');
  }
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding);
  } catch {
    // An unknown label in <meta charset>: browsers fall back to UTF-8 as well.
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(bytes);
}
