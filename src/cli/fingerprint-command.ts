import { pathToFileURL } from 'node:url';
import { EXIT_FILE_ERRORS, EXIT_OK, absolutePath, type CommandContext } from './context';
import { errorMessage } from './error-message';
import { filesNamedBy } from './input-files';
import { lineOfJob } from './fingerprint-job';
import type { FingerprintWorkers } from './fingerprint-pool';
import { writeJsonLine, type CliIo } from './io';
import type { FingerprintLine } from './text-line';

/** From this many files on, the work is spread over every core (this thread and worker threads)… */
export const PARALLEL_MIN_FILES = 8;
/**
 * …and from this many bytes: below, a worker's start (loading the engine,
 * then warming it up) costs more than the share of the work it would take
 * (docs/performance.md). Sizes unknown count as this many.
 */
export const PARALLEL_MIN_BYTES = 1_000_000;
/** Files read ahead per thread: keeps the workers' queues (fingerprint-pool.ts) full while bounding the bytes held. */
const FILES_READ_AHEAD_PER_THREAD = 8;

/**
 * `deja-lu fingerprint [--html] DIR|FILE…` → {"file","simhash","blocks","chars","scheme"}
 * per file, in the order given, a directory's files in name order
 * (text-line.ts). Many files are fingerprinted on all cores; the output is
 * the same.
 */
export async function runFingerprint({ io, flags, files }: CommandContext): Promise<number> {
  let failed = false;
  const named: string[] = [];
  for (const arg of files) named.push(...(await filesNamedBy(io, arg)));
  await fingerprintFiles(io, named, { html: flags.html, passages: flags.passages }, (line) => {
    if ('error' in line) failed = true;
    writeJsonLine(io.stdout, line);
  });
  return failed ? EXIT_FILE_ERRORS : EXIT_OK;
}

export interface FingerprintOptions {
  html: boolean;
  passages: boolean;
}

/** The line of each file, handed to `emit` in the order given; on all cores from PARALLEL_MIN_FILES files and PARALLEL_MIN_BYTES on. */
export async function fingerprintFiles(io: CliIo, files: readonly string[], options: FingerprintOptions, emit: (line: FingerprintLine, index: number) => void): Promise<void> {
  const workers = files.length >= PARALLEL_MIN_FILES && inputBytes(io, files) >= PARALLEL_MIN_BYTES ? io.startWorkers?.() : undefined;
  let index = 0;
  try {
    const run = (i: number) => fingerprintFile(io, files[i] as string, options, workers, i);
    await mapInOrder(files.length, workers ? workers.size * FILES_READ_AHEAD_PER_THREAD : 1, run, (line) => emit(line, index++));
  } finally {
    await workers?.close();
  }
}

/** The files' total size, up to PARALLEL_MIN_BYTES (every file counts as that much when sizes are unknown). */
function inputBytes(io: CliIo, files: readonly string[]): number {
  const { fileSize } = io;
  if (!fileSize) return PARALLEL_MIN_BYTES;
  let total = 0;
  for (let i = 0; i < files.length && total < PARALLEL_MIN_BYTES; i++) total += fileSize(absolutePath(io, files[i] as string));
  return total;
}

/** Reads a file here; fingerprints it on a worker when there are workers. Never rejects. */
async function fingerprintFile(io: CliIo, file: string, { html, passages }: FingerprintOptions, workers: FingerprintWorkers | undefined, id: number): Promise<FingerprintLine> {
  try {
    const path = absolutePath(io, file);
    const bytes = await io.readFile(path);
    const fileUrl = pathToFileURL(path).href;
    const job = { id, file, bytes, html, fileUrl, passages };
    return await (workers ? workers.run(job) : lineOfJob(job));
  } catch (error) {
    return { file, error: errorMessage(error) };
  }
}

/**
 * Runs `run(0 … count−1)` with at most `window` running at once and hands
 * the results to `emit` in order. Results done ahead of an earlier one wait
 * here (lines, small) while the next jobs start: a slow file on one thread
 * does not idle the others.
 */
function mapInOrder<T>(count: number, window: number, run: (i: number) => Promise<T>, emit: (result: T) => void): Promise<void> {
  const done = new Map<number, T>();
  let started = 0;
  let running = 0;
  let emitted = 0;
  return new Promise((resolve, reject) => {
    const advance = (): void => {
      while (done.has(emitted)) {
        const result = done.get(emitted) as T;
        done.delete(emitted++);
        emit(result);
      }
      if (emitted === count) return resolve();
      for (; running < window && started < count; running++) {
        const i = started++;
        run(i).then((result) => {
          running--;
          done.set(i, result);
          advance();
        }).catch(reject);
      }
    };
    advance();
  });
}
