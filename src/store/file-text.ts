import { fileBytes, type FileBytesOptions, type ReadableFile } from './file-bytes';
import type { SliceDigest } from './file-digest';

/**
 * A file's text as importJson takes it: read (file-bytes.ts) and decoded
 * (UTF-8) chunk by chunk, never held whole. Each chunk arrives in a task of
 * its own; the import reads it outside any transaction (import.ts).
 * `onBytes` hears the file's bytes read so far, for a progress bar: the
 * decoded text's length says nothing of bytes once it holds non-ASCII text.
 * `digest` is given every chunk of bytes before it is decoded (file-digest.ts).
 */
export async function* textChunks(file: ReadableFile, onBytes?: (bytes: number) => void, digest?: Pick<SliceDigest, 'update'>, read: FileBytesOptions = {}): AsyncIterable<string> {
  // As TextDecoderStream decodes: a byte order mark dropped, a damaged sequence read as U+FFFD.
  const decoder = new TextDecoder();
  let bytes = 0;
  for await (const chunk of fileBytes(file, read)) {
    bytes += chunk.byteLength;
    onBytes?.(bytes);
    await digest?.update(chunk);
    const text = decoder.decode(chunk, { stream: true });
    if (text.length > 0) yield text;
  }
  const rest = decoder.decode();
  if (rest.length > 0) yield rest;
}
