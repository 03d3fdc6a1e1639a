import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { lineOfJob, WORKER_READY, type FingerprintJob, type FingerprintResult } from './fingerprint-job';
import type { FingerprintLine } from './text-line';

/**
 * Jobs posted to a worker ahead of its answers: the worker reaches the next
 * one without waiting for this thread, which hands out jobs only between two
 * of its own (profiled on the practice texts, docs/performance.md).
 */
const JOBS_AHEAD_PER_WORKER = 8;

/** Fingerprints files on this thread and worker threads; lines come back in any order, tagged with the job id. */
export interface FingerprintWorkers {
  /** Threads that fingerprint, this one included. */
  readonly size: number;
  run(job: FingerprintJob): Promise<FingerprintLine>;
  close(): Promise<void>;
}

interface Pending {
  job: FingerprintJob;
  resolve: (line: FingerprintLine) => void;
  reject: (error: Error) => void;
}

interface WorkerState {
  worker: Worker;
  /** Its modules are loaded: jobs posted now start at once. */
  ready: boolean;
  running: Map<number, Pending>;
}

/**
 * Spreads jobs over `threads` threads: this one (unless `workHere` is false)
 * and worker threads for the rest. Jobs wait in one queue and each thread
 * takes the next when it is free, so this thread works while the workers
 * start (≈ 50 ms of loading each) and a slow file holds up no other. None on
 * a single core, or when the compiled worker is not beside this module
 * (tests running the TypeScript source): the command then works in its own
 * thread.
 */
export function startFingerprintWorkers(
  threads = availableParallelism(),
  script = new URL('./fingerprint-worker.js', import.meta.url),
  workHere = true,
): FingerprintWorkers | undefined {
  if (threads < 2 || script.protocol !== 'file:' || !existsSync(fileURLToPath(script))) return undefined;
  const queue: Pending[] = [];
  const workers: WorkerState[] = Array.from({ length: workHere ? threads - 1 : threads }, () => ({ worker: new Worker(script), ready: false, running: new Map() }));
  let busyHere = false;

  const feed = (state: WorkerState): void => {
    while (state.ready && state.running.size < JOBS_AHEAD_PER_WORKER && queue.length > 0) {
      const pending = queue.shift() as Pending;
      state.running.set(pending.job.id, pending);
      // Copied, not transferred: a Buffer from fs may share its memory with others.
      state.worker.postMessage(pending.job);
    }
  };
  // One job per turn of the event loop, so that the workers' answers and the files read come in between.
  const takeNextHere = (): void => {
    if (!workHere || busyHere || queue.length === 0) return;
    busyHere = true;
    setImmediate(() => {
      const pending = queue.shift();
      if (pending) lineOfJob(pending.job).then(pending.resolve, pending.reject);
      busyHere = false;
      takeNextHere();
    });
  };

  for (const state of workers) {
    state.worker.on('message', ({ id, line }: FingerprintResult) => {
      if (id === WORKER_READY.id) state.ready = true;
      const pending = state.running.get(id);
      if (pending && line) {
        state.running.delete(id);
        pending.resolve(line);
      }
      feed(state);
    });
    state.worker.on('error', (error) => {
      state.ready = false;
      for (const pending of state.running.values()) pending.reject(error);
      state.running.clear();
    });
  }
  return {
    size: threads,
    run(job) {
      return new Promise((resolve, reject) => {
        queue.push({ job, resolve, reject });
        workers.forEach(feed);
        takeNextHere();
      });
    },
    async close() {
      await Promise.all(workers.map(({ worker }) => worker.terminate()));
    },
  };
}
