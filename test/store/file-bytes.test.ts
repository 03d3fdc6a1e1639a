import { describe, expect, test } from 'vitest';
import { fileBytes, type ReadableFile } from '../../src/store/file-bytes';
import { byteFile as byteFileOf } from '../support/byte-file';

const content = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 31 + (i >> 8)) & 0xff);
const byteFile = (stallAt?: number, firstReadMs?: number) => byteFileOf(content, stallAt, firstReadMs);

async function readAll(chunks: AsyncIterable<Uint8Array>): Promise<{ bytes: Uint8Array; sizes: number[] }> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk.slice());
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((at, part) => (bytes.set(part, at), at + part.length), 0);
  return { bytes, sizes: parts.map((part) => part.length) };
}

describe('fileBytes', () => {
  test.each([
    ['a browser file (Blob)', () => new Blob([content.slice(0, 100_000), content.slice(100_000)])],
    ['a byte stream answering part of each read', () => byteFile()],
  ])('reads every byte of %s in order, at most a buffer at a time', async (_name, file) => {
    const { bytes, sizes } = await readAll(fileBytes(file(), { bufferBytes: 16 * 1024 }));
    expect(bytes).toEqual(content);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(16 * 1024);
  });

  test('a stream that is no byte stream gives its own chunks', async () => {
    const parts = [content.slice(0, 7), content.slice(7, 200_000), content.slice(200_000)];
    const file = { stream: () => new ReadableStream({ start(c) { for (const p of parts) c.enqueue(p); c.close(); } }), slice: () => { throw new Error('not sliced'); } } as unknown as ReadableFile;
    const { bytes, sizes } = await readAll(fileBytes(file));
    expect(bytes).toEqual(content);
    expect(sizes).toEqual([7, 199_993, 100_000]);
  });

  test('a read that stops answering is given up and the file read on from the same byte', async () => {
    const file = byteFile(123_456);
    const { bytes } = await readAll(fileBytes(file, { bufferBytes: 10_000, stalledMs: 20 }));
    expect(bytes).toEqual(content);
    expect(file.opened[0]).toBe(0);
    expect(file.opened.length).toBe(2);
    expect(file.opened[1]).toBeGreaterThanOrEqual(123_456);
    expect(file.opened[1]).toBeLessThanOrEqual(123_456 + 12_000);
    expect(file.cancelled).toBeGreaterThanOrEqual(1);
  });

  test('a disk slower than the stall wait is still read: each stall in a row doubles the wait', async () => {
    const file = byteFile(Infinity, 70);
    const { bytes } = await readAll(fileBytes(file, { bufferBytes: 50_000, stalledMs: 20 }));
    expect(bytes).toEqual(content);
    // Given up at 20 and 40 ms, answered within 80.
    expect(file.opened).toEqual([0, 0, 0]);
  });

  test('a reader stopped early lets go of the file', async () => {
    const file = byteFile();
    for await (const chunk of fileBytes(file, { bufferBytes: 4096 })) {
      expect(chunk.byteLength).toBeGreaterThan(0);
      break;
    }
    expect(file.cancelled).toBe(1);
  });
});
