import { pathToFileURL } from 'node:url';
import { EXIT_FILE_ERRORS, EXIT_OK, absolutePath, type CommandContext } from './context';
import { errorMessage } from './error-message';
import { filesNamedBy } from './input-files';
import { lineOfJob } from './fingerprint-job';
import type { FingerprintWorkers } from './fingerprint-pool';
import { jsonLineWriter, type CliIo } from './io';
import type { FingerprintLine } from './text-line';

/** From this many files on, the work is spread over every core (this thread and worker threads)… */
export const PARALLEL_MIN_FILES = 8;
/**
 * …and from this much work, in bytes of Latin text (HAN_BYTE_COST): below,
 * a worker's start and warm-up (≈ 450 ms of CPU, its own compiled code and
 * type feedback) cost more than the share of the work it takes. On the
 * bench's 2 cores, 9 MB of Latin text and 2.1 MB of Chinese ran faster on
 * one thread, 27 MB of Latin and 8.5 MB of Chinese on two (docs/performance.md).
 * Sizes unknown count as this much.
 */
export const PARALLEL_MIN_WORK = 16_000_000;
/**
 * What a byte of Chinese text costs the engine in bytes of Latin text:
 * ~3 M chars/s at three bytes a character against ~43 MB/s (bench/RESULTS.md §1).
 */
export const HAN_BYTE_COST = 5;
/**
 * What a byte of HTML costs with `--html`, in bytes of Latin text: the 110
 * real pages (27 MB) take ≈ 12 s of CPU to extract and sign, ≈ 2 MB/s.
 */
export const HTML_BYTE_COST = 16;
/** Bytes of the first file that tell the script of the input (HAN_BYTE_COST). */
const SCRIPT_SAMPLE_BYTES = 65_536;
/** Files read ahead per thread: keeps the workers' queues (fingerprint-pool.ts) full while bounding the bytes held. */
const FILES_READ_AHEAD_PER_THREAD = 8;

/**
 * `deja-lu fingerprint [--html] DIR|FILE…` → {"file","simhash","blocks","chars","scheme"}
 * per file, in the order given, a directory's files in name order
 * (text-line.ts), written in chunks (io.ts jsonLineWriter). Many files
 * are fingerprinted on all cores; the output is the same.
 */
export async function runFingerprint({ io, flags, files }: CommandContext): Promise<number> {
  let failed = false;
  const named: string[] = [];
  for (const arg of files) named.push(...(await filesNamedBy(io, arg)));
  const output = jsonLineWriter(io.stdout);
  try {
    await fingerprintFiles(io, named, { html: flags.html, passages: flags.passages }, (line) => {
      if ('error' in line) failed = true;
      output.write(line);
    });
  } finally {
    output.flush();
  }
  return failed ? EXIT_FILE_ERRORS : EXIT_OK;
}

export interface FingerprintOptions {
  html: boolean;
  passages: boolean;
}

/** The line of each file, handed to `emit` in the order given; on all cores from PARALLEL_MIN_FILES files and PARALLEL_MIN_WORK on. */
export async function fingerprintFiles(io: CliIo, files: readonly string[], options: FingerprintOptions, emit: (line: FingerprintLine, index: number) => void): Promise<void> {
  const workers = files.length >= PARALLEL_MIN_FILES && (await inputWork(io, files, options.html)) >= PARALLEL_MIN_WORK ? io.startWorkers?.() : undefined;
  let index = 0;
  try {
    const run = (i: number) => fingerprintFile(io, files[i] as string, options, workers, i);
    await mapInOrder(files.length, workers ? workers.size * FILES_READ_AHEAD_PER_THREAD : 1, run, (line) => emit(line, index++));
  } finally {
    await workers?.close();
  }
}

/**
 * The files' work in bytes of Latin text, up to PARALLEL_MIN_WORK: their
 * sizes, weighed by HTML_BYTE_COST for `--html`, else by the script of the
 * first file (every file counts as PARALLEL_MIN_WORK when sizes are unknown).
 */
async function inputWork(io: CliIo, files: readonly string[], html: boolean): Promise<number> {
  const { fileSize } = io;
  if (!fileSize) return PARALLEL_MIN_WORK;
  const cost = html ? HTML_BYTE_COST : await costPerByte(io, files[0] as string);
  let total = 0;
  for (let i = 0; i < files.length && total < PARALLEL_MIN_WORK; i++) total += cost * fileSize(absolutePath(io, files[i] as string));
  return total;
}

/**
 * What a byte of `file` costs in bytes of Latin text: 1, up to HAN_BYTE_COST
 * where all of its first bytes are three-byte UTF-8 sequences (Chinese).
 */
export async function costPerByte(io: CliIo, file: string): Promise<number> {
  let sample: Uint8Array;
  try {
    sample = (await io.readFile(absolutePath(io, file))).subarray(0, SCRIPT_SAMPLE_BYTES);
  } catch {
    // Reading it will say why, in its line.
    return 1;
  }
  let threeByteLeads = 0;
  for (const byte of sample) if (byte >= 0xe0 && byte < 0xf0) threeByteLeads++;
  return sample.length === 0 ? 1 : 1 + ((HAN_BYTE_COST - 1) * Math.min(1, (3 * threeByteLeads) / sample.length));
}

/** Reads a file here; fingerprints it on a worker when there are workers. Never rejects. */
async function fingerprintFile(io: CliIo, file: string, { html, passages }: FingerprintOptions, workers: FingerprintWorkers | undefined, id: number): Promise<FingerprintLine> {
  try {
    const path = absolutePath(io, file);
    const bytes = await io.readFile(path);
    const job = { id, file, bytes, html, passages, ...(html ? { fileUrl: pathToFileURL(path).href } : {}) };
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
