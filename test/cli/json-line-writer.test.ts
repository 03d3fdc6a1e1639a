/**
 * `deja-lu fingerprint` writes its lines in chunks (io.ts jsonLineWriter):
 * the same text as a write per line, in fewer writes.
 */
import { describe, expect, test } from 'vitest';
import { jsonLineWriter, OUTPUT_CHUNK_CHARS, writeJsonLine } from '../../src/cli/io';
import { main } from '../../src/cli/main';
import { memoryIo } from './memory-io';

/** A sink that keeps each write apart. */
function recordingSink(): { write: (text: string) => void; writes: string[] } {
  const writes: string[] = [];
  return { write: (text) => void writes.push(text), writes };
}

const VALUES = Array.from({ length: 50 }, (_, i) => ({ file: `${i}.txt`, simhash: i.toString(16).padStart(16, '0') }));

describe('jsonLineWriter', () => {
  test.each([
    ['a chunk smaller than a line: a write per line', 1, VALUES.length],
    ['a chunk of about ten lines', 10 * 44, 5],
    ['a chunk larger than the whole output: one write at the end', OUTPUT_CHUNK_CHARS, 1],
  ])('%s', (_name, chunkChars, writes) => {
    const perLine = recordingSink();
    for (const value of VALUES) writeJsonLine(perLine, value);
    const chunked = recordingSink();
    const writer = jsonLineWriter(chunked, chunkChars);
    for (const value of VALUES) writer.write(value);
    writer.flush();
    expect(chunked.writes.join('')).toBe(perLine.writes.join(''));
    expect(chunked.writes.length).toBe(writes);
  });

  test('flush with nothing gathered writes nothing', () => {
    const sink = recordingSink();
    jsonLineWriter(sink).flush();
    expect(sink.writes).toEqual([]);
  });

  test('the fingerprint command writes its lines, errors included, in one write for a small output', async () => {
    const { io, stdout } = memoryIo({ 'a.txt': 'The first text of two.', 'b.txt': 'The second text of two.' });
    const writes: string[] = [];
    const { write } = io.stdout;
    io.stdout = { write: (text) => (writes.push(text), write(text)) };
    expect(await main(['fingerprint', 'a.txt', 'missing.txt', 'b.txt'], io)).toBe(1);
    expect(writes.length).toBe(1);
    expect(stdout().split('\n').filter(Boolean).map((line) => JSON.parse(line).file)).toEqual(['a.txt', 'missing.txt', 'b.txt']);
  });
});
