import { IDBObjectStore } from 'fake-indexeddb';
import { describe, expect, test, vi } from 'vitest';
import { fingerprintBlocks, fingerprintFromHex, fingerprintToHex } from '../../src/core/fingerprint64';
import { MAX_EXCERPT_LENGTH, serializeExport, type ExportRecord } from '../../src/store';
import { indexProblems } from '../support/history-invariants';
import { collect, dumpDatabase, freshHistory, manualClock, pageInput, randomFingerprint, rawPut, seededRandom, T0, type StoreDump } from './helpers';

const A = '0123456789abcdef';
const B = 'fedcba9876543210';
/** Bits of the block that key a bucket, per block store: block0 (every passage too) by the whole block. */
const KEY_BITS = [16, 12, 12, 12];

describe('recordVisit', () => {
  test('adds a page with a normalised URL, one visit, and source "visit"', async () => {
    const { history } = await freshHistory();
    const page = await history.recordVisit(pageInput({ url: 'https://Example.com/article/?utm_source=feed#top', passages: ['00000000ffffffff'] }));
    expect(page).toMatchObject({
      url: 'https://example.com/article',
      fingerprint: A,
      passages: ['00000000ffffffff'],
      firstVisit: T0,
      lastVisit: T0,
      visitCount: 1,
      source: 'visit',
    });
    expect(await history.get(page.id)).toEqual(page);
    expect(await history.getByUrl('https://example.com/article/#other')).toEqual(page);
    expect(await history.count()).toBe(1);
  });

  test('files the whole-document fingerprint under all four blocks and a passage under its first: bucket = top 16 bits in block0 (entry = tag × 2^28 + page key, the tag the seventh byte mod 15 + 1), top 12 in block1–3 (entry = page key × 16 + low 4 bits), then blocks b + 1 and b + 2', async () => {
    const { history, factory, name } = await freshHistory();
    const passage = '00000000ffffffff';
    const page = await history.recordVisit(pageInput({ passages: [passage] }));
    const dump = await dumpDatabase(factory, name);
    for (let block = 0; block < 4; block++) {
      const store = dump[`block${block}`] as StoreDump;
      const filed = block === 0 ? [A, passage] : [A];
      const expected = filed.map((hex) => {
        const blocks = fingerprintBlocks(fingerprintFromHex(hex));
        const others = [blocks[(block + 1) % 4] as number, blocks[(block + 2) % 4] as number];
        const lowBits = 16 - (KEY_BITS[block] as number);
        const tag = block === 0 ? (((blocks[3] as number) >>> 8) % 15) + 1 : 0;
        const word = tag * 2 ** 28 + page.id * 2 ** lowBits + ((blocks[block] as number) % 2 ** lowBits);
        const bytes = [word >>> 24, (word >>> 16) & 0xff, (word >>> 8) & 0xff, word & 0xff, ...others.flatMap((v) => [v >>> 8, v & 0xff])];
        return [(blocks[block] as number) >>> lowBits, bytes];
      });
      const actual = store.keys.map((key, i) => [key, [...(store.values[i] as Uint8Array)]]);
      expect(actual.sort(), `block${block}`).toEqual(expected.sort());
    }
  });

  test('the page record is packed: texts and last visit as fields, the rest in `d`, starting with the fingerprint count and the fingerprints, 8 bytes each, whole document first', async () => {
    const { history, factory, name } = await freshHistory();
    await history.recordVisit(pageInput({ fingerprint: A, passages: ['00000000ffffffff'] }));
    const [stored] = (await dumpDatabase(factory, name)).pages?.values as Record<string, unknown>[];
    expect(Object.keys(stored ?? {}).sort()).toEqual(['d', 'e', 'o', 't', 'u', 'v']);
    expect([...(stored?.d as Uint8Array).slice(0, 17)]).toEqual([2, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]);
  });

  test('a second visit to the same URL updates the one record and replaces its block entries', async () => {
    const clock = manualClock();
    const { history, factory, name } = await freshHistory(clock.now);
    const first = await history.recordVisit(pageInput({ fingerprint: A, title: 'Old title', passages: ['1111111111111111', '2222222222222222'] }));
    clock.advance(60_000);
    const second = await history.recordVisit(pageInput({ url: 'https://example.com/article?utm_medium=x', fingerprint: B, title: 'New title' }));

    expect(second).toMatchObject({ id: first.id, title: 'New title', fingerprint: B, passages: [], visitCount: 2, firstVisit: T0, lastVisit: T0 + 60_000 });
    expect(await history.count()).toBe(1);
    expect(await history.query(A, 3)).toEqual([]);
    expect(await history.query('1111111111111111', 3)).toEqual([]);
    expect((await history.query(B, 0)).map((m) => m.page.id)).toEqual([first.id]);
    const dump = await dumpDatabase(factory, name);
    for (let block = 0; block < 4; block++) expect(dump[`block${block}`]?.keys).toEqual([(fingerprintBlocks(fingerprintFromHex(B))[block] as number) >>> (16 - (KEY_BITS[block] as number))]);
    expect(indexProblems(dump)).toEqual([]);
  });

  test('a revisit that changes a page\'s chunk heads files the new ones and drops the old (decisions/0082)', async () => {
    const clock = manualClock();
    const { history, factory, name } = await freshHistory(clock.now);
    const passages = ['1111111111111111', '2222222222222222'];
    const first = await history.recordVisit(pageInput({ fingerprint: A, passages, heads: ['3333333333333333', '4444444444444444'] }));
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
    clock.advance(60_000);
    const second = await history.recordVisit(pageInput({ fingerprint: A, passages, heads: ['5555555555555555'] }));
    expect(second).toMatchObject({ id: first.id, heads: ['5555555555555555'] });
    const sketch = { passageQueries: [true, true], sketchQueries: [true, true] };
    const [gone, filed] = await history.queryMany(['3333333333333333', '5555555555555555'], 0, sketch);
    expect([gone!.length, filed!.map((m) => m.page.id)]).toEqual([0, [first.id]]);
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
    // A head that differs from a passage in its last byte alone has the passage's bucket entry, tag included: two entries, both kept, then both gone.
    clock.advance(60_000);
    await history.recordVisit(pageInput({ fingerprint: A, passages, heads: ['1111111111111100'] }));
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
    await history.delete(first.id);
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
    expect((await dumpDatabase(factory, name)).block0?.keys).toEqual([]);
  });

  test('an update keeps the stored source unless the input names one', async () => {
    const { history } = await freshHistory();
    await history.recordVisit(pageInput({ source: 'author' }));
    expect((await history.recordVisit(pageInput())).source).toBe('author');
    expect((await history.recordVisit(pageInput({ source: 'manual' }))).source).toBe('manual');
  });

  test('cuts the excerpt to the stored length and drops unusable page metadata', async () => {
    const { history } = await freshHistory();
    const page = await history.recordVisit(pageInput({ excerpt: 'x'.repeat(500), language: 'not a tag', publishedAt: Number.NaN, canonicalUrl: 'javascript:alert(1)' }));
    expect(page.excerpt).toHaveLength(MAX_EXCERPT_LENGTH);
    expect(page).not.toHaveProperty('language');
    expect(page).not.toHaveProperty('publishedAt');
    expect(page).not.toHaveProperty('canonicalUrl');
  });

  test.each([
    ['a non-page URL', { url: 'javascript:alert(1)' }, /url/],
    ['a malformed fingerprint', { fingerprint: 'xyz' }, /fingerprint/],
    ['a malformed passage', { passages: ['0123'] }, /passages\[0\]/],
    ['a negative word count', { words: -1 }, /words/],
  ])('refuses %s with a TypeError and stores nothing', async (_, override, message) => {
    const { history } = await freshHistory();
    await expect(history.recordVisit(pageInput(override))).rejects.toThrow(TypeError);
    await expect(history.recordVisit(pageInput(override))).rejects.toThrow(message);
    expect(await history.count()).toBe(0);
  });
});

