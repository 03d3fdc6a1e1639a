/**
 * The deja-lu command line: the extension's extraction (src/extract) and
 * engine (src/core) applied to files. Run by bin/deja-lu.mjs; tests call
 * main() in-process with their own io.
 */
import { readFileSync } from 'node:fs';
import { parseArgs, UsageError, type Command } from './args';
import { useDictionaryFile } from './dictionary-file';
import { EXIT_OK, EXIT_USAGE, type CommandContext } from './context';
import { processIo, type CliIo } from './io';
import { usageOf } from './usage';

type Runner = (context: CommandContext) => Promise<number>;

// Loaded on demand: --help and --version need not load Readability, linkedom and the engine.
const RUNNERS: Record<Command, () => Promise<Runner>> = {
  extract: async () => (await import('./extract-command')).runExtract,
  fingerprint: async () => (await import('./fingerprint-command')).runFingerprint,
  compare: async () => (await import('./compare-command')).runCompare,
  'import-file': async () => (await import('./import-file-command')).runImportFile,
  dedup: async () => (await import('./dedup-command')).runDedup,
};

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : 'unknown';
}

/** Runs one command line (without the node and script paths); resolves to the exit code. */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  let invocation;
  try {
    invocation = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`deja-lu: ${error.message}\n\n${usageOf(error.command)}`);
    return EXIT_USAGE;
  }
  switch (invocation.kind) {
    case 'help':
      io.stdout.write(usageOf(invocation.command));
      return EXIT_OK;
    case 'version':
      io.stdout.write(`${packageVersion()}\n`);
      return EXIT_OK;
    case 'run':
      return (await RUNNERS[invocation.command]())({ io, flags: invocation.flags, files: invocation.files });
  }
}

/** Entry point for the process: exit code set when done; a closed stdout (`| head`) ends the run quietly. */
export async function runProcess(): Promise<void> {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT_OK);
    throw error;
  });
  useDictionaryFile();
  process.exitCode = await main(process.argv.slice(2));
}
