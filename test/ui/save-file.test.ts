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
          written.push(data);
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