describe('delete, pageIdsOfSites and deletePages, clear', () => {
  async function threePages() {
    const setup = await freshHistory();
    const { history } = setup;
    const a = await history.recordVisit(pageInput({ url: 'https://a.example/1', site: 'a.example', fingerprint: '1111111111111111', passages: ['1212121212121212'] }));
    const b = await history.recordVisit(pageInput({ url: 'https://a.example/2', site: 'a.example', fingerprint: '2222222222222222' }));
    const c = await history.recordVisit(pageInput({ url: 'https://c.example/1', site: 'c.example', fingerprint: '3333333333333333' }));
    return { ...setup, a, b, c };
  }

  async function blockKeyCount(factory: Parameters<typeof dumpDatabase>[0], name: string): Promise<number[]> {
    const dump = await dumpDatabase(factory, name);
    return [0, 1, 2, 3].map((block) => dump[`block${block}`]?.keys.length ?? 0);
  }

  test('delete removes the page and its block entries, and says whether it existed', async () => {
    const { history, factory, name, a } = await threePages();
    // Three whole-document fingerprints in every store, a's passage in block0 only.
    expect(await blockKeyCount(factory, name)).toEqual([4, 3, 3, 3]);
    expect(await history.delete(a.id)).toBe(true);
    expect(await history.delete(a.id)).toBe(false);
    expect(await history.get(a.id)).toBeUndefined();
    expect(await history.query('1212121212121212', 0)).toEqual([]);
    expect(await history.count()).toBe(2);
    expect(await blockKeyCount(factory, name)).toEqual([2, 2, 2, 2]);
  });

  test('pageIdsOfSites finds the pages of the sites it picks; deletePages removes them with their block entries and says how many went', async () => {
    const { history, factory, name, a, b, c } = await threePages();
    const ofA = (site: string) => site === 'a.example';
    const ids = await history.pageIdsOfSites(ofA);
    expect(ids.toSorted((x, y) => x - y)).toEqual([a.id, b.id].toSorted((x, y) => x - y));
    expect(await history.pageIdsOfSites((site) => site === 'nowhere.example')).toEqual([]);
    // A page whose site the test no longer picks stays, as one read since the ids were found would.
    expect(await history.deletePages([...ids, c.id], ofA)).toBe(2);
    expect(await history.deletePages(ids, ofA)).toBe(0);
    expect((await history.list()).pages.map((p) => p.id)).toEqual([c.id]);
    expect(await blockKeyCount(factory, name)).toEqual([1, 1, 1, 1]);
  });

  test('clear empties every store, the runs a stopped import left among them', async () => {
    const { history, factory, name } = await threePages();
    await rawPut(factory, name, 'runs', { at: new Uint32Array(257), e: new Uint8Array(0) }, [0, 0, 1]);
    await rawPut(factory, name, 'runs', 1, 12345);
    await history.clear();
    expect(await history.count()).toBe(0);
    const dump = await dumpDatabase(factory, name);
    for (const store of ['groups', 'block0', 'block1', 'block2', 'block3', 'runs']) expect(dump[store]?.keys, store).toEqual([]);
    expect(await history.query('3333333333333333', 3)).toEqual([]);
  });
});

