/**
 * A file's text as importJson takes it: read and decoded (UTF-8) chunk by
 * chunk as the browser delivers them, never held whole. Each chunk arrives in
 * a task of its own; the import reads it outside any transaction (import.ts).
 */
export async function* textChunks(file: Blob): AsyncIterable<string> {
  const reader = file.stream().pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}
