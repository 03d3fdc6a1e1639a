import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_DISTANCE, DEFAULT_MIN_LENGTH, type VerdictOptions } from '../../src/core';
import { findReposts, type RepostGroup, type RepostsProgress } from '../../src/reposts';
import type { Page } from '../../src/store';
import { page, sourceOf } from './pages';

const SETTINGS: Required<VerdictOptions> = { maxDistance: DEFAULT_MAX_DISTANCE, minLength: DEFAULT_MIN_LENGTH };

/** Fingerprints by their distance from ORIGIN (the low bits set). */
const ORIGIN = '0000000000000000';
const D2 = '0000000000000003';
const D3 = '0000000000000007';
/** 20 bits from ORIGIN: past every whole-distance rule. */
const D20 = '00000000000fffff';
/** 6 bits from ORIGIN, 3 from D3. */
const D6 = '000000000000003f';
const FAR = '00000000000003ff';
/** Eight passages with distinct first blocks. */
const EIGHT = ['1111', '2222', '3333', '4444', '5555', '6666', '7777', '8888'].map((block) => `${block}000000000000`);

/** Each group as [original id, [copy id, kind, distance]…]. */
function shape(groups: RepostGroup[]): Array<[number, Array<[number, string, number]>]> {
  return groups.map((group) => [group.original.id, group.copies.map((copy) => [copy.page.id, copy.kind, copy.distance])]);
}

