import { describe, expect, test } from 'vitest';
import { DamagedGroupError, GROUP_SHIFT, checkGroup, encodeGroup, groupKeyRange, groupOf, memberAt, memberCount, memberIndex, membersOf } from '../../src/store/codec/page-group';
import { SLOTS_PER_HASH } from '../../src/store/codec/page-key';
import { decodePage, encodePage, type StoredPage } from '../../src/store/codec/stored-page';
import type { NewPage } from '../../src/store/page';
import { seededRandom } from './helpers';

function randomPage(random: () => number, i: number): NewPage {
  const hex = () => Math.floor(random() * 2 ** 32).toString(16).padStart(8, '0') + Math.floor(random() * 2 ** 32).toString(16).padStart(8, '0');
  const page: NewPage = {
    url: `https://example.com/${i}`, title: random() < 0.2 ? `第${i}篇` : `Title ${i}`, site: 'example.com', excerpt: 'x'.repeat(Math.floor(random() * 200)),
    textLength: Math.floor(random() * 1e6), fingerprint: hex(), passages: Array.from({ length: Math.floor(random() * 40) }, hex),
    scheme: ([1, 2, 3, 4, 5, 6] as const)[Math.floor(random() * 6)] ?? 6, cjkChars: Math.floor(random() * 1000), words: Math.floor(random() * 5000),
    firstVisit: 1_700_000_000_000 + Math.floor(random() * 1e9), lastVisit: 1_700_000_000_000 + Math.floor(random() * 1e9), visitCount: 1 + Math.floor(random() * 9), source: random() < 0.1 ? 'author' : 'visit',
  };
  if (random() < 0.3) page.canonicalUrl = `https://canonical.example/${i}`;
  if (random() < 0.3) page.language = 'zh-TW';
  if (random() < 0.1) page.site = 'other.example';
  if (random() < 0.3) page.publishedAt = 1_600_000_000_000 + i;
  if (random() < 0.5) page.proseTotal = Math.floor(random() * 500);
  if (random() < 0.5) page.heads = Array.from({ length: 1 + Math.floor(random() * 30) }, hex);
  return page;
}

/** `count` pages under ascending keys of group `group`. */
function members(count: number, group = 5, seed = 1): [number, StoredPage][] {
  const random = seededRandom(seed);
  const [low] = groupKeyRange(group);
  const keys = new Set<number>();
  while (keys.size < count) keys.add(low + Math.floor(random() * (1 << GROUP_SHIFT)));
  return [...keys].sort((a, b) => a - b).map((key, i) => [key, encodePage(randomPage(random, i))]);
}

describe('page groups', () => {
  test.each([0, 1, 2, 250, 2000])('%i members: every member decodes to exactly the page it was, by index and by key', (count) => {
    const pages = members(count, 5, count + 1);
    const group = checkGroup(encodeGroup(pages), 5);
    expect(memberCount(group)).toBe(count);
    pages.forEach(([key, stored], i) => {
      expect(memberIndex(group, key)).toBe(i);
      expect(decodePage(memberAt(group, i), key)).toEqual(decodePage(stored, key));
    });
    expect(membersOf(group).map(([key, page]) => [key, decodePage(page, key)])).toEqual(pages.map(([key, page]) => [key, decodePage(page, key)]));
  });

  test('a key not in the group has no index', () => {
    const pages = members(10);
    const group = encodeGroup(pages);
    const [first] = pages[0] as [number, StoredPage];
    expect(memberIndex(group, first - 1)).toBe(-1);
    expect(memberIndex(group, (pages[9] as [number, StoredPage])[0] + 1)).toBe(-1);
  });

  test('the visit index holds one entry per member, even for visits in the same millisecond', () => {
    const pages = members(3).map(([key, page]): [number, StoredPage] => [key, { ...page, v: 1_700_000_000_000 }]);
    expect(encodeGroup(pages).w).toEqual(pages.map(([key]) => [1_700_000_000_000, key]));
  });

  test('optional columns exist only when some member has the field', () => {
    const plain = members(4).map(([key, page]): [number, StoredPage] => [key, { u: page.u, t: page.t, e: page.e, v: page.v, d: page.d, o: page.o }]);
    expect(Object.keys(encodeGroup(plain)).sort()).toEqual(['at', 'd', 'e', 'o', 't', 'u', 'w']);
    const one = plain.map(([key, page], i): [number, StoredPage] => [key, i === 2 ? { ...page, l: 'fr' } : page]);
    expect(encodeGroup(one).l).toEqual([null, null, 'fr', null]);
  });

  test('a page key, its group and the group\'s key range agree, for the lowest and highest keys', () => {
    for (const key of [SLOTS_PER_HASH, 2 ** 28 - 1, 0x1234567]) {
      const [low, high] = groupKeyRange(groupOf(key));
      expect(key).toBeGreaterThanOrEqual(low);
      expect(key).toBeLessThanOrEqual(high);
    }
    expect(groupOf(2 ** 28 - 1)).toBe(4095);
  });

  const good = encodeGroup(members(3));
  test.each<[string, unknown]>([
    ['nothing', undefined],
    ['no visit column', { ...good, w: undefined }],
    ['a title column too short', { ...good, t: good.t.slice(1) }],
    ['a number for a URL', { ...good, u: [1, ...good.u.slice(1)] }],
    ['keys out of order', { ...good, w: [...good.w].reverse() }],
    ['a key of another group', { ...good, w: good.w.map(([v, key], i) => [v, i === 2 ? key + (1 << GROUP_SHIFT) : key]) }],
    ['bytes as a string', { ...good, d: 'abc' }],
    ['offsets past the bytes', { ...good, at: Uint32Array.from(good.at, (at, i) => (i === 3 ? at + 1 : at)) }],
    ['offsets falling', { ...good, at: Uint32Array.from([0, 10, 5, good.d.byteLength]) }],
    ['an optional column of numbers', { ...good, c: [1, 2, 3] }],
  ])('a record with %s is a DamagedGroupError naming its group', (_, record) => {
    expect(() => checkGroup(record, 5)).toThrow(DamagedGroupError);
    expect(() => checkGroup(record, 5)).toThrow(/group of pages 5/);
  });
});
