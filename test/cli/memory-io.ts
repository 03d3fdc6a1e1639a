import { posix } from 'node:path';
import type { CliIo } from '../../src/cli/io';

export interface MemoryIo {
  io: CliIo;
  /** stdout parsed as JSON lines. */
  lines: () => Array<Record<string, unknown>>;
  stdout: () => string;
  stderr: () => string;
  written: Map<string, string>;
  /** How often each path was read. */
  reads: Map<string, number>;
}

/** An in-memory file system under `cwd`; paths in `files` are relative to it. */
export function memoryIo(files: Record<string, string | Uint8Array>, cwd = '/work/dir'): MemoryIo {
  const contents = new Map<string, Uint8Array>();
  for (const [path, content] of Object.entries(files)) {
    contents.set(posix.resolve(cwd, path), typeof content === 'string' ? new TextEncoder().encode(content) : content);
  }
  let out = '';
  let err = '';
  const written = new Map<string, string>();
  const reads = new Map<string, number>();
  const io: CliIo = {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    readFile: async (path) => {
      reads.set(path, (reads.get(path) ?? 0) + 1);
      const content = contents.get(path);
      if (!content) throw new Error(`ENOENT: no such file or directory, open '${path}'`);
      return content;
    },
    writeFile: async (path, chunks) => {
      let text = '';
      for await (const chunk of chunks) text += chunk;
      written.set(path, text);
    },
    readLines: async function* (path) {
      const content = contents.get(path);
      if (!content) throw new Error(`ENOENT: no such file or directory, open '${path}'`);
      yield* new TextDecoder().decode(content).split(/\r?\n/);
    },
    listFiles: async (path) => {
      const prefix = `${path.replace(/\/$/, '')}/`;
      const below = [...contents.keys()].filter((file) => file.startsWith(prefix)).map((file) => file.slice(prefix.length));
      if (below.length > 0) return below.sort();
      if (contents.has(path)) return undefined;
      throw new Error(`ENOENT: no such file or directory, stat '${path}'`);
    },
    cwd,
  };
  return {
    io,
    lines: () => out.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>),
    stdout: () => out,
    stderr: () => err,
    written,
    reads,
  };
}
