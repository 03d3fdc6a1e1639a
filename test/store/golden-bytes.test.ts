/**
 * The exact bytes the history stores for known pages: the packed page record
 * and the bucket entries of the four block stores. Any change to the stored
 * layout shows here; a change on purpose needs a new schema version and its
 * migration (src/store/migrations), not a new expected value alone.
 */
import { describe, expect, test } from 'vitest';
import { serializeExport, type ExportRecord } from '../../src/store';
import { dumpDatabase, freshHistory, pageInput, T0 } from './helpers';

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** A dump with byte arrays as hex, for readable pinned values. */
function readable(dump: Awaited<ReturnType<typeof dumpDatabase>>): Record<string, [unknown, unknown][]> {
  return Object.fromEntries(Object.entries(dump).map(([store, { keys, values }]) => [store, keys.map((key, i) => {
    const value = values[i];
    if (value instanceof Uint8Array) return [key, hex(value)];
    if (typeof value === 'number') return [key, value];
    const record = { ...(value as Record<string, unknown>) };
    if (record.d instanceof Uint8Array) record.d = hex(record.d);
    return [key, record];
  })]));
}

/** Every optional field, CJK text (so the scheme index key), passages (one repeating another), visits a day apart. */
const IMPORTED: ExportRecord = {
  url: 'https://www.example.cn/news/1', canonicalUrl: 'https://example.cn/n/1', title: '第一篇', site: 'other.example', language: 'zh-CN',
  excerpt: '摘要。', textLength: 5000, cjkChars: 4200, words: 300, fingerprint: 'd90072aa58bfc177', passages: ['d9001234abcd0001', 'ffff0000ffff0000', 'd9001234abcd0001'],
  scheme: 1, publishedAt: '2023-11-14T22:13:20.000Z', firstVisit: new Date(T0 - 86_400_000).toISOString(), lastVisit: new Date(T0).toISOString(), visitCount: 300, source: 'author',
};

describe('stored bytes', () => {
  test('a recorded visit and an imported page are stored byte for byte as pinned here', async () => {
    const { history, factory, name } = await freshHistory();
    await history.recordVisit(pageInput({ passages: ['0123456789abcdee'] }));
    await history.importJson(serializeExport([IMPORTED], new Date(T0)));
    history.close();
    expect(readable(await dumpDatabase(factory, name))).toEqual({
      pages: [
        [24887840, {
          u: 'https://www.example.cn/news/1', t: '第一篇', e: '摘要。', v: 1714564800000, c: 'https://example.cn/n/1', l: 'zh-CN', s: 'other.example', o: 1,
          d: '04d90072aa58bfc177d9001234abcd0001ffff0000ffff0000d9001234abcd00010103ac028827e820ac0280f0b25200008056febc7842',
        }],
        [191541632, { u: 'https://example.com/article', t: 'An article', e: 'The first words of the article.', v: 1714564800000, o: 7, d: '020123456789abcdef0123456789abcdee0c0001a01f00bc0500' }],
      ],
      // The records above as stored: groups of the pages sharing their keys' top 12 bits, in columns (database version 8).
      groups: [
        [379, {
          w: [[1714564800000, 24887840]], u: ['https://www.example.cn/news/1'], t: ['第一篇'], e: ['摘要。'], o: [1],
          c: ['https://example.cn/n/1'], l: ['zh-CN'], s: ['other.example'],
          // The user's own article's key, under the author index (database version 13).
          a: [24887840],
          d: '04d90072aa58bfc177d9001234abcd0001ffff0000ffff0000d9001234abcd00010103ac028827e820ac0280f0b25200008056febc7842', at: Uint32Array.from([0, 55]),
        }],
        [2922, {
          w: [[1714564800000, 191541632]], u: ['https://example.com/article'], t: ['An article'], e: ['The first words of the article.'], o: [7],
          d: '020123456789abcdef0123456789abcdee0c0001a01f00bc0500', at: Uint32Array.from([0, 26]),
        }],
      ],
      // Keyed by the whole first block (database version 7), so an entry's first word is the page key, with above it
      // the tag of the fingerprint's seventh byte (version 11): 0xcd → 205 mod 15 + 1 = 0xb, 0xc1 → 0xe, 0x00 → 0x1.
      block0: [[0x0123, 'bb6ab180456789abbb6ab180456789ab'], [0xd900, 'e17bc22072aa58bf117bc2201234abcd'], [0xffff, '117bc2200000ffff']],
      block1: [[1110, 'b6ab180789abcdef'], [1834, '17bc220a58bfc177']],
      block2: [[1419, '17bc220fc177d900'], [2202, 'b6ab180bcdef0123']],
      block3: [[3095, '17bc2207d90072aa'], [3294, 'b6ab180f01234567']],
      // Each group's page count (database version 12).
      groupSizes: [[379, 1], [2922, 1]],
      // An import leaves no run behind (database version 9).
      runs: [],
      imports: [],
    });
  });

  test('a page recorded with its prose total: flag bit 5 and a varint after the counts (decisions/0061)', async () => {
    const { history, factory, name } = await freshHistory();
    await history.recordVisit(pageInput({ passages: ['0123456789abcdee'], proseTotal: 640 }));
    history.close();
    const [[, record]] = readable(await dumpDatabase(factory, name)).pages as [[number, { d: string }]];
    // As the page above, but flags 0x2c (scheme 7, prose) and 640 = 80 05 after the five counts.
    expect(record.d).toBe('020123456789abcdef0123456789abcdee2c0001a01f00bc05008005');
  });

  test('a page recorded with chunk heads: the count\'s top bit, then their count and the heads before the flags (database version 12)', async () => {
    const { history, factory, name } = await freshHistory();
    await history.recordVisit(pageInput({ passages: ['0123456789abcdee'], proseTotal: 640, heads: ['0123456711112222'] }));
    history.close();
    const dump = readable(await dumpDatabase(factory, name));
    const [[, record]] = dump.pages as [[number, { d: string }]];
    // As the page above, with 0x82 for its two fingerprints and heads that follow, then one head.
    expect(record.d).toBe('820123456789abcdef0123456789abcdee0101234567111122222c0001a01f00bc05008005');
    // The head is filed in block0 as the passage is, under its first block (0x0123), beside it.
    expect((dump.block0 as Array<[number, string]>).find(([key]) => key === 0x0123)?.[1]).toMatch(/^(.{16}){3}$/);
  });
});
