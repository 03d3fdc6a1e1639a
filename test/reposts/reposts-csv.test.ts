import { describe, expect, it } from 'vitest';
import { repostsCsv, type RepostGroup } from '../../src/reposts';
import { page, T0 } from './pages';

const FP = '0000000000000000';
const DAY_ONE = new Date(T0 + 24 * 60 * 60 * 1000).toISOString();

describe('the Reposts view as CSV', () => {
  it('writes a header, then each group\'s original and its copies, numbered by group', () => {
    const groups: RepostGroup[] = [
      { original: page(1, 'https://a.test/story', 0, FP, { title: 'Story, "quoted"' }), copies: [{ page: page(2, 'https://b.test/copy', 1, FP, { title: '转载' }), kind: 'duplicate', distance: 2 }] },
      { original: page(3, 'https://a.test/two', 0, FP), copies: [{ page: page(4, 'https://c.test/part', 1, FP), kind: 'partial', distance: 11 }] },
    ];
    expect(repostsCsv(groups).split('\r\n')).toEqual([
      '\uFEFFgroup,role,kind,distance,site,title,url,firstVisit',
      `1,original,,,a.test,"Story, ""quoted""",https://a.test/story,${new Date(T0).toISOString()}`,
      `1,copy,duplicate,2,b.test,转载,https://b.test/copy,${DAY_ONE}`,
      `2,original,,,a.test,Article 3,https://a.test/two,${new Date(T0).toISOString()}`,
      `2,copy,partial,11,c.test,Article 4,https://c.test/part,${DAY_ONE}`,
      '',
    ]);
  });

  it.each([
    ['=HYPERLINK("http://evil.test")', '"\'=HYPERLINK(""http://evil.test"")"'],
    ['+1', "'+1"],
    ['＠SUM(A1)', "'＠SUM(A1)"],
  ])('defuses a title a spreadsheet would run as a formula: %s', (title, cell) => {
    const groups: RepostGroup[] = [{ original: page(1, 'https://a.test/x', 0, FP, { title }), copies: [] }];
    expect(repostsCsv(groups).split('\r\n')[1]!.split(',a.test,')[1]).toBe(`${cell},https://a.test/x,${new Date(T0).toISOString()}`);
  });

  it('an empty view is the header alone', () => {
    expect(repostsCsv([])).toBe('\uFEFFgroup,role,kind,distance,site,title,url,firstVisit\r\n');
  });
});