describe('list', () => {
  async function history5() {
    const clock = manualClock();
    const setup = await freshHistory(clock.now);
    const titles = ['Rust ownership', 'Chinese cooking', 'rust belt economics', 'Gardening', 'Trusting tests'];
    for (const [i, title] of titles.entries()) {
      await setup.history.recordVisit(pageInput({ url: `https://site${i}.example/page`, title, site: `site${i}.example` }));
      clock.advance(1000);
    }
    return setup.history;
  }

  test.each([
    [{}, ['Trusting tests', 'Gardening', 'rust belt economics', 'Chinese cooking', 'Rust ownership'], 5],
    [{ order: 'oldest' as const }, ['Rust ownership', 'Chinese cooking', 'rust belt economics', 'Gardening', 'Trusting tests'], 5],
    [{ offset: 1, limit: 2 }, ['Gardening', 'rust belt economics'], 5],
    [{ search: 'RUST' }, ['Trusting tests', 'rust belt economics', 'Rust ownership'], 3],
    [{ search: 'rust', order: 'oldest' as const, offset: 1, limit: 1 }, ['rust belt economics'], 3],
    [{ search: 'site3.example' }, ['Gardening'], 1],
    [{ search: 'nothing like this' }, [], 0],
  ])('list(%j)', async (options, titles, total) => {
    const history = await history5();
    const result = await history.list(options);
    expect(result.pages.map((p) => p.title)).toEqual(titles);
    expect(result.total).toBe(total);
  });
});

