import { dirname, resolve } from 'node:path';
import { judge, signCheckedDocument, type DocumentSignature } from '../core';
import { decodeFile } from './decode-file';
import { EXIT_FILE_ERRORS, EXIT_OK, absolutePath, type CommandContext } from './context';
import { errorMessage } from './error-message';
import { writeJsonLine, type CliIo } from './io';
import { loadDocument } from './load-document';
import { isPair, parsePairsList, type ListLine } from './pairs-list';

interface PairToCompare {
  /** As written on the command line or in the list. */
  a: string;
  b: string;
  pathA: string;
  pathB: string;
}

/**
 * Signatures of the files of one run, each computed once: pair lists reuse
 * the same files many times. Failures are cached too, so a missing file is
 * reported the same way for every pair that names it.
 */
class SignatureCache {
  private readonly signatures = new Map<string, Promise<DocumentSignature>>();

  constructor(private readonly io: CliIo, private readonly html: boolean) {}

  get(path: string): Promise<DocumentSignature> {
    let signature = this.signatures.get(path);
    if (!signature) {
      signature = loadDocument(this.io, path, this.html).then(({ text }) => signCheckedDocument(text));
      // Rejections are awaited by the caller; this only keeps an unawaited copy from being reported as unhandled.
      signature.catch(() => undefined);
      this.signatures.set(path, signature);
    }
    return signature;
  }
}

async function fileExists(io: CliIo, path: string): Promise<boolean> {
  return io.readFile(path).then(() => true, () => false);
}

/** A first line whose first two fields are not both existing files is a header. */
async function withoutHeader(io: CliIo, lines: ListLine[], folder: string): Promise<ListLine[]> {
  const [first] = lines;
  if (!first) return lines;
  if (isPair(first) && (await fileExists(io, resolve(folder, first.a))) && (await fileExists(io, resolve(folder, first.b)))) return lines;
  return lines.slice(1);
}

/**
 * `deja-lu compare [--html] A B` and `deja-lu compare [--html] --pairs LIST`
 * → {"a","b","distance","verdict"} per pair. The verdict is the engine's
 * judge() on the two documents' signatures: what the extension shows on B
 * after the user read A.
 */
export async function runCompare({ io, flags, files }: CommandContext): Promise<number> {
  const cache = new SignatureCache(io, flags.html);
  let failed = false;
  const compare = async ({ a, b, pathA, pathB }: PairToCompare): Promise<void> => {
    let signatureA: DocumentSignature;
    let signatureB: DocumentSignature;
    try {
      signatureA = await cache.get(pathA);
    } catch (error) {
      failed = true;
      writeJsonLine(io.stdout, { a, b, file: a, error: errorMessage(error) });
      return;
    }
    try {
      signatureB = await cache.get(pathB);
    } catch (error) {
      failed = true;
      writeJsonLine(io.stdout, { a, b, file: b, error: errorMessage(error) });
      return;
    }
    const { verdict, distance } = judge(signatureA, signatureB);
    writeJsonLine(io.stdout, { a, b, distance, verdict });
  };

  if (flags.pairs === undefined) {
    const [a, b] = files as [string, string];
    await compare({ a, b, pathA: absolutePath(io, a), pathB: absolutePath(io, b) });
    return failed ? EXIT_FILE_ERRORS : EXIT_OK;
  }

  const listPath = absolutePath(io, flags.pairs);
  let lines: ListLine[];
  try {
    lines = parsePairsList(decodeFile(await io.readFile(listPath), false));
  } catch (error) {
    writeJsonLine(io.stdout, { file: flags.pairs, error: errorMessage(error) });
    return EXIT_FILE_ERRORS;
  }
  const folder = dirname(listPath);
  const listed = await withoutHeader(io, lines, folder);
  // A list that compares nothing is a mistake (a typo in its one line reads as a header), not a clean run.
  if (listed.length === 0) {
    const why = lines.length > 0 ? 'its one line was taken for a header: its two paths are not both files' : 'it holds no line';
    writeJsonLine(io.stdout, { file: flags.pairs, error: `no pairs to compare: ${why}` });
    return EXIT_FILE_ERRORS;
  }
  for (const line of listed) {
    if (isPair(line)) {
      await compare({ a: line.a, b: line.b, pathA: resolve(folder, line.a), pathB: resolve(folder, line.b) });
    } else {
      failed = true;
      writeJsonLine(io.stdout, { file: flags.pairs, line: line.line, error: line.error });
    }
  }
  return failed ? EXIT_FILE_ERRORS : EXIT_OK;
}
