import { resolve } from 'node:path';
import type { Flags } from './args';
import type { CliIo } from './io';

/** What a command runs with. */
export interface CommandContext {
  io: CliIo;
  flags: Flags;
  files: string[];
}

/** Exit code when every file was processed. */
export const EXIT_OK = 0;
/** Exit code when some file could not be read, parsed or compared. */
export const EXIT_FILE_ERRORS = 1;
/** Exit code for a command line that cannot be run. */
export const EXIT_USAGE = 2;

export function absolutePath(io: CliIo, file: string): string {
  return resolve(io.cwd, file);
}
