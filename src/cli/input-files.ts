import { join } from 'node:path';
import { absolutePath } from './context';
import type { CliIo } from './io';

/**
 * The files a command argument names: a directory stands for every file
 * below it (recursively, sorted, named as the argument joined with the path
 * inside it); anything else, including a path that cannot be read, is itself,
 * so that reading it reports the error on its own line.
 */
export async function filesNamedBy(io: CliIo, arg: string): Promise<string[]> {
  let below: string[] | undefined;
  try {
    below = await io.listFiles(absolutePath(io, arg));
  } catch {
    return [arg];
  }
  return below ? below.map((name) => join(arg, name)) : [arg];
}
