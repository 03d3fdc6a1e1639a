import { pathToFileURL } from 'node:url';
import { documentFromBytes, type LoadedDocument } from './documents';
import type { CliIo } from './io';

/**
 * Reads `path` (absolute) and returns the text to fingerprint: the file
 * itself, or with `html` the article extracted from it. Throws an Error
 * whose message says why the file cannot be used.
 */
export async function loadDocument(io: CliIo, path: string, html: boolean): Promise<LoadedDocument> {
  return documentFromBytes(await io.readFile(path), html, pathToFileURL(path).href);
}
