import { basename, extname, relative, sep } from 'node:path';
import { signDocument, siteOf } from '../core';
import { inKeyOrder, pageInputToExportRecord, serializeExport, signedFields, type ExportRecord, type PageInput } from '../store';
import type { LoadedDocument } from './documents';
import { EXIT_FILE_ERRORS, EXIT_OK, absolutePath, type CommandContext } from './context';
import { errorMessage } from './error-message';
import { writeJsonLine } from './io';
import { loadDocument } from './load-document';

/** Where the page lives: its declared canonical URL, else --base-url + its path, else its file:// URL. */
function addressOf(loaded: LoadedDocument, path: string, cwd: string, baseUrl: string | undefined): string {
  if (loaded.article?.canonicalUrl) return loaded.article.canonicalUrl;
  if (baseUrl !== undefined) {
    const relativePath = relative(cwd, path).split(sep).map(encodeURIComponent).join('/');
    return new URL(relativePath, baseUrl).href;
  }
  return loaded.fileUrl;
}

function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return (end === -1 ? text : text.slice(0, end)).trim();
}

function pageInputOf(loaded: LoadedDocument, file: string, url: string): PageInput {
  const { text, article } = loaded;
  const signature = signDocument(text);
  const input: PageInput = {
    url,
    title: article?.title || basename(file, extname(file)),
    site: siteOf(url),
    excerpt: article?.excerpt || firstLine(text),
    textLength: text.length,
    ...signedFields(signature),
    source: 'author',
  };
  if (article?.canonicalUrl && article.canonicalUrl !== url) input.canonicalUrl = article.canonicalUrl;
  if (article?.language) input.language = article.language;
  if (article?.publishedTime !== undefined) input.publishedAt = article.publishedTime;
  return input;
}

/**
 * `deja-lu import-file [--html] FILE… -o OUT.json` → an export file with one
 * record per usable file, and a line per file on stdout. The records are
 * built and written by the store's own export-format code, so the
 * extension's importer reads them under the same rules as its own exports.
 */
export async function runImportFile({ io, flags, files }: CommandContext): Promise<number> {
  const now = new Date();
  const records: ExportRecord[] = [];
  // The importer keeps one page per address: a second file with the same one would silently replace the first.
  const fileByUrl = new Map<string, string>();
  let failed = false;
  for (const file of files) {
    try {
      const path = absolutePath(io, file);
      const loaded = await loadDocument(io, path, flags.html);
      const record = pageInputToExportRecord(pageInputOf(loaded, file, addressOf(loaded, path, io.cwd, flags.baseUrl)), now);
      const earlier = fileByUrl.get(record.url);
      if (earlier !== undefined) throw new Error(`same address as ${earlier} (${record.url}); the extension keeps one page per address`);
      fileByUrl.set(record.url, file);
      records.push(record);
      writeJsonLine(io.stdout, { file, url: record.url, title: record.title, fingerprint: record.fingerprint });
    } catch (error) {
      failed = true;
      writeJsonLine(io.stdout, { file, error: errorMessage(error) });
    }
  }
  const output = flags.output as string;
  try {
    await io.writeFile(absolutePath(io, output), serializeExport(inKeyOrder(records), now));
  } catch (error) {
    writeJsonLine(io.stdout, { file: output, error: errorMessage(error) });
    return EXIT_FILE_ERRORS;
  }
  return failed ? EXIT_FILE_ERRORS : EXIT_OK;
}
