import { describe, expect, test } from 'vitest';
import type { Page as PageRecord } from '../../src/store';
import { DamagedPageError, decodePage, encodePage, type StoredPage } from '../../src/store/codec/stored-page';

const PAGE: Omit<PageRecord, 'id'> = {
  url: 'https://example.com/a', title: 'A', site: 'example.com', excerpt: 'First words.', textLength: 4000, cjkChars: 0, words: 700, scheme: 2,
  fingerprint: '0123456789abcdef', passages: ['00000000ffffffff', 'fedcba9876543210'], firstVisit: 1_700_000_000_123, lastVisit: 1_700_000_500_456,
  visitCount: 3, source: 'visit',
};

/** `count` distinct fingerprints, `salt` in their first digit. */
const hexes = (count: number, salt: number): string[] => Array.from({ length: count }, (_, i) => `${salt}${i.toString(16).padStart(15, '0')}`);

describe('stored page records', () => {
  test.each<[string, Partial<PageRecord>]>([
    ['the plain page', {}],
    ['no passages', { passages: [] }],
    ['a publication date, language and canonical URL', { publishedAt: 1_600_000_000_000, language: 'zh-CN', canonicalUrl: 'https://example.com/canonical' }],
    ['a site that is not the URL\'s own (an imported record)', { site: 'other.example' }],
    ['every source and the largest counts', { source: 'author', visitCount: 1_000_000, textLength: 100_000_000, cjkChars: 100_000_000, words: 100_000_000 }],
    ['a Chinese title and excerpt', { title: '第二篇', excerpt: '摘要' }],
    ['a first visit after the last (kept as it came)', { firstVisit: PAGE.lastVisit + 5 }],
    ['visits decades apart', { firstVisit: Date.UTC(1991, 0, 1), lastVisit: Date.UTC(2090, 0, 1) }],
    ['fingerprint scheme 1 (read before an upgrade)', { scheme: 1 }],
    ['scheme 1 with a publication date (the flags byte holds both)', { scheme: 1, publishedAt: 1_600_000_000_000 }],
    ['a prose total', { scheme: 6, proseTotal: 512 }],
    ['a prose total of 0 (a text of short lines) and a publication date', { scheme: 6, proseTotal: 0, publishedAt: 1_600_000_000_000 }],
    ['the largest prose total and scheme (the flags byte holds both)', { scheme: 6, proseTotal: 100_000_000 }],
    ['chunk heads (database version 12)', { scheme: 6, proseTotal: 512, heads: ['1111111122222222', '33333333aaaaaaaa'] }],
    ['chunk heads and a publication date', { scheme: 6, heads: ['1111111122222222'], publishedAt: 1_600_000_000_000 }],
    ['as many chunk heads as passages can be', { scheme: 6, heads: Array.from({ length: 64 }, (_, i) => i.toString(16).padStart(16, '0')) }],
    ['scheme 7\'s whole sample, a head for each (decisions/0083)', { scheme: 7, passages: hexes(126, 1), heads: hexes(126, 2) }],
  ])('%s round-trips exactly', (_, overrides) => {
    const page = { ...PAGE, ...overrides };
    expect(decodePage(encodePage(page), 42)).toEqual({ ...page, id: 42 });
  });

  test('a page with more passages than the count byte holds beside its flag is refused, not written damaged', () => {
    expect(() => encodePage({ ...PAGE, scheme: 7, passages: hexes(127, 1) })).toThrow(RangeError);
  });

  test('only what is not derivable is stored: no site field when it is the URL\'s own', () => {
    expect(encodePage(PAGE)).not.toHaveProperty('s');
    expect(encodePage({ ...PAGE, site: 'other.example' }).s).toBe('other.example');
  });

  test.each<[string, Partial<PageRecord>, number | undefined]>([
    ['no CJK text in scheme 3 (the weight cap changes Latin text too)', { cjkChars: 0, scheme: 3 }, 3],
    ['no CJK text in scheme 2', { cjkChars: 0, scheme: 2 }, 2],
    ['CJK text in scheme 3', { cjkChars: 10, scheme: 3 }, 3],
    ['CJK text in scheme 1', { cjkChars: 10, scheme: 1 }, 1],
  ])('%s: scheme index key %s', (_, overrides, key) => {
    expect(encodePage({ ...PAGE, ...overrides }).o).toBe(key);
  });

  const good = encodePage(PAGE);
  const flagsAt = 1 + 8 * (good.d[0] as number);
  test.each<[string, unknown]>([
    ['no packed field', { ...good, d: undefined }],
    ['a string instead of bytes', { ...good, d: 'abc' }],
    ['fingerprints cut short', { ...good, d: good.d.slice(0, 20) }],
    ['no fingerprint', { ...good, d: Uint8Array.from(good.d, (byte, i) => (i === 0 ? 0 : byte)) }],
    ['the numbers cut short', { ...good, d: good.d.slice(0, good.d.length - 3) }],
    ['a byte too many', { ...good, d: Uint8Array.from([...good.d, 0]) }],
    ['an unknown source', { ...good, d: Uint8Array.from(good.d, (byte, i) => (i === flagsAt + 1 ? 9 : byte)) }],
    ['an unknown fingerprint scheme', { ...good, d: Uint8Array.from(good.d, (byte, i) => (i === flagsAt ? 0x0e : byte)) }],
    ['a prose total flagged but not written', { ...good, d: Uint8Array.from(good.d, (byte, i) => (i === flagsAt ? byte | 0x20 : byte)) }],
    ['chunk heads said to follow but cut short', { ...good, d: Uint8Array.from(good.d, (byte, i) => (i === 0 ? byte | 0x80 : i === flagsAt ? 40 : byte)) }],
  ])('a record with %s is a DamagedPageError naming its key', (_, stored) => {
    expect(() => decodePage(stored as StoredPage, 7)).toThrow(DamagedPageError);
    expect(() => decodePage(stored as StoredPage, 7)).toThrow(/page 7/);
  });
});
