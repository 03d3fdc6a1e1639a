import { beforeEach, describe, expect, it, vi } from 'vitest';
import { COPIES_SHOWN, GROUPS_PER_PAGE, initRepostsView } from '../../entrypoints/options/reposts-view';
import { findReposts, type RepostsSource } from '../../src/reposts';
import { DEFAULT_SETTINGS } from '../../src/settings';
import type { Page } from '../../src/store';
import { loadExtensionPage } from '../support/extension-page';
import { page, sourceOf } from '../reposts/pages';

const ORIGIN = '0000000000000000';
const NEAR = '0000000000000003';

/** `count` articles read on a.test on day 0 and copied on b.test on day 10 + n; article 0 also copied in part on c.test (day 3) and `extra` more times on d.test (day 4). */
function history(count: number, extra = 0): Page[] {
  const pages: Page[] = [];
  let id = 0;
  for (let n = 0; n < count; n++) {
    // Each article's fingerprint differs from the others' in every block.
    const fp = (x: string) => (BigInt(n) * 0x0001000100010001n * 0x101n ^ BigInt(`0x${x}`)).toString(16).padStart(16, '0');
    pages.push(page(++id, `https://a.test/${n}`, 0, fp(ORIGIN), { title: `Story ${n}` }), page(++id, `https://b.test/${n}`, 10 + n, fp(NEAR)));
    if (n === 0) {
      pages.push(page(++id, 'https://c.test/part', 3, fp(NEAR), { words: 300 }));
      for (let k = 0; k < extra; k++) pages.push(page(++id, `https://d.test/${k}`, 4, fp(ORIGIN)));
    }
  }
  return pages;
}

/** The view's search, run in the test's thread on `source`. */
const finder = (source: RepostsSource) => (options: Parameters<typeof findReposts>[1], progress: Parameters<typeof findReposts>[2]) => findReposts(source, options, progress);

function open(pages: Page[]) {
  const download = vi.fn(async (_blob: Blob, _name: string) => undefined);
  const view = initRepostsView({ find: finder(sourceOf(pages, 100)), loadSettings: async () => DEFAULT_SETTINGS, download, now: () => new Date('2026-11-26T12:00:00Z') });
  view.show();
  return { download };
}

const groupTitles = () => [...document.querySelectorAll('.repost-original .page-title')].map((a) => a.textContent);
const copyRows = () => document.querySelectorAll('.copies tbody tr').length;
const text = (id: string) => document.getElementById(id)!.textContent;
const select = (id: string, value: string) => {
  const element = document.getElementById(id) as HTMLSelectElement;
  // linkedom has no select.value setter, and unselecting one option there unselects the others.
  for (const option of element.querySelectorAll('option')) option.selected = false;
  element.querySelector<HTMLOptionElement>(`option[value="${value}"]`)!.selected = true;
  element.dispatchEvent(new window.Event('change'));
};

describe('Reposts tab', () => {
  beforeEach(() => loadExtensionPage('options'));

  it('lists each original with its copies, and the sites that repost most', async () => {
    open(history(2));
    await vi.waitFor(() => expect(text('reposts-summary')).toBe('Articles copied: 2 · copies: 3'));
    expect(groupTitles()).toEqual(['Story 1', 'Story 0']);
    expect([...document.querySelectorAll('.copies tbody tr')].map((row) => [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent))).toEqual([
      ['b.test', 'Jan 12, 2025', 'Repost', '2'],
      ['c.test', 'Jan 4, 2025', 'Partial copy', '2'],
      ['b.test', 'Jan 11, 2025', 'Repost', '2'],
    ]);
    expect([...document.querySelectorAll('.site-rank .site-name')].map((e) => e.textContent)).toEqual(['b.test', 'c.test']);
    expect(document.getElementById('reposts-status')!.hidden).toBe(true);
  });

  it.each<[string, () => void, string[], string]>([
    ['the kind filter keeps partial copies only', () => select('reposts-kind', 'partial'), ['Story 0'], 'Articles copied: 1 · copies: 1'],
    ['the site filter keeps copies on one site', () => select('reposts-site', 'b.test'), ['Story 1', 'Story 0'], 'Articles copied: 2 · copies: 2'],
    ['a site of the ranking filters by it', () => document.querySelectorAll<HTMLButtonElement>('.site-rank')[1]!.click(), ['Story 0'], 'Articles copied: 1 · copies: 1'],
  ])('%s', async (_name, act, titles, summary) => {
    open(history(2));
    await vi.waitFor(() => expect(groupTitles()).toHaveLength(2));
    act();
    expect(groupTitles()).toEqual(titles);
    expect(text('reposts-summary')).toBe(summary);
  });

  it('a search that matches nothing says so', async () => {
    open(history(2));
    await vi.waitFor(() => expect(groupTitles()).toHaveLength(2));
    const search = document.getElementById('reposts-search') as HTMLInputElement;
    search.value = 'no such story';
    search.dispatchEvent(new window.Event('input'));
    await vi.waitFor(() => expect(groupTitles()).toEqual([]));
    expect(text('reposts-empty')).toBe('No reposts match this search and filter.');
  });

  it('an empty history says there are no reposts yet', async () => {
    open([]);
    await vi.waitFor(() => expect(text('reposts-empty')).toMatch(/^No reposts yet/));
    expect(document.getElementById('reposts-no-sites')!.hidden).toBe(false);
  });

  it('draws a page of groups at a time, and a bounded list of copies per group', async () => {
    open(history(GROUPS_PER_PAGE + 3, COPIES_SHOWN + 5));
    await vi.waitFor(() => expect(groupTitles()).toHaveLength(GROUPS_PER_PAGE));
    document.getElementById('reposts-more')!.click();
    expect(groupTitles()).toHaveLength(GROUPS_PER_PAGE + 3);
    expect(document.querySelector('.more-copies')!.textContent).toBe('…and 7 more (all are in the CSV export)');
    expect(document.getElementById('reposts-more')!.hidden).toBe(true);
    expect(copyRows()).toBe(GROUPS_PER_PAGE + 2 + COPIES_SHOWN);
  });

  it('exports what the filters show, every copy included', async () => {
    const { download } = open(history(2));
    await vi.waitFor(() => expect(groupTitles()).toHaveLength(2));
    select('reposts-kind', 'duplicate');
    document.getElementById('reposts-export')!.click();
    await vi.waitFor(() => expect(download).toHaveBeenCalledOnce());
    const [blob, name] = download.mock.calls[0]!;
    expect(name).toBe('deja-lu-reposts-2026-11-26.csv');
    const rows = (await blob.text()).split('\r\n').map((row) => row.split(',').slice(0, 5).join(','));
    expect(rows).toEqual(['group,role,kind,distance,site', '1,original,,,a.test', '1,copy,duplicate,2,b.test', '2,original,,,a.test', '2,copy,duplicate,2,b.test', '']);
  });

  it('a failure to read the history is shown, and Refresh tries again', async () => {
    const pages = history(1);
    let fail = true;
    const source = { ...sourceOf(pages), count: async () => { if (fail) throw new Error('The database connection is closing'); return pages.length; } };
    initRepostsView({ find: finder(source), loadSettings: async () => DEFAULT_SETTINGS, download: async () => undefined }).show();
    await vi.waitFor(() => expect(text('reposts-status')).toBe('Could not look for reposts: The database connection is closing'));
    fail = false;
    document.getElementById('reposts-refresh')!.click();
    await vi.waitFor(() => expect(groupTitles()).toEqual(['Story 0']));
    expect(document.getElementById('reposts-status')!.hidden).toBe(true);
  });
});
