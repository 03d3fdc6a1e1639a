import { fileDigest } from '../../src/store';

/** The worker's global scope, as far as this script uses it (the project's TypeScript library is the DOM's). */
const scope = globalThis as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<Blob>) => void): void;
  postMessage(reply: DigestReply): void;
};

export type DigestReply = { hex: string } | { failed: string };

/** Hashes the file it is sent, reading it itself, so the page's thread only imports it (digest-in-worker.ts). */
scope.addEventListener('message', async ({ data }) => {
  try {
    scope.postMessage({ hex: await fileDigest(data) });
  } catch (error) {
    scope.postMessage({ failed: error instanceof Error ? error.message : String(error) });
  }
});
