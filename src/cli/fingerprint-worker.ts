/**
 * Worker thread of `deja-lu fingerprint` on many files: the main thread reads
 * each file and hands its bytes over; extraction and fingerprinting, the CPU
 * work, run here as on the main thread (fingerprint-pool.ts). Compiled to
 * dist/cli/fingerprint-worker.js; loads Readability and linkedom only for
 * the first HTML file.
 */
import { parentPort } from 'node:worker_threads';
import { useDictionaryFile } from './dictionary-file';
import { lineOfJob, WORKER_READY, type FingerprintJob, type FingerprintResult } from './fingerprint-job';

const port = parentPort;
if (!port) throw new Error('fingerprint-worker runs as a worker thread');
useDictionaryFile();
port.on('message', async (job: FingerprintJob) => {
  const result: FingerprintResult = { id: job.id, line: await lineOfJob(job) };
  port.postMessage(result);
});
port.postMessage(WORKER_READY);
