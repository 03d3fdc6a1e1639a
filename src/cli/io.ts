/**
 * Everything the CLI does to the outside world, behind one interface so
 * that tests run commands in-process with in-memory files.
 */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { open, readdir, rename, unlink } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { startFingerprintWorkers, type FingerprintWorkers } from './fingerprint-pool';

export interface TextSink {
  write(text: string): unknown;
}

export interface CliIo {
  /** JSON lines go here. */
  stdout: TextSink;
  /** Usage and help on errors. */
  stderr: TextSink;
  /** Reads a file by absolute path; rejects with an Error (e.g. ENOENT) when it cannot. */
  readFile: (path: string) => Promise<Uint8Array>;
  /** Writes a file by absolute path from text chunks, replacing it only once complete. */
  writeFile: (path: string, chunks: AsyncIterable<string>) => Promise<void>;
  /** Relative paths on the command line resolve against this directory. */
  cwd: string;
  /** The lines of a text file by absolute path, read as a stream (files larger than memory). */
  readLines: (path: string) => AsyncIterable<string>;
  /** A file's size in bytes by absolute path, 0 when it cannot be read; absent: sizes unknown. */
  fileSize?: (path: string) => number;
  /** Every file below a folder (absolute path), as paths relative to it in sorted order; undefined when `path` is not a folder. */
  listFiles: (path: string) => Promise<string[] | undefined>;
  /** A progress line for a person watching (stderr on a terminal); absent otherwise. */
  progress?: (text: string) => void;
  /** Worker threads for CPU work on many files; absent or undefined: the command works in its own thread. */
  startWorkers?: () => FingerprintWorkers | undefined;
}

/** Writes to `path` through a temporary sibling file, so an interrupted run never leaves half a file. */
async function writeFileAtomically(path: string, chunks: AsyncIterable<string>): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    for await (const chunk of chunks) await handle.write(chunk);
    await handle.close();
    await rename(temporary, path);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

async function* linesOf(path: string): AsyncIterable<string> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) yield line;
}

async function filesBelow(path: string): Promise<string[] | undefined> {
  // statSync: a command line of many files asks once per file, and a thread-pool round trip each cost ~5 % of fingerprinting them.
  if (!statSync(path).isDirectory()) return undefined;
  const entries = await readdir(path, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(path, join(entry.parentPath, entry.name)))
    .sort();
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    // Missing or unreadable: reading it will say why, in its line.
    return 0;
  }
}

export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // In one call, not the four thread-pool round trips of fs/promises (open, stat, read, close), each
    // waiting for the event loop while this thread fingerprints: the workers would starve.
    readFile: async (path) => readFileSync(path),
    writeFile: writeFileAtomically,
    readLines: linesOf,
    fileSize: sizeOf,
    listFiles: filesBelow,
    progress: process.stderr.isTTY ? (text) => process.stderr.write(`\r${text}\x1b[K`) : undefined,
    cwd: process.cwd(),
    startWorkers: () => startFingerprintWorkers(),
  };
}

/** One JSON object per line. */
export function writeJsonLine(sink: TextSink, value: object): void {
  sink.write(jsonLine(value));
}

/** One line of JSON-lines output. */
function jsonLine(value: object): string {
  return `${JSON.stringify(value)}\n`;
}

/**
 * Output gathered before one write: a pipe's buffer on Linux. A line per
 * write cost a system call per file, and the Node stream's work around it,
 * on the thread that also fingerprints.
 */
export const OUTPUT_CHUNK_CHARS = 1 << 16;

export interface JsonLineWriter {
  write(value: object): void;
  /** Writes what is gathered; call it at the end. */
  flush(): void;
}

/** writeJsonLine's lines, written to `sink` in chunks of at least `chunkChars` (the last one shorter). */
export function jsonLineWriter(sink: TextSink, chunkChars = OUTPUT_CHUNK_CHARS): JsonLineWriter {
  let gathered = '';
  const flush = (): void => {
    if (gathered) sink.write(gathered);
    gathered = '';
  };
  return {
    write(value) {
      gathered += jsonLine(value);
      if (gathered.length >= chunkChars) flush();
    },
    flush,
  };
}
