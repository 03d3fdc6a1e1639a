import type { DigestReply } from './digest-worker';

/**
 * The file's digest for its import receipt (History.importFile's `fileDigest`),
 * taken by a worker of its own that reads the file beside the import:
 * Chromium's SubtleCrypto hashes on the calling thread, ~8 s of the page's
 * thread for a million-record backup (decisions/0103). `startWorker` lets
 * the bench start its own build of digest-worker.ts.
 */
export function digestInWorker(file: Blob, startWorker: () => Worker = () => new Worker(new URL('./digest-worker.ts', import.meta.url), { type: 'module' })): Promise<string> {
  const worker = startWorker();
  return new Promise<string>((resolve, reject) => {
    worker.addEventListener('message', ({ data }: MessageEvent<DigestReply>) => {
      worker.terminate();
      if ('hex' in data) resolve(data.hex);
      else reject(new Error(data.failed));
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new Error(event.message));
    });
    worker.postMessage(file);
  });
}
