/**
 * Everything the CLI does to the outside world, behind one interface so
 * that tests run commands in-process with in-memory files.
 */
import { open, readFile, rename, unlink } from 'node:fs/promises';
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

export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    readFile: (path) => readFile(path),
    writeFile: writeFileAtomically,
    cwd: process.cwd(),
    startWorkers: () => startFingerprintWorkers(),
  };
}

/** One JSON object per line. */
export function writeJsonLine(sink: TextSink, value: object): void {
  sink.write(`${JSON.stringify(value)}\n`);
}
