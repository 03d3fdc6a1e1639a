/** A file whose byte stream stalls or is slow, as Chromium's did (decisions/0084). */
import type { ReadableFile } from '../../src/store/file-bytes';

/**
 * A file whose byte stream answers BYOB reads from `content`, stopping for
 * good at byte `stallAt` of the first stream (as Chromium's did, decisions/0084);
 * streams of slices never stall. Each stream's first read takes `firstReadMs`
 * (a slow disk). `cancelled` counts streams cancelled.
 */
export function byteFile(content: Uint8Array, stallAt = Infinity, firstReadMs = 0): ReadableFile & { cancelled: number; opened: number[] } {
  const file = {
    cancelled: 0,
    opened: [] as number[],
    stream: () => streamFrom(0, stallAt),
    slice: (from?: number) => ({ stream: () => streamFrom(from ?? 0, Infinity) }) as Blob,
  };
  function streamFrom(from: number, stopAt: number): ReadableStream<Uint8Array<ArrayBuffer>> {
    file.opened.push(from);
    let at = from;
    let started = firstReadMs === 0;
    return new ReadableStream({
      type: 'bytes',
      async pull(controller) {
        if (at >= stopAt) return new Promise<void>(() => undefined);
        if (!started) {
          await new Promise((resolve) => setTimeout(resolve, firstReadMs));
          started = true;
        }
        if (at >= content.length) {
          controller.close();
          controller.byobRequest?.respond(0);
          return;
        }
        const view = controller.byobRequest?.view as Uint8Array;
        const n = Math.min(view.byteLength, content.length - at, 5_000 + (at % 7_000));
        view.set(content.subarray(at, at + n));
        at += n;
        controller.byobRequest?.respond(n);
      },
      cancel() {
        file.cancelled++;
      },
    }) as ReadableStream<Uint8Array<ArrayBuffer>>;
  }
  return file as ReadableFile & { cancelled: number; opened: number[] };
}
