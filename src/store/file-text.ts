import type { SliceDigest } from './file-digest';

/**
 * A file's text as importJson takes it: read and decoded (UTF-8) chunk by
 * chunk as the browser delivers them, never held whole. Each chunk arrives in
 * a task of its own; the import reads it outside any transaction (import.ts).
 * `onBytes` hears the file's bytes read so far, for a progress bar: the
 * decoded text's length says nothing of bytes once it holds non-ASCII text.
 * `digest` is given every chunk of bytes before it is decoded (file-digest.ts).
 */
export async function* textChunks(file: Blob, onBytes?: (bytes: number) => void, digest?: Pick<SliceDigest, 'update'>): AsyncIterable<string> {
  let bytes = 0;
  const counted = onBytes === undefined && digest === undefined ? file.stream() : file.stream().pipeThrough(new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>({
    async transform(chunk, controller) {
      bytes += chunk.byteLength;
      onBytes?.(bytes);
      await digest?.update(chunk);
      controller.enqueue(chunk);
    },
  }));
  const reader = counted.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}
