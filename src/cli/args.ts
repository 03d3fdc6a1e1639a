/** Command-line parsing: a command, its flags and its file arguments. */

export const COMMANDS = ['extract', 'fingerprint', 'compare', 'import-file', 'dedup'] as const;
export type Command = (typeof COMMANDS)[number];

export interface Flags {
  html: boolean;
  /** fingerprint: add passages and length to each line. */
  passages: boolean;
  /** dedup: CSV instead of JSON lines. */
  csv: boolean;
  pairs?: string;
  output?: string;
  baseUrl?: string;
}

export type Invocation =
  | { kind: 'help'; command?: Command }
  | { kind: 'version' }
  | { kind: 'run'; command: Command; flags: Flags; files: string[] };

/** A mistake in the command line itself: usage goes to stderr, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
  constructor(message: string, readonly command?: Command) {
    super(message);
  }
}

type ValueFlag = 'pairs' | 'output' | 'baseUrl';
type BooleanFlag = 'html' | 'passages' | 'csv';
type FlagName = BooleanFlag | ValueFlag;

/** Flags that are on when given. */
const BOOLEAN_FLAGS: Record<string, BooleanFlag> = {
  '--html': 'html',
  '--passages': 'passages',
  '--csv': 'csv',
};

/** Flags that take a value, as `--pairs LIST` or `--pairs=LIST`. */
const VALUE_FLAGS: Record<string, ValueFlag> = {
  '--pairs': 'pairs',
  '-o': 'output',
  '--output': 'output',
  '--base-url': 'baseUrl',
};

/** Which flags each command accepts. */
const COMMAND_FLAGS: Record<Command, readonly FlagName[]> = {
  extract: [],
  fingerprint: ['html', 'passages'],
  compare: ['html', 'pairs'],
  'import-file': ['html', 'output', 'baseUrl'],
  dedup: ['html', 'csv'],
};

function isCommand(word: string): word is Command {
  return (COMMANDS as readonly string[]).includes(word);
}

function isHelpFlag(word: string): boolean {
  return word === '--help' || word === '-h';
}

/** Parses `argv` (without the node and script paths). Throws UsageError. */
export function parseArgs(argv: readonly string[]): Invocation {
  const [first, ...rest] = argv;
  if (first === undefined || isHelpFlag(first)) return { kind: 'help' };
  if (first === '--version' || first === '-V') return { kind: 'version' };
  if (first === 'help') {
    const topic = rest[0];
    if (topic === undefined) return { kind: 'help' };
    if (!isCommand(topic)) throw new UsageError(`unknown command: ${topic}`);
    return { kind: 'help', command: topic };
  }
  if (!isCommand(first)) throw new UsageError(first.startsWith('-') ? `unknown option: ${first}` : `unknown command: ${first}`);
  const command = first;
  const flags: Flags = { html: false, passages: false, csv: false };
  const files: string[] = [];
  let optionsEnded = false;
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i] as string;
    if (optionsEnded || !word.startsWith('-')) {
      files.push(word);
      continue;
    }
    if (word === '--') {
      optionsEnded = true;
      continue;
    }
    if (isHelpFlag(word)) return { kind: 'help', command };
    const toggle = BOOLEAN_FLAGS[word];
    if (toggle !== undefined) {
      if (!COMMAND_FLAGS[command].includes(toggle)) throw new UsageError(`unknown option for ${command}: ${word}`, command);
      flags[toggle] = true;
      continue;
    }
    const eq = word.indexOf('=');
    const key = word.startsWith('--') && eq > 0 ? word.slice(0, eq) : word;
    const name = VALUE_FLAGS[key];
    if (name === undefined || !COMMAND_FLAGS[command].includes(name)) throw new UsageError(`unknown option for ${command}: ${key}`, command);
    const value = key !== word ? word.slice(eq + 1) : rest[++i];
    if (value === undefined) throw new UsageError(`${key} needs a value`, command);
    if (flags[name] !== undefined) throw new UsageError(`${key} given twice`, command);
    flags[name] = value;
  }
  checkArity(command, flags, files);
  return { kind: 'run', command, flags, files };
}

function checkArity(command: Command, flags: Flags, files: readonly string[]): void {
  if (command === 'compare') {
    if (flags.pairs !== undefined && files.length > 0) throw new UsageError('compare takes either two files or --pairs LIST, not both', command);
    if (flags.pairs === undefined && files.length !== 2) throw new UsageError(`compare needs two files (got ${files.length}) or --pairs LIST`, command);
    return;
  }
  if (files.length === 0) throw new UsageError(`${command} needs at least one file`, command);
  if (command === 'import-file' && flags.output === undefined) throw new UsageError('import-file needs -o FILE for the export file', command);
  if (flags.baseUrl !== undefined && !URL.canParse(flags.baseUrl)) throw new UsageError(`--base-url needs an absolute URL, got ${flags.baseUrl}`, command);
}
