import { describe, expect, it, vi } from 'vitest';
import { saveTextFile, type TextFile } from '../../src/ui/save-file';

const FILE: TextFile = { filename: 'deja-lu-history-2026-11-26.json', type: 'application/json', description: 'JSON' };
const CHUNKS = ['{"pages":[', '\n{"title":"第一篇"}', ',\n{"title":"second"}', '\n]}\n'];
const TEXT = CHUNKS.join('');
const BYTES = new TextEncoder().encode(TEXT).length;

async function* chunksOf(parts: readonly string[], read: string[] = []): AsyncGenerator<string> {
  for (const part of parts) {
    read.push(part);
    yield part;
  }
}

/** A save dialog that hands out a file recording what is written to it. */
function pickerWindow({ cancel = false, refuse = false, failWrite = false } = {}) {
  const written: Uint8Array[] = [];
  const calls = { picked: [] as unknown[], closed: 0, aborted: 0 };
  const showSaveFilePicker = async (options: unknown) => {
    calls.picked.push(options);
    if (cancel) throw new DOMException('The user aborted a request.', 'AbortError');
    if (refuse) throw new DOMException('Must be handling a user gesture to show a file picker.', 'SecurityError');
    return {
      createWritable: async () => ({
        write: async (data: Uint8Array) => {
          if (failWrite) throw new DOMException('The disk is full.', 'QuotaExceededError');
          // The browser takes a copy of the bytes: the page may reuse its buffer once the write is done.
          written.push(data.slice());
        },
        close: async () => void (calls.closed += 1),
        abort: async () => void (calls.aborted += 1),
      }),
    };
  };
  const text = () => new TextDecoder().decode(Buffer.concat(written));
  return { win: { showSaveFilePicker } as unknown as Window, calls, text };
}

