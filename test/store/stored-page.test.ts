import { describe, expect, test } from 'vitest';
import type { PageRecord } from '../../src/store';
import { DamagedPageError, decodePage, encodePage, type StoredPage } from '../../src/store/stored-page';

const PAGE: Omit<PageRecord, 'id'> = {
  url: 'https://example.com/a', title: 'A', site: 'example.com', excerpt: 'First words.', textLength: 4000, cjkChars: 0, words: 700,
  fingerprint: '0123456789abcdef', passages: ['00000000ffffffff', 'fedcba9876543210'], firstVisit: 1_700_000_000_123, lastVisit: 1_700_000_500_456,
  visitCount: 3, source: 'visit',
};

describe('stored page records', () => {
  test.each<[string, Partial<PageRecord>]>([
    ['the plain page', {}],
    ['no passages', { passages: [] }],
    ['a publication date, language and canonical URL', { publishedAt: 1_600_000_000_000, language: 'zh-CN', canonicalUrl: 'https://example.com/canonical' }],
    ['a site that is not the URL\'s own (an imported record)', { site: 'other.example' }],
    ['every source and the largest counts', { source: 'author', visitCount: 1_000_000, textLength: 100_000_000, cjkChars: 100_000_000, words: 100_000_000 }],
    ['a Chinese title and excerpt', { title: '第二篇', excerpt: '摘要' }],
  ])('%s round-trips exactly', (_, overrides) => {
    const page = { ...PAGE, ...overrides };
    expect(decodePage(encodePage(page), 42)).toEqual({ ...page, id: 42 });
  });

  test('only what is not derivable is stored: no site field when it is the URL\'s own', () => {
    expect(encodePage(PAGE)).not.toHaveProperty('s');
    expect(encodePage({ ...PAGE, site: 'other.example' }).s).toBe('other.example');
  });

  const good = encodePage(PAGE);
  test.each<[string, unknown]>([
    ['no packed field', { ...good, d: undefined }],
    ['a string instead of bytes', { ...good, d: 'abc' }],
    ['a header cut short', { ...good, d: good.d.slice(0, 20) }],
    ['no fingerprint', { ...good, d: good.d.slice(0, 26) }],
    ['a torn fingerprint', { ...good, d: good.d.slice(0, good.d.length - 3) }],
    ['an unknown source', { ...good, d: Uint8Array.from(good.d, (byte, i) => (i === 1 ? 9 : byte)) }],
  ])('a record with %s is a DamagedPageError naming its key', (_, stored) => {
    expect(() => decodePage(stored as StoredPage, 7)).toThrow(DamagedPageError);
    expect(() => decodePage(stored as StoredPage, 7)).toThrow(/page 7/);
  });
});
