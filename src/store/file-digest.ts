/**
 * A file's digest: SHA-256 of the SHA-256 digests of its DIGEST_SLICE_BYTES
 * slices, in order. Slices, not the whole file, since SubtleCrypto hashes one
 * buffer at once and a backup can be over a gigabyte; the browser hashes off
 * the page's thread (1.3 GB in ~1 s here, with SHA instructions).
 */

/** Bytes read and hashed at a time: a buffer of this size at most is held, two while the next is read. */
export const DIGEST_SLICE_BYTES = 16 * 1024 * 1024;

/** SHA-256 digest length. */
const DIGEST_BYTES = 32;

export async function fileDigest(file: Blob, subtle: SubtleCrypto = crypto.subtle): Promise<string> {
  const slices = Math.ceil(file.size / DIGEST_SLICE_BYTES);
  const joined = new Uint8Array(slices * DIGEST_BYTES);
  const read = (i: number) => file.slice(i * DIGEST_SLICE_BYTES, (i + 1) * DIGEST_SLICE_BYTES).arrayBuffer();
  let next = slices > 0 ? read(0) : undefined;
  for (let i = 0; i < slices; i++) {
    const bytes = await (next as Promise<ArrayBuffer>);
    // The next slice is read while this one is hashed.
    next = i + 1 < slices ? read(i + 1) : undefined;
    next?.catch(() => undefined);
    joined.set(new Uint8Array(await subtle.digest('SHA-256', bytes)), i * DIGEST_BYTES);
  }
  const digest = new Uint8Array(await subtle.digest('SHA-256', joined));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
