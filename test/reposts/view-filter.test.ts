import { describe, expect, it } from 'vitest';
import { filterGroups, NO_FILTER, rankSites, type RepostFilter, type RepostGroup } from '../../src/reposts';
import { page } from './pages';

const FP = '0000000000000000';

/** Two originals: a.test's story copied whole by b.test and c.test and in part by b.test; a.test's recipe copied by c.test. */
const GROUPS: RepostGroup[] = [
  {
    original: page(1, 'https://a.test/story', 0, FP, { title: 'The harbour at night' }),
    copies: [
      { page: page(2, 'https://b.test/1', 1, FP), kind: 'duplicate', distance: 1 },
      { page: page(3, 'https://c.test/1', 2, FP), kind: 'duplicate', distance: 2 },
      { page: page(4, 'https://b.test/2', 3, FP), kind: 'partial', distance: 9 },
    ],
  },
  {
    original: page(5, 'https://a.test/recipe', 0, FP, { title: '家常豆腐' }),
    copies: [{ page: page(6, 'https://c.test/2', 1, FP), kind: 'duplicate', distance: 0 }],
  },
];

/** Each group as [original id, copy ids…]. */
const ids = (groups: RepostGroup[]) => groups.map((group) => [group.original.id, ...group.copies.map((copy) => copy.page.id)]);

describe('filtering the Reposts view', () => {
  it.each<[string, RepostFilter, number[][]]>([
    ['no filter keeps everything', NO_FILTER, [[1, 2, 3, 4], [5, 6]]],
    ['a search matches the original\'s title, whatever its case', { ...NO_FILTER, search: 'HARBOUR' }, [[1, 2, 3, 4]]],
    ['a search matches Chinese titles', { ...NO_FILTER, search: '豆腐' }, [[5, 6]]],
    ['a search matches a copy\'s address and keeps the whole group', { ...NO_FILTER, search: 'b.test/2' }, [[1, 2, 3, 4]]],
    ['surrounding spaces are ignored', { ...NO_FILTER, search: '  recipe ' }, [[5, 6]]],
    ['a search that matches nothing keeps nothing', { ...NO_FILTER, search: 'nowhere' }, []],
    ['partial copies only', { ...NO_FILTER, kind: 'partial' }, [[1, 4]]],
    ['duplicates only', { ...NO_FILTER, kind: 'duplicate' }, [[1, 2, 3], [5, 6]]],
    ['copies on one site only', { ...NO_FILTER, site: 'c.test' }, [[1, 3], [5, 6]]],
    ['site and kind together', { search: '', kind: 'partial', site: 'c.test' }, []],
  ])('%s', (_name, filter, expected) => {
    expect(ids(filterGroups(GROUPS, filter))).toEqual(expected);
  });
});

describe('the sites that repost most', () => {
  it('ranks sites by copies, then by originals copied, then by name', () => {
    expect(rankSites(GROUPS)).toEqual([
      { site: 'c.test', copies: 2, originals: 2 },
      { site: 'b.test', copies: 2, originals: 1 },
    ]);
  });

  it('ranks the sites of what is shown: a filtered view ranks its own copies', () => {
    expect(rankSites(filterGroups(GROUPS, { ...NO_FILTER, kind: 'partial' }))).toEqual([{ site: 'b.test', copies: 1, originals: 1 }]);
  });

  it('an empty view ranks no site', () => {
    expect(rankSites([])).toEqual([]);
  });
});
