import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ChineseDictionary } from '../../src/background/chinese-dictionary';
import { DICTIONARY_FILE } from '../../src/cli/dictionary-file';
import { signDocument } from '../../src/core';

const BYTES = new Uint8Array(readFileSync(DICTIONARY_FILE));
const LATIN = 'The committee met on Tuesday to discuss the new budget for the coming year.';
const CHINESE = '交换机的安装工作已经完成，我们今天讨论的问题是如何检测近似重复的文档。';
const IDLE_MS = 1_000;

/** A ChineseDictionary whose file reads and idle timer the test controls. */
function harness({ failReads = 0 } = {}) {
  let reads = 0;
  let started = 0;
  const pending = new Set<{ release: () => void; ms: number }>();
  const dictionary = new ChineseDictionary({
    fetchBytes: async () => {
      reads++;
      if (reads <= failReads) throw new Error('no file');
      return BYTES;
    },
    idleMs: IDLE_MS,
    setTimer: (release, ms) => {
      const timer = { release, ms };
      started++;
      pending.add(timer);
      return timer;
    },
    clearTimer: (timer) => pending.delete(timer as { release: () => void; ms: number }),
  });
  const sign = (text: string) => dictionary.use((deps) => signDocument(text, deps));
  return {
    dictionary,
    sign,
    reads: () => reads,
    /** The idle period ends: the pending timers fire. */
    idle: () => {
      for (const timer of pending) {
        pending.delete(timer);
        timer.release();
      }
    },
    /** Idle periods started, and the lengths of those still pending. */
    timers: () => ({ started, pending: [...pending].map((timer) => timer.ms) }),
  };
}

describe('ChineseDictionary (the background loads the dictionary when a text needs it)', () => {
  test.each([
    ['a Latin text never loads it', [LATIN, LATIN], 0],
    ['the first Chinese text loads it, later ones reuse it', [LATIN, CHINESE, CHINESE], 1],
  ])('%s', async (_name, texts, reads) => {
    const h = harness();
    for (const text of texts) await h.sign(text);
    expect(h.reads()).toBe(reads);
    expect(h.dictionary.loaded).toBe(reads > 0);
  });

  test('a Chinese text is signed exactly as with the default dictionary', async () => {
    expect(await harness().sign(CHINESE)).toEqual(signDocument(CHINESE));
  });

  test('texts signed while the file is read share one read', async () => {
    const h = harness();
    await Promise.all([h.sign(CHINESE), h.sign(CHINESE), h.sign(CHINESE)]);
    expect(h.reads()).toBe(1);
  });

  test('it is let go after the idle period, and read again by the next Chinese text', async () => {
    const h = harness();
    await h.sign(CHINESE);
    expect(h.timers().pending).toEqual([IDLE_MS]);
    h.idle();
    expect(h.dictionary.loaded).toBe(false);
    await h.sign(LATIN);
    expect(h.reads()).toBe(1);
    await h.sign(CHINESE);
    expect(h.reads()).toBe(2);
  });

  test('each Chinese text starts the idle period again', async () => {
    const h = harness();
    await h.sign(CHINESE);
    const afterFirst = h.timers().started;
    await h.sign(CHINESE);
    // A new period started and the earlier one was cleared: only the latest can release it.
    expect(h.timers()).toEqual({ started: afterFirst + 1, pending: [IDLE_MS] });
    await h.sign(LATIN);
    expect(h.timers()).toEqual({ started: afterFirst + 1, pending: [IDLE_MS] });
  });

  test('a failed read fails that text only: the next one reads again', async () => {
    const h = harness({ failReads: 1 });
    await expect(h.sign(CHINESE)).rejects.toThrow('no file');
    expect(await h.sign(CHINESE)).toEqual(signDocument(CHINESE));
    expect(h.reads()).toBe(2);
  });

  test('other errors of the signing are not retried', async () => {
    const h = harness();
    await expect(h.dictionary.use(() => { throw new Error('broken'); })).rejects.toThrow('broken');
    expect(h.reads()).toBe(0);
  });
});
