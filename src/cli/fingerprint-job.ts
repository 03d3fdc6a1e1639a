/** The work `deja-lu fingerprint` hands to a thread, and what the worker threads answer (fingerprint-pool.ts). */
import { plainTextLine, type FingerprintLine } from './text-line';

export interface FingerprintJob {
  id: number;
  file: string;
  bytes: Uint8Array;
  html: boolean;
  /** The file's address, the base of an HTML file's links: set with `html` only (pathToFileURL costs ~2 % of a plain-text run). */
  fileUrl?: string;
  /** Add the passages and length (`--passages`). */
  passages: boolean;
}

/** A worker's answer: the line of a job, or (WORKER_READY) that its modules are loaded and it takes jobs. */
export interface FingerprintResult {
  id: number;
  line?: FingerprintLine;
}

/** What a worker posts once it listens: jobs sent before would wait in its queue while the main thread could do them. */
export const WORKER_READY: FingerprintResult = { id: -1 };

/** The line of a job's bytes; the HTML reader (Readability, linkedom) is loaded only for the first HTML file. */
export async function lineOfJob({ file, bytes, html, fileUrl, passages }: FingerprintJob): Promise<FingerprintLine> {
  if (!html) return plainTextLine(file, bytes, passages);
  if (fileUrl === undefined) throw new Error(`an HTML job without its file's address: ${file}`);
  const { fingerprintLine } = await import('./fingerprint-line');
  return fingerprintLine(file, bytes, html, fileUrl, passages);
}