describe('saveTextFile', () => {
  it('streams the text into the file the save dialog gives, named and typed as asked', async () => {
    const { win, calls, text } = pickerWindow();
    const progress: number[] = [];
    const outcome = await saveTextFile(chunksOf(CHUNKS), FILE, (bytes) => progress.push(bytes), { window: win });
    expect(outcome).toEqual({ saved: true, bytes: BYTES });
    expect(text()).toBe(TEXT);
    expect(calls).toMatchObject({ closed: 1, aborted: 0 });
    expect(calls.picked).toEqual([{ suggestedName: FILE.filename, types: [{ description: 'JSON', accept: { 'application/json': ['.json'] } }] }]);
    expect(progress.at(-1)).toBe(BYTES);
  });

  it('reads nothing and reports no file when the user closes the dialog', async () => {
    const { win } = pickerWindow({ cancel: true });
    const read: string[] = [];
    await expect(saveTextFile(chunksOf(CHUNKS, read), FILE, undefined, { window: win })).resolves.toEqual({ saved: false });
    expect(read).toEqual([]);
  });

  it('reads on while the browser writes what came before, one write at a time, in order', async () => {
    // Chunks of 3 Mi characters: each write is 4 MiB of them, whatever the chunks; the last one is the rest.
    const big = ['a', 'b', 'c', 'd', 'e'].map((letter) => letter.repeat(3 * 1024 * 1024));
    const read: string[] = [];
    const events: string[] = [];
    let release: () => void = () => undefined;
    const written: string[] = [];
    const win = {
      showSaveFilePicker: async () => ({
        createWritable: async () => ({
          write: async (data: Uint8Array) => {
            events.push(`write ${read.length}`);
            // The first write waits until the page has read on.
            if (written.length === 0) await new Promise<void>((resolve) => (release = resolve));
            written.push(new TextDecoder().decode(data));
          },
          close: async () => void events.push('close'),
          abort: async () => void events.push('abort'),
        }),
      }),
    } as unknown as Window;
    const chunks = async function* () {
      for await (const part of chunksOf(big, read)) {
        if (read.length === 3) release();
        yield part;
      }
    };
    const outcome = await saveTextFile(chunks(), FILE, undefined, { window: win });
    expect(outcome).toEqual({ saved: true, bytes: 15 * 1024 * 1024 });
    expect(written.join('')).toBe(big.join(''));
    // The second write starts only after the first is done, and the chunks after the first write were read meanwhile.
    expect(events).toEqual(['write 2', 'write 3', 'write 5', 'write 5', 'close']);
  });

  it('writes text longer than a write whole, never splitting a character between two writes', async () => {
    // 2 Mi three-byte characters a chunk (6 MiB): writes end inside chunks, and 4 MiB is no multiple of 3.
    const chunks = ['第', '二'].map((character) => character.repeat(2 * 1024 * 1024));
    const writes: string[] = [];
    const win = {
      showSaveFilePicker: async () => ({
        createWritable: async () => ({
          write: async (data: Uint8Array) => {
            await new Promise((resolve) => setTimeout(resolve, 1));
            writes.push(new TextDecoder('utf-8', { fatal: true }).decode(data));
          },
          close: async () => undefined,
          abort: async () => undefined,
        }),
      }),
    } as unknown as Window;
    const outcome = await saveTextFile(chunksOf(chunks), FILE, undefined, { window: win });
    expect(outcome).toEqual({ saved: true, bytes: 12 * 1024 * 1024 });
    expect(writes.join('')).toBe(chunks.join(''));
    expect(writes.length).toBe(4);
  });

  it('writes chunks given as bytes as they are, across writes', async () => {
    const text = 'déjà lu, 第一篇 '.repeat(400_000);
    const bytes = new TextEncoder().encode(text);
    // Three pieces cut anywhere (a character may straddle two): the file is their bytes in order.
    const third = Math.floor(bytes.length / 3);
    const pieces = [bytes.slice(0, third), bytes.slice(third, 2 * third), bytes.slice(2 * third)];
    const { win, text: written } = pickerWindow();
    async function* chunks() { yield* pieces; }
    const outcome = await saveTextFile(chunks(), FILE, undefined, { window: win });
    expect(outcome).toEqual({ saved: true, bytes: bytes.length });
    expect(bytes.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(written()).toBe(text);
  });

  it('abandons the file when a later write fails, after reading on', async () => {
    const read: string[] = [];
    let writes = 0;
    const calls = { closed: 0, aborted: 0 };
    const win = {
      showSaveFilePicker: async () => ({
        createWritable: async () => ({
          write: async () => {
            writes += 1;
            if (writes === 2) throw new DOMException('The disk is full.', 'QuotaExceededError');
          },
          close: async () => void (calls.closed += 1),
          abort: async () => void (calls.aborted += 1),
        }),
      }),
    } as unknown as Window;
    const big = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((letter) => letter.repeat(3 * 1024 * 1024));
    await expect(saveTextFile(chunksOf(big, read), FILE, undefined, { window: win })).rejects.toMatchObject({ name: 'QuotaExceededError' });
    expect(calls).toEqual({ closed: 0, aborted: 1 });
  });

  async function* failingRead(): AsyncGenerator<string> {
    yield CHUNKS[0]!;
    throw new Error('the database went away');
  }

  it.each([
    ['a write fails (disk full)', { failWrite: true }, () => chunksOf(CHUNKS), { name: 'QuotaExceededError' }],
    ['reading the history fails part way', {}, failingRead, { message: 'the database went away' }],
  ])('when %s, the file is abandoned, not closed, and the error thrown', async (_case, options, chunks, error) => {
    const { win, calls } = pickerWindow(options);
    await expect(saveTextFile(chunks(), FILE, undefined, { window: win })).rejects.toMatchObject(error);
    expect(calls).toMatchObject({ closed: 0, aborted: 1 });
  });

  it.each([
    ['the browser has no save dialog', {} as Window],
    ['the save dialog refuses to open', pickerWindow({ refuse: true }).win],
  ])('offers a download of the whole text where %s', async (_case, win) => {
    const download = vi.fn<(blob: Blob, filename: string) => void>();
    const outcome = await saveTextFile(chunksOf(CHUNKS), FILE, undefined, { window: win, download });
    expect(outcome).toEqual({ saved: true, bytes: BYTES });
    const [blob, filename] = download.mock.calls[0]!;
    expect(filename).toBe(FILE.filename);
    expect(blob.type).toBe('application/json;charset=utf-8');
    await expect(blob.text()).resolves.toBe(TEXT);
  });
});
