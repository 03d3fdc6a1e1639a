import { describe, expect, it, vi } from 'vitest';
import { OFFSCREEN_PAGE, offscreenReader, type OffscreenApi } from '../../src/background/offscreen-reader';
import { MessageError, type PageReading } from '../../src/messaging';

const READING: PageReading = { kind: 'page', page: { url: 'https://e.com/a', title: 'A', text: 'words' } };

function offscreen(create: OffscreenApi['createDocument'] = async () => {}) {
  return { createDocument: vi.fn(create) };
}

describe('offscreenReader', () => {
  it('creates the offscreen document once, for DOM parsing, and asks it for every page', async () => {
    const api = offscreen();
    const ask = vi.fn(async () => READING);
    const read = offscreenReader({ offscreen: api, ask });
    await expect(read('https://e.com/a', '<p>a</p>')).resolves.toEqual(READING);
    await read('https://e.com/b', '<p>b</p>');
    expect(api.createDocument).toHaveBeenCalledOnce();
    expect(api.createDocument).toHaveBeenCalledWith(expect.objectContaining({ url: OFFSCREEN_PAGE, reasons: ['DOM_PARSER'] }));
    expect(ask.mock.calls).toEqual([['https://e.com/a', '<p>a</p>'], ['https://e.com/b', '<p>b</p>']]);
  });

  it('a document left from before a worker restart is used as it is', async () => {
    const api = offscreen(async () => {
      throw new Error('Only a single offscreen document may be created.');
    });
    const read = offscreenReader({ offscreen: api, ask: async () => READING });
    await expect(read('https://e.com/a', '<p>a</p>')).resolves.toEqual(READING);
  });

  it('a document that does not answer is created again for the next page', async () => {
    const api = offscreen();
    const ask = vi.fn(async () => READING).mockRejectedValueOnce(new MessageError('Could not establish connection'));
    const read = offscreenReader({ offscreen: api, ask });
    await expect(read('https://e.com/a', '<p>a</p>')).rejects.toThrow(MessageError);
    await expect(read('https://e.com/b', '<p>b</p>')).resolves.toEqual(READING);
    expect(api.createDocument).toHaveBeenCalledTimes(2);
  });

  it('without an offscreen API (Firefox) it refuses, so that the page reads itself', async () => {
    const ask = vi.fn(async () => READING);
    await expect(offscreenReader({ offscreen: null, ask })('https://e.com/a', '<p>a</p>')).rejects.toThrow(MessageError);
    expect(ask).not.toHaveBeenCalled();
  });
});
