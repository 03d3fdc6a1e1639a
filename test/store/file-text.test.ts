import { describe, expect, test } from 'vitest';
import { serializeExport, textChunks, type ExportRecord } from '../../src/store';
import { byteFile } from '../support/byte-file';
import { collect, freshHistory, T0 } from './helpers';

const record = (i: number): ExportRecord => ({
  url: `https://news.example.cn/文章/${i}`, title: `第${i}篇：相似的文章 — ${'长'.repeat(i % 50)}`, site: 'news.example.cn', excerpt: '摘要'.repeat(40), textLength: 900, cjkChars: 800, words: 300, scheme: 2,
  fingerprint: (0x1000000000000 + i * 7919).toString(16).padStart(16, '0'), passages: [], firstVisit: new Date(T0).toISOString(), lastVisit: new Date(T0).toISOString(), visitCount: 1, source: 'visit',
});

describe('textChunks', () => {
  test.each([1, 7, 4096])('decodes a file whose multi-byte characters are cut across %i-byte parts, without holding it whole', async (partBytes) => {
    const text = await collect(serializeExport(Array.from({ length: 300 }, (_, i) => record(i)), new Date(T0)));
    const bytes = new TextEncoder().encode(text);
    const parts: Uint8Array<ArrayBuffer>[] = [];
    for (let at = 0; at < bytes.length; at += partBytes) parts.push(bytes.slice(at, at + partBytes));
    const chunks: string[] = [];
    const heard: number[] = [];
    for await (const chunk of textChunks(new Blob(parts), (read) => heard.push(read))) chunks.push(chunk);
    expect(chunks.join('')).toBe(text);
    expect(chunks.length).toBeGreaterThan(1);
    // Progress counts bytes, not characters (the Chinese text is 3 bytes a character), rising to the file's size.
    expect(heard.at(-1)).toBe(bytes.length);
    expect(heard.every((read, i) => i === 0 || read > (heard[i - 1] as number))).toBe(true);
  });

  test('an import from a file read this way equals the import of its text', async () => {
    const text = await collect(serializeExport(Array.from({ length: 300 }, (_, i) => record(i)), new Date(T0)));
    const fromFile = await freshHistory();
    const fromText = await freshHistory();
    expect(await fromFile.history.importJson(textChunks(new Blob([text])))).toEqual(await fromText.history.importJson(text));
    expect((await fromFile.history.list()).pages).toEqual((await fromText.history.list()).pages);
  });

  test('a file whose stream stops answering part way is still read whole, and hashed as it is read', async () => {
    const text = await collect(serializeExport(Array.from({ length: 300 }, (_, i) => record(i)), new Date(T0)));
    const bytes = new TextEncoder().encode(text);
    const file = byteFile(bytes, Math.floor(bytes.length / 2));
    const seen: number[] = [];
    const chunks: string[] = [];
    for await (const chunk of textChunks(file, undefined, { update: async (part) => { seen.push(part.byteLength); } }, { stalledMs: 20 })) chunks.push(chunk);
    expect(chunks.join('')).toBe(text);
    expect(seen.reduce((sum, n) => sum + n, 0)).toBe(bytes.length);
    expect(file.opened.length).toBe(2);
  });
});
