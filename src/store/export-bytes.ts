/**
 * The history's export file written as UTF-8 bytes, a chunk at a time: each
 * page's line goes from its packed record (codec/stored-page.ts
 * decodePacked) straight into the chunk, its ~60 fingerprints as hex digits
 * with no string between. Lines built as strings, then encoded for the file,
 * spent a third of a million-page export decoding hex into strings and
 * encoding them back (decisions/0093).
 */
import { FINGERPRINT_BYTES, jsonArrayBytes, writeHexDigits, writeJsonArray } from './codec/fingerprints';
import type { PackedPage } from './codec/stored-page';
import { EXPORT_END, exportHeader } from './export-format';

/** Bytes gathered before a chunk is handed on: a million-page export is a few tens of thousands of chunks. */
const CHUNK_BYTES = 64 * 1024;

/** Bytes written into a buffer that grows when a line needs more room. */
export class ByteChunk {
  private bytes: Uint8Array<ArrayBuffer> = new Uint8Array(2 * CHUNK_BYTES);
  length = 0;
  private readonly encoder = new TextEncoder();

  /** The buffer, with room for `n` more bytes. */
  private room(n: number): Uint8Array<ArrayBuffer> {
    if (this.length + n > this.bytes.length) {
      const grown = new Uint8Array(Math.max(2 * this.bytes.length, this.length + n));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    return this.bytes;
  }

  text(text: string): void {
    // A UTF-16 code unit takes at most three bytes in UTF-8.
    const out = this.room(3 * text.length);
    this.length += this.encoder.encodeInto(text, out.subarray(this.length)).written;
  }

  /** Fingerprint `slot` of packed fingerprints as 16 hex digits; nothing when there is none. */
  hexAt(fingerprints: Uint8Array, slot: number): void {
    const at = slot * FINGERPRINT_BYTES;
    if (at + FINGERPRINT_BYTES > fingerprints.byteLength) return;
    this.length = writeHexDigits(fingerprints, at, at + FINGERPRINT_BYTES, this.room(2 * FINGERPRINT_BYTES), this.length);
  }

  /** Packed fingerprints from slot `from` on as a JSON array of hex strings. */
  jsonArray(fingerprints: Uint8Array, from: number): void {
    this.length = writeJsonArray(fingerprints, from, this.room(jsonArrayBytes(fingerprints, from)), this.length);
  }

  /** The bytes written, handed on: the next are written into a new buffer. */
  take(): Uint8Array<ArrayBuffer> {
    const out = this.bytes.subarray(0, this.length);
    this.bytes = new Uint8Array(2 * CHUNK_BYTES);
    this.length = 0;
    return out;
  }
}

/**
 * `before`, then the page's line as serializeExportRecord(pageToExportRecord(page))
 * writes it of the decoded page, byte for byte in UTF-8.
 */
export function writePackedPageLine(page: PackedPage, before: string, out: ByteChunk): void {
  let text = `${before}{"url":${JSON.stringify(page.url)}`;
  if (page.canonicalUrl !== undefined) text += `,"canonicalUrl":${JSON.stringify(page.canonicalUrl)}`;
  text += `,"title":${JSON.stringify(page.title)},"site":${JSON.stringify(page.site)}`;
  if (page.language !== undefined) text += `,"language":${JSON.stringify(page.language)}`;
  text += `,"excerpt":${JSON.stringify(page.excerpt)},"textLength":${JSON.stringify(page.textLength)},"cjkChars":${JSON.stringify(page.cjkChars)},"words":${JSON.stringify(page.words)}`;
  out.text(`${text},"fingerprint":"`);
  out.hexAt(page.fingerprints, 0);
  out.text('","passages":');
  out.jsonArray(page.fingerprints, 1);
  text = `,"scheme":${JSON.stringify(page.scheme)}`;
  if (page.proseTotal !== undefined) text += `,"proseTotal":${JSON.stringify(page.proseTotal)}`;
  if (page.heads.byteLength > 0) {
    out.text(`${text},"heads":`);
    out.jsonArray(page.heads, 0);
    text = '';
  }
  if (page.publishedAt !== undefined) text += `,"publishedAt":"${new Date(page.publishedAt).toISOString()}"`;
  text += `,"firstVisit":"${new Date(page.firstVisit).toISOString()}","lastVisit":"${new Date(page.lastVisit).toISOString()}"`;
  out.text(`${text},"visitCount":${JSON.stringify(page.visitCount)},"source":${JSON.stringify(page.source)}}`);
}

/** The export file (docs/export-format.md) of the pages given a batch at a time, as UTF-8 in chunks of about CHUNK_BYTES. */
export async function* exportFileBytes(batches: AsyncIterable<readonly PackedPage[]>, exportedAt: Date): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  const out = new ByteChunk();
  out.text(exportHeader(exportedAt));
  let separator = '\n';
  for await (const pages of batches) {
    for (const page of pages) {
      writePackedPageLine(page, separator, out);
      separator = ',\n';
      if (out.length >= CHUNK_BYTES) yield out.take();
    }
  }
  out.text(EXPORT_END);
  yield out.take();
}
