import { h } from './dom';

/** Offers `blob` as a download named `filename`, from an extension page. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = h('a', { href: url, download: filename, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started reading the blob by the next task; release it after that.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The parts of the File System Access API a streamed save uses (Chromium; Firefox has none). */
interface WritableFile {
  write(data: Uint8Array): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}
interface SaveFilePicker {
  (options: { suggestedName: string; types: { description: string; accept: Record<string, string[]> }[] }): Promise<{ createWritable(): Promise<WritableFile> }>;
}

export interface TextFile {
  filename: string;
  /** MIME type, e.g. application/json. */
  type: string;
  /** What the save dialog calls files of this type, e.g. "JSON". */
  description: string;
}

export interface SaveTextDeps {
  window?: Window;
  /** Offers a Blob as a download where the browser has no save dialog to stream to. */
  download?: (blob: Blob, filename: string) => void;
}

/**
 * Bytes per write to the file: large enough that a million-page export is a
 * few hundred writes, small enough to hold twice (one buffer is written while
 * the other is filled).
 */
const WRITE_BYTES = 4 * 1024 * 1024;

/**
 * Builds the Blob of a download from the chunks as they come: every few MB of
 * text becomes a Blob of its own (the browser may keep it out of the page's
 * memory), so the page never holds the whole file as strings.
 */
const BLOB_PART_CHARS = 8 * 1024 * 1024;

export type SaveOutcome = { saved: true; bytes: number } | { saved: false };

/**
 * Saves text given in chunks (strings, or UTF-8 bytes the caller leaves as
 * they are) as a file the user keeps. Where the browser has
 * a save dialog that writes to disk as it goes (Chromium's showSaveFilePicker),
 * the text is streamed there, so a file of any size is written with little
 * memory: a download is built from one Blob, and Chromium cancels downloads
 * of Blobs past a few hundred MB (a million-page history is about 1 GB).
 * Elsewhere (Firefox, which keeps large Blobs on disk) it is a download.
 * Must be called from a click: the dialog needs the user's gesture, so it is
 * opened before the first chunk is read. `{ saved: false }` when the user
 * closes the dialog. A failure while writing leaves any file the user chose
 * to replace as it was (the browser writes to a temporary file and swaps it
 * in on close) and is thrown. A dialog that fails to open falls back to the
 * download.
 */
export async function saveTextFile(
  chunks: AsyncIterable<string | Uint8Array<ArrayBuffer>>,
  file: TextFile,
  onProgress: (bytes: number) => void = () => undefined,
  { window: win = window, download = saveFile }: SaveTextDeps = {},
): Promise<SaveOutcome> {
  const offerDownload = async (): Promise<SaveOutcome> => {
    const blob = await collectBlob(chunks, file.type, onProgress);
    download(blob, file.filename);
    return { saved: true, bytes: blob.size };
  };
  const picker = (win as Window & { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
  if (!picker) return offerDownload();
  let handle;
  try {
    handle = await picker.call(win, { suggestedName: file.filename, types: [{ description: file.description, accept: { [file.type]: [extensionOf(file.filename)] } }] });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return { saved: false };
    // The dialog refused to open (a policy, a lost gesture): a download still saves any history but the largest.
    return offerDownload();
  }
  const writable = await handle.createWritable();
  const encoder = new TextEncoder();
  // Text is encoded straight into two reused buffers: encoding each few MB as a new string and array cost a quarter of a million-page export.
  const buffers = [new Uint8Array(WRITE_BYTES), new Uint8Array(WRITE_BYTES)];
  let turn = 0;
  let filled = 0;
  let bytes = 0;
  // One write at a time in flight while the next text is read: the browser writes the file while the page makes it.
  let writing: Promise<void> = Promise.resolve();
  try {
    const flush = async () => {
      // The other buffer is filled next: its write, the one before this, must be done.
      await writing;
      const data = (buffers[turn] as Uint8Array).subarray(0, filled);
      turn = 1 - turn;
      filled = 0;
      writing = writable.write(data).then(() => {
        bytes += data.length;
        onProgress(bytes);
      });
      // Awaited at the next flush; a failure meanwhile is not unhandled.
      writing.catch(() => undefined);
    };
    for await (const chunk of chunks) {
      if (typeof chunk !== 'string') {
        for (let at = 0; at < chunk.byteLength;) {
          const n = Math.min(WRITE_BYTES - filled, chunk.byteLength - at);
          (buffers[turn] as Uint8Array).set(chunk.subarray(at, at + n), filled);
          filled += n;
          at += n;
          if (filled === WRITE_BYTES) await flush();
        }
        continue;
      }
      let rest = chunk;
      for (;;) {
        const { read, written } = encoder.encodeInto(rest, (buffers[turn] as Uint8Array).subarray(filled));
        filled += written;
        if (read === rest.length) break;
        // The buffer is full (encodeInto never splits a character): written, and the rest of the chunk goes to the other.
        rest = rest.slice(read);
        await flush();
      }
    }
    if (filled > 0) await flush();
    await writing;
    await writable.close();
  } catch (error) {
    await writing.catch(() => undefined);
    await writable.abort().catch(() => undefined);
    throw error;
  }
  return { saved: true, bytes };
}

async function collectBlob(chunks: AsyncIterable<string | Uint8Array<ArrayBuffer>>, type: string, onProgress: (bytes: number) => void): Promise<Blob> {
  const parts: Blob[] = [];
  let pending: (string | Uint8Array<ArrayBuffer>)[] = [];
  let chars = 0;
  let bytes = 0;
  const seal = () => {
    const part = new Blob(pending);
    parts.push(part);
    bytes += part.size;
    pending = [];
    chars = 0;
    onProgress(bytes);
  };
  for await (const chunk of chunks) {
    pending.push(chunk);
    chars += chunk.length;
    if (chars >= BLOB_PART_CHARS) seal();
  }
  seal();
  return new Blob(parts, { type: `${type};charset=utf-8` });
}

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot);
}
