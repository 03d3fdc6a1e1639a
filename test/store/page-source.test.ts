import { IDBObjectStore } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_SOURCES, type History, type PageSource } from '../../src/store';
import { encodePage, storedSource } from '../../src/store/codec/stored-page';
import { dumpDatabase, freshHistory, T0 } from './helpers';

const URL_A = 'https://me.example/essay';
const FP = '0123456789abcdef';

let history: History;
let dump: () => ReturnType<typeof dumpDatabase>;

beforeEach(async () => {
  const fresh = await freshHistory();
  history = fresh.history;
  dump = () => dumpDatabase(fresh.factory, fresh.name);
});

const input = (url: string, source: PageSource) => ({ url, title: 't', site: new URL(url).hostname, excerpt: '', textLength: 10, cjkChars: 0, words: 100, fingerprint: FP, passages: ['fedcba9876543210'], source });

describe('History.setSource: marking a page as the user\'s own, and back', () => {
  it.each<[string, string, PageSource]>([
    ['a visited page becomes the user\'s', URL_A, 'author'],
    ['found under its address as written, tracking parameters and all', `${URL_A}?utm_source=x#top`, 'author'],
    ['and back to a visit', URL_A, 'visit'],
  ])('%s', async (_name, address, source) => {
    const before = await history.recordVisit(input(URL_A, 'visit'));
    const blocks = (await dump()).block0;
    const changed = await history.setSource(address, source);
    expect(changed).toEqual({ ...before, source });
    expect(await history.getByUrl(URL_A)).toEqual({ ...before, source });
    // The fingerprints did not change, nor did the block index.
    expect((await dump()).block0).toEqual(blocks);
  });

  it.each([['a page not in the history', 'https://never.example/'], ['no web address', 'not a url']])('%s: undefined, nothing written', async (_name, address) => {
    await history.recordVisit(input(URL_A, 'visit'));
    const before = await dump();
    await expect(history.setSource(address, 'author')).resolves.toBeUndefined();
    expect(await dump()).toEqual(before);
  });
});

describe('History.ownArticles', () => {
  afterEach(() => vi.restoreAllMocks());
  const urls = async () => (await history.ownArticles()).map((page) => page.url);

  it('lists the user\'s own articles only, in key order, and follows a page marked as one, back, or deleted', async () => {
    for (const [i, source] of (['visit', 'author', 'import', 'author', 'manual'] as const).entries()) await history.recordVisit(input(`https://s${i}.example/`, source));
    const byKey = async (list: string[]) => (await Promise.all(list.map(async (url) => [(await history.getByUrl(url))!.id, url] as const))).sort(([a], [b]) => a - b).map(([, url]) => url);
    expect(await urls()).toEqual(await byKey(['https://s1.example/', 'https://s3.example/']));
    await history.setSource('https://s0.example/', 'author');
    await history.setSource('https://s1.example/', 'visit');
    expect(await urls()).toEqual(await byKey(['https://s0.example/', 'https://s3.example/']));
    await history.delete((await history.getByUrl('https://s3.example/'))!.id);
    expect(await urls()).toEqual(['https://s0.example/']);
  });

  it('reads the groups that hold one through their author index, not every group', async () => {
    for (let i = 0; i < 30; i++) await history.recordVisit(input(`https://s${i}.example/`, i === 7 ? 'author' : 'visit'));
    const walked = vi.spyOn(IDBObjectStore.prototype, 'getAll');
    expect(await urls()).toEqual(['https://s7.example/']);
    expect(walked).not.toHaveBeenCalled();
  });
});

describe('storedSource', () => {
  it.each(PAGE_SOURCES)('reads %s without decoding the page', (source) => {
    const stored = encodePage({ ...input(URL_A, source), passages: [], scheme: 2, firstVisit: T0, lastVisit: T0, visitCount: 1, source });
    expect(storedSource(stored, 1)).toBe(source);
  });
});
