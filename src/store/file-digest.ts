import { fileBytes, type ReadableFile } from './file-bytes';

/**
 * A file's digest: SHA-256 of the SHA-256 digests of its DIGEST_SLICE_BYTES
 * slices, in order, whatever chunks its bytes come in. Slices, since
 * SubtleCrypto hashes one buffer at once and a backup can be over a
 * gigabyte. Chromium hashes on the calling thread, ~18 ms a slice here
 * (decisions/0103).
 */

/** Bytes hashed at a time; two buffers of this size are held, one filled while the other is hashed. */
export const DIGEST_SLICE_BYTES = 4 * 1024 * 1024;

/** SHA-256 digest length. */
const DIGEST_BYTES = 32;

/**
 * A digest taken as the bytes go by: an import hashes the chunks it reads
 * anyway (file-text.ts), with no second read of the file. The chunks are
 * copied into two reused buffers: reading slices with Blob.slice left a
 * new buffer per slice, ~240 MB of garbage on the heap while a 1.3 GB file
 * was hashed in Chromium, and a BYOB reader beside the import's own stream
 * stalled there (decisions/0073).
 */
export class SliceDigest {
  /** Bytes seen so far. */
  bytes = 0;
  private readonly buffers: Uint8Array<ArrayBuffer>[] = [new Uint8Array(DIGEST_SLICE_BYTES), new Uint8Array(DIGEST_SLICE_BYTES)];
  private turn = 0;
  private filled = 0;
  private readonly slices: Promise<ArrayBuffer>[] = [];

  constructor(private readonly subtle: SubtleCrypto = crypto.subtle) {}

  /** Resolves once the chunk is copied; waits for a slice's hash only when its buffer is needed again. */
  async update(chunk: Uint8Array): Promise<void> {
    this.bytes += chunk.byteLength;
    for (let at = 0; at < chunk.byteLength;) {
      const n = Math.min(DIGEST_SLICE_BYTES - this.filled, chunk.byteLength - at);
      (this.buffers[this.turn] as Uint8Array<ArrayBuffer>).set(chunk.subarray(at, at + n), this.filled);
      at += n;
      this.filled += n;
      if (this.filled === DIGEST_SLICE_BYTES) await this.endSlice();
    }
  }

  async hex(): Promise<string> {
    if (this.filled > 0) await this.endSlice();
    const slices = await Promise.all(this.slices);
    const joined = new Uint8Array(slices.length * DIGEST_BYTES);
    slices.forEach((digest, i) => joined.set(new Uint8Array(digest), i * DIGEST_BYTES));
    const digest = new Uint8Array(await this.subtle.digest('SHA-256', joined));
    return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
  }

  private async endSlice(): Promise<void> {
    const previous = this.slices[this.slices.length - 1];
    this.slices.push(this.subtle.digest('SHA-256', (this.buffers[this.turn] as Uint8Array<ArrayBuffer>).subarray(0, this.filled)));
    this.turn = 1 - this.turn;
    this.filled = 0;
    // The buffer filled next held the slice before this one: its hash must be done.
    if (previous !== undefined) await previous;
  }
}

/** The digest of the whole file, read as file-bytes.ts reads it. */
export async function fileDigest(file: ReadableFile, subtle: SubtleCrypto = crypto.subtle): Promise<string> {
  const digest = new SliceDigest(subtle);
  for await (const chunk of fileBytes(file)) await digest.update(chunk);
  return digest.hex();
}