describe('walks of the whole store (a search, removing a site) hold no transaction for their length', () => {
  /** More pages than one read of a walk takes (EXPORT_BATCH), so that it reads twice. */
  const PAGES = 2_500;

  async function largeHistory(siteOf = (_i: number) => 'example.com'): Promise<Awaited<ReturnType<typeof freshHistory>>> {
    const setup = await freshHistory();
    const at = new Date(T0).toISOString();
    const random = seededRandom(7);
    const records = Array.from({ length: PAGES }, (_, i): ExportRecord => ({
      url: `https://${siteOf(i)}/article/${i}`, title: `Article ${i}`, site: siteOf(i), excerpt: 'First words.', textLength: 4000, cjkChars: 0, words: 700, scheme: 2,
      fingerprint: fingerprintToHex(randomFingerprint(random)), passages: [], firstVisit: at, lastVisit: at, visitCount: 1, source: i % 2 === 0 ? 'author' : 'import',
    }));
    await setup.history.importJson(await collect(serializeExport(records, new Date(T0))));
    return setup;
  }

  test('a search: a visit recorded meanwhile is written before the walk ends', async () => {
    const { history } = await largeHistory();
    const done: string[] = [];
    const walking = history.list({ search: 'article 1', limit: 50 }).then(() => done.push('walk'));
    const visit = history.recordVisit(pageInput({ url: 'https://news.example/meanwhile', title: 'Read meanwhile' })).then(() => done.push('visit'));
    await Promise.all([walking, visit]);
    expect(done).toEqual(['visit', 'walk']);
  });

  test('removing a site: a visit recorded meanwhile is written first, and every page of the site goes', async () => {
    const { history, factory, name } = await largeHistory((i) => (i % 5 === 0 ? 'kept.example' : 'example.com'));
    const done: string[] = [];
    const ofExample = (site: string) => site === 'example.com';
    const removing = history.pageIdsOfSites(ofExample).then((ids) => history.deletePages(ids, ofExample)).then((removed) => done.push(`removed ${removed}`));
    const visit = history.recordVisit(pageInput({ url: 'https://news.example/meanwhile', site: 'news.example', title: 'Read meanwhile' })).then(() => done.push('visit'));
    await Promise.all([removing, visit]);
    expect(done).toEqual(['visit', `removed ${(PAGES * 4) / 5}`]);
    expect(await history.count()).toBe(PAGES / 5 + 1);
    expect(indexProblems(await dumpDatabase(factory, name))).toEqual([]);
  });

  test('a search stops between its reads once its signal is aborted', async () => {
    const { history } = await largeHistory();
    // The walk's reads of the page stores: every getAll-style request while the search runs.
    const reads = (['getAll', 'getAllKeys', 'getAllRecords'] as const).filter((name) => name in IDBObjectStore.prototype).map((name) => vi.spyOn(IDBObjectStore.prototype as never as Record<string, () => unknown>, name));
    const count = () => reads.reduce((n, spy) => n + spy.mock.calls.length, 0);
    await history.list({ search: 'article' });
    const whole = count();
    reads.forEach((spy) => spy.mockClear());
    const controller = new AbortController();
    const searching = history.list({ search: 'article', signal: controller.signal });
    controller.abort();
    await expect(searching).rejects.toMatchObject({ name: 'AbortError' });
    expect(count()).toBeLessThan(whole);
    await expect(history.list({ search: 'article', signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    reads.forEach((spy) => spy.mockRestore());
  });

  test('a search still finds every match across the reads, newest first', async () => {
    const { history } = await largeHistory();
    const { pages, total } = await history.list({ search: 'article 24', limit: 3 });
    // "Article 24", "Article 240"…"Article 249", "Article 2400"…"Article 2499": 1 + 10 + 100.
    expect(total).toBe(111);
    expect(pages.map((page) => page.title)).toHaveLength(3);
    expect((await history.ownArticles()).length).toBe(PAGES / 2);
  });
});

describe('pageBatches', () => {
  test('hands out every page once, in key order, as get() reads it', async () => {
    const { history } = await freshHistory();
    for (let i = 0; i < 5; i++) await history.recordVisit(pageInput({ url: `https://site${i}.example/page`, title: `Page ${i}`, site: `site${i}.example` }));
    const read = [];
    for await (const batch of history.pageBatches()) read.push(...batch);
    expect(read.map((page) => page.title).sort()).toEqual(['Page 0', 'Page 1', 'Page 2', 'Page 3', 'Page 4']);
    expect(read.map((page) => page.id)).toEqual(read.map((page) => page.id).sort((a, b) => a - b));
    expect(read).toEqual(await Promise.all(read.map((page) => history.get(page.id))));
  });

  test('an empty history yields no batch', async () => {
    const { history } = await freshHistory();
    const batches = [];
    for await (const batch of history.pageBatches()) batches.push(batch);
    expect(batches).toEqual([]);
  });
});
