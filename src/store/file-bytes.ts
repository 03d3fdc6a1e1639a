/**
 * A file's bytes read into one buffer, reused for every read: a backup of a
 * million pages is 1.6 GB, and a stream's default reader gives each chunk
 * a new buffer, garbage the page's heap counted in hundreds of megabytes
 * while the file was read (decisions/0084).
 */

/** Bytes read at a time: small enough that a chunk decoded to text stays in V8's young generation. */
export const READ_BUFFER_BYTES = 64 * 1024;

/**
 * A read not answered for this long is given up, and the file read on from
 * the same byte with a new stream: Chromium's byte stream of a file now and
 * then stops answering a BYOB read part way through (decisions/0084), and
 * nothing else ends the wait. A read takes milliseconds; each stall in a
 * row doubles the wait, so a slow disk still gets read.
 */
export const STALLED_READ_MS = 2_000;

/** What of a Blob this reads, so a test can stand in for Chromium's files. */
export type ReadableFile = Pick<Blob, 'stream' | 'slice'>;

export interface FileBytesOptions {
  bufferBytes?: number;
  stalledMs?: number;
  setTimer?: (fire: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

const STALLED = Symbol('stalled');

/** A BYOB reader of `stream`, or undefined where it is not a byte stream. */
function byobReader(stream: ReadableStream<Uint8Array>): ReadableStreamBYOBReader | undefined {
  try {
    return stream.getReader({ mode: 'byob' });
  } catch (error) {
    if (error instanceof TypeError) return undefined;
    throw error;
  }
}

/** The chunks of a stream that is no byte stream, as they come. */
async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array, void, undefined> {
  const reader = stream.getReader();
  let ended = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        return;
      }
      yield value;
    }
  } finally {
    if (!ended) await reader.cancel().catch(() => undefined);
  }
}

/**
 * The file's bytes in order, each chunk a view of one buffer that the next
 * read reuses: use (or copy) a chunk before asking for the next one. Where
 * the file's stream is no byte stream, its own chunks are given as they come.
 */
export async function* fileBytes(file: ReadableFile, {
  bufferBytes = READ_BUFFER_BYTES,
  stalledMs = STALLED_READ_MS,
  setTimer = (fire, ms) => setTimeout(fire, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: FileBytesOptions = {}): AsyncGenerator<Uint8Array, void, undefined> {
  const stream = file.stream();
  let reader = byobReader(stream);
  if (reader === undefined) {
    yield* streamChunks(stream);
    return;
  }
  let buffer = new ArrayBuffer(bufferBytes);
  let at = 0;
  let ended = false;
  let wait = stalledMs;
  try {
    for (;;) {
      let timer: unknown;
      const stalled = new Promise<typeof STALLED>((resolve) => { timer = setTimer(() => resolve(STALLED), wait); });
      const read = await Promise.race([reader.read(new Uint8Array(buffer)), stalled]);
      clearTimer(timer);
      if (read === STALLED) {
        // The stalled read keeps the buffer it was given: the file is read on from the same byte into a new one.
        reader.cancel().catch(() => undefined);
        reader = byobReader(file.slice(at).stream()) as ReadableStreamBYOBReader;
        buffer = new ArrayBuffer(bufferBytes);
        wait *= 2;
        continue;
      }
      wait = stalledMs;
      if (read.done) {
        ended = true;
        return;
      }
      at += read.value.byteLength;
      buffer = read.value.buffer;
      yield read.value;
    }
  } finally {
    // A reader stopped early (the import gave up) lets go of the file.
    if (!ended) await reader.cancel().catch(() => undefined);
  }
}
