import { describe, expect, test } from 'vitest';
import { serializeExport, type ExportRecord } from '../../src/store';
import { PageKeyError, SLOTS_PER_HASH, URL_HASH_BITS, freeKey, urlHash } from '../../src/store/codec/page-key';
import { indexProblems } from '../support/history-invariants';
import { dumpDatabase, freshHistory, pageInput, T0 } from './helpers';

/** URLs of the form https://example.com/p/N that share a 24-bit hash: found by trying 20,000 of them. */
function collidingUrls(): string[][] {
  const byHash = new Map<number, string[]>();
  for (let i = 0; i < 20_000; i++) {
    const url = `https://example.com/p/${i}`;
    const hash = urlHash(url);
    byHash.set(hash, [...(byHash.get(hash) ?? []), url]);
  }
  return [...byHash.values()].filter((urls) => urls.length > 1);
}

function record(url: string, fingerprint: string): ExportRecord {
  return {
    url, title: url, site: 'example.com', excerpt: '', textLength: 1000, cjkChars: 0, words: 200, scheme: 2, fingerprint, passages: [],
    firstVisit: new Date(T0).toISOString(), lastVisit: new Date(T0).toISOString(), visitCount: 1, source: 'import',
  };
}

describe('page keys', () => {
  test.each([
    ['a plain URL', 'https://example.com/'],
    ['a Chinese URL', 'https://例子.测试/文章'],
    ['the empty string', ''],
    ['5,000 characters', 'x'.repeat(5000)],
  ])('urlHash of %s is a stable non-zero 24-bit number', (_, url) => {
    const hash = urlHash(url);
    expect(hash).toBe(urlHash(url));
    expect(hash).toBeGreaterThan(0);
    expect(hash).toBeLessThan(2 ** URL_HASH_BITS);
  });

  test('a hash with all its slots taken is refused with PageKeyError, naming the URL', () => {
    const url = 'https://example.com/full';
    const base = urlHash(url) * SLOTS_PER_HASH;
    const taken = Array.from({ length: SLOTS_PER_HASH }, (_, slot) => base + slot);
    expect(freeKey(url, taken.slice(1))).toBe(base);
    expect(() => freeKey(url, taken)).toThrow(PageKeyError);
    expect(() => freeKey(url, taken)).toThrow(url);
  });

  test('visits to URLs sharing a hash get their own slots, and each is found, updated and deleted alone', async () => {
    const [[first, second] = []] = collidingUrls();
    const { history, factory, name } = await freshHistory();
    const a = await history.recordVisit(pageInput({ url: first, fingerprint: '1111111111111111' }));
    const b = await history.recordVisit(pageInput({ url: second, fingerprint: '2222222222222222' }));
    expect(Math.floor(a.id / SLOTS_PER_HASH)).toBe(Math.floor(b.id / SLOTS_PER_HASH));
    expect(b.id).not.toBe(a.id);
    expect((await history.getByUrl(first as string))?.fingerprint).toBe('1111111111111111');
    expect((await history.getByUrl(second as string))?.fingerprint).toBe('2222222222222222');
    expect((await history.recordVisit(pageInput({ url: second, fingerprint: '3333333333333333' }))).id).toBe(b.id);
    expect(await history.delete(a.id)).toBe(true);
    expect((await history.getByUrl(second as string))?.fingerprint).toBe('3333333333333333');
    expect(await history.getByUrl(first as string)).toBeUndefined();
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
  });

  test('an import brings URLs sharing a hash, in one batch and across a stored page, as separate pages', async () => {
    const groups = collidingUrls().slice(0, 3);
    // The stored page was read before the import's records, so the import updates it.
    const { history, factory, name } = await freshHistory(() => T0 - 1000);
    const stored = groups[0]?.[0] as string;
    await history.recordVisit(pageInput({ url: stored, fingerprint: 'aaaaaaaaaaaaaaaa' }));
    const urls = groups.flat();
    const report = await history.importJson(serializeExport(urls.map((url, i) => record(url, (i + 1).toString(16).padStart(16, '0'))), new Date(T0 - 1000)));
    expect(report).toMatchObject({ imported: urls.length - 1, updated: 1, rejected: [] });
    expect(await history.count()).toBe(urls.length);
    for (const [i, url] of urls.entries()) expect((await history.getByUrl(url))?.fingerprint).toBe((i + 1).toString(16).padStart(16, '0'));
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
  });
});
