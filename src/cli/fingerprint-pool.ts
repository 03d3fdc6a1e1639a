import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FingerprintLine } from './fingerprint-line';

export interface FingerprintJob {
  id: number;
  file: string;
  bytes: Uint8Array;
  html: boolean;
  fileUrl: string;
  /** Add the passages and length (`--passages`). */
  passages: boolean;
}

export interface FingerprintResult {
  id: number;
  line: FingerprintLine;
}

/** Fingerprints files on worker threads; lines come back in any order, tagged with the job id. */
export interface FingerprintWorkers {
  readonly size: number;
  run(job: FingerprintJob): Promise<FingerprintLine>;
  close(): Promise<void>;
}

/**
 * Starts one worker per core (none on a single core, or when the compiled
 * worker is not beside this module, as when tests run the TypeScript source:
 * the command then works in its own thread).
 */
export function startFingerprintWorkers(
  threads = availableParallelism(),
  script = new URL('./fingerprint-worker.js', import.meta.url),
): FingerprintWorkers | undefined {
  if (threads < 2 || script.protocol !== 'file:' || !existsSync(fileURLToPath(script))) return undefined;
  const workers = Array.from({ length: threads }, () => new Worker(script));
  const pending = new Map<number, { resolve: (line: FingerprintLine) => void; reject: (error: Error) => void; worker: Worker }>();
  const load = new Map<Worker, number>(workers.map((w) => [w, 0]));
  for (const worker of workers) {
    worker.on('message', ({ id, line }: FingerprintResult) => {
      const job = pending.get(id);
      if (!job) return;
      pending.delete(id);
      load.set(worker, (load.get(worker) ?? 1) - 1);
      job.resolve(line);
    });
    worker.on('error', (error) => {
      for (const [id, job] of pending) {
        if (job.worker !== worker) continue;
        pending.delete(id);
        job.reject(error);
      }
    });
  }
  return {
    size: threads,
    run(job) {
      // The least busy worker: files differ a lot in size.
      const worker = workers.reduce((a, b) => ((load.get(b) ?? 0) < (load.get(a) ?? 0) ? b : a));
      load.set(worker, (load.get(worker) ?? 0) + 1);
      return new Promise((resolve, reject) => {
        pending.set(job.id, { resolve, reject, worker });
        // Copied, not transferred: a Buffer from fs may share its memory with others.
        worker.postMessage(job);
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