describe('reposts found in the history', () => {
  it.each<[string, Page[], Array<[number, Array<[number, string, number]>]>, Required<VerdictOptions>?]>([
    ['a near-identical article on another site is a duplicate of the one read first',
      [page(1, 'https://a.test/story', 0, ORIGIN), page(2, 'https://b.test/copy', 5, D2)],
      [[1, [[2, 'duplicate', 2]]]]],
    ['the original is the page read first, whatever its place in the store',
      [page(1, 'https://b.test/copy', 5, D2), page(2, 'https://a.test/story', 0, ORIGIN)],
      [[2, [[1, 'duplicate', 2]]]]],
    ['a much shorter page holding the article is a partial copy',
      [page(1, 'https://a.test/story', 0, ORIGIN), page(2, 'https://b.test/excerpt', 3, D3, { words: 300 })],
      [[1, [[2, 'partial', 3]]]]],
    ['pages farther apart than k, sharing no passage, are not copies',
      [page(1, 'https://a.test/story', 0, ORIGIN), page(2, 'https://b.test/other', 3, FAR)],
      []],
    ['a page too short to judge is never a copy',
      [page(1, 'https://a.test/story', 0, ORIGIN), page(2, 'https://b.test/brief', 3, ORIGIN, { words: 50, textLength: 250 })],
      []],
    ['the user\'s k applies: distance 2 is not a copy at k = 1',
      [page(1, 'https://a.test/story', 0, ORIGIN), page(2, 'https://b.test/copy', 5, D2)],
      [], { maxDistance: 1, minLength: DEFAULT_MIN_LENGTH }],
    ['Chinese pages signed in two schemes are not compared',
      [page(1, 'https://a.test/zh', 0, ORIGIN, { cjkChars: 2000, words: 0, scheme: 1 }), page(2, 'https://b.test/zh', 5, ORIGIN, { cjkChars: 2000, words: 0, scheme: 2 })],
      []],
    ['pages without CJK text sign alike in schemes 1 and 2, so they are compared',
      [page(1, 'https://a.test/story', 0, ORIGIN, { scheme: 1 }), page(2, 'https://b.test/copy', 5, D2, { scheme: 2 })],
      [[1, [[2, 'duplicate', 2]]]]],
    ['pages without CJK text before and after the weight cap (scheme 3) are not compared',
      [page(1, 'https://a.test/story', 0, ORIGIN, { scheme: 2 }), page(2, 'https://b.test/copy', 5, D2, { scheme: 3 })],
      []],
    ['pages read before and after an upgrade that changed passages only (schemes 5 and 6) compare by their whole fingerprints',
      [page(1, 'https://a.test/story', 0, ORIGIN, { scheme: 5 }), page(2, 'https://b.test/copy', 5, D2, { scheme: 6 })],
      [[1, [[2, 'duplicate', 2]]]]],
    ['but not by their passages, cut by other rules: six of eight shared make no partial copy across schemes 4 and 5',
      [page(1, 'https://a.test/story', 0, ORIGIN, { scheme: 4, passages: EIGHT }), page(2, 'https://b.test/digest', 5, D20, { scheme: 5, passages: EIGHT.slice(0, 6) })],
      []],
    ['an address declaring the other canonical is the same article, not a copy',
      [page(1, 'https://a.test/story', 0, ORIGIN), page(2, 'https://a.test/story?page=all', 5, ORIGIN, { canonicalUrl: 'https://a.test/story' })],
      []],
    ['a page on another host claiming the original as its canonical address is still a copy',
      [page(1, 'https://a.test/story', 0, ORIGIN), page(2, 'https://b.test/copy', 5, ORIGIN, { canonicalUrl: 'https://a.test/story' })],
      [[1, [[2, 'duplicate', 0]]]]],
    ['a copy of a copy joins the group; its kind comes from its own pair when the original is too far',
      [page(1, 'https://a.test/story', 0, ORIGIN), page(2, 'https://b.test/copy', 1, D3), page(3, 'https://c.test/copy', 2, D6)],
      [[1, [[2, 'duplicate', 3], [3, 'duplicate', 6]]]]],
    ['groups with the newest find come first',
      [page(1, 'https://a.test/one', 0, ORIGIN), page(2, 'https://b.test/one', 9, D2), page(3, 'https://a.test/two', 1, FAR), page(4, 'https://c.test/two', 4, FAR)],
      [[1, [[2, 'duplicate', 2]]], [3, [[4, 'duplicate', 0]]]]],
  ])('%s', async (_name, pages, expected, settings = SETTINGS) => {
    expect(shape(await findReposts(sourceOf(pages), settings))).toEqual(expected);
  });

  it('passages found in common make a partial copy the whole fingerprints alone would miss', async () => {
    // Three passages of the original; the excerpt holds two of them and its own whole fingerprint is 12 bits away.
    const passages = ['1111000000000000', '2222000000000000', '3333000000000000'];
    const pages = [
      page(1, 'https://a.test/story', 0, ORIGIN, { passages }),
      page(2, 'https://b.test/excerpt', 3, '0000000000000fff', { words: 300, passages: passages.slice(0, 2) }),
    ];
    expect(shape(await findReposts(sourceOf(pages), SETTINGS))).toEqual([[1, [[2, 'partial', 12]]]]);
  });

  it.each<[string, string, Array<[number, Array<[number, string, number]>]>]>([
    ['on another site, a page holding six of the original’s eight passages is a partial copy, however far its whole fingerprint', 'https://b.test/digest', [[1, [[2, 'partial', 20]]]]],
    ['on the original’s own site it is not (what one site’s pages share is its template)', 'https://a.test/digest', []],
  ])('%s', async (_name, url, expected) => {
    const passages = ['1111', '2222', '3333', '4444', '5555', '6666', '7777', '8888'].map((block) => `${block}000000000000`);
    const own = ['9999', 'aaaa'].map((block) => `${block}000000000000`);
    const pages = [
      page(1, 'https://a.test/story', 0, ORIGIN, { passages }),
      page(2, url, 3, D20, { passages: [...passages.slice(0, 6), ...own] }),
    ];
    expect(shape(await findReposts(sourceOf(pages), SETTINGS))).toEqual(expected);
  });

  it('tells how many pages it has read, then that it compares them', async () => {
    const pages = [page(1, 'https://a.test/1', 0, ORIGIN), page(2, 'https://a.test/2', 1, FAR), page(3, 'https://a.test/3', 2, D6)];
    const seen: RepostsProgress[] = [];
    await findReposts(sourceOf(pages, 2), SETTINGS, (state) => seen.push(state));
    expect(seen).toEqual([{ phase: 'reading', done: 2, total: 3 }, { phase: 'reading', done: 3, total: 3 }, { phase: 'comparing' }]);
  });

  it('a copy deleted while the history was read is left out', async () => {
    const pages = [page(1, 'https://a.test/story', 0, ORIGIN), page(2, 'https://b.test/copy', 5, D2), page(3, 'https://c.test/copy', 6, D3)];
    const source = { ...sourceOf(pages), get: async (id: number) => (id === 2 ? undefined : pages.find((p) => p.id === id)) };
    expect(shape(await findReposts(source, SETTINGS))).toEqual([[1, [[3, 'duplicate', 3]]]]);
  });
});
