import { EXIT_FILE_ERRORS, EXIT_OK, absolutePath, type CommandContext } from './context';
import { errorMessage } from './error-message';
import { writeJsonLine } from './io';
import { loadDocument } from './load-document';

/** `deja-lu extract FILE.html…` → {"file","title","text"} per file. */
export async function runExtract({ io, files }: CommandContext): Promise<number> {
  let failed = false;
  for (const file of files) {
    try {
      const { article, text } = await loadDocument(io, absolutePath(io, file), true);
      writeJsonLine(io.stdout, { file, title: article?.title ?? '', text });
    } catch (error) {
      failed = true;
      writeJsonLine(io.stdout, { file, error: errorMessage(error) });
    }
  }
  return failed ? EXIT_FILE_ERRORS : EXIT_OK;
}
