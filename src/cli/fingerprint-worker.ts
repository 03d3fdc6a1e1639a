/**
 * Worker thread of `deja-lu fingerprint` on many files: the main thread reads
 * each file and hands its bytes over; extraction and fingerprinting, the CPU
 * work, run here. Compiled to dist/cli/fingerprint-worker.js.
 */
import { parentPort } from 'node:worker_threads';
import { useDictionaryFile } from './dictionary-file';
import { fingerprintLine } from './fingerprint-line';
import type { FingerprintJob, FingerprintResult } from './fingerprint-pool';

const port = parentPort;
if (!port) throw new Error('fingerprint-worker runs as a worker thread');
useDictionaryFile();
port.on('message', ({ id, file, bytes, html, fileUrl, passages }: FingerprintJob) => {
  const result: FingerprintResult = { id, line: fingerprintLine(file, bytes, html, fileUrl, passages) };
  port.postMessage(result);
});
