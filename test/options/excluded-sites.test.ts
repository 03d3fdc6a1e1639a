import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { initExcludedSites, type ExcludedSitesDeps, type SitePages } from '../../entrypoints/options/excluded-sites';
import { HistoryQuotaError } from '../../src/store';
import { BUSY_AFTER_MS } from '../../src/ui/busy-line';
import { loadExtensionPage } from '../support/extension-page';

interface Options {
  /** What findSite resolves to after `findMs`, or the error it rejects with. */
  found?: SitePages | Error;
  findMs?: number;
  confirm?: boolean;
}

function setup({ found = { count: 0, remove: async () => 0 }, findMs = 0, confirm = true }: Options = {}) {
  let sites: string[] = [];
  const deps: ExcludedSitesDeps = {
    excluded: () => sites,
    save: async (next) => (sites = next),
    findSite: vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, findMs));
      if (found instanceof Error) throw found;
      return found;
    }),
    confirm: vi.fn(() => confirm),
    onHistoryChanged: vi.fn(),
  };
  initExcludedSites(deps);
  const line = (id: string) => {
    const element = document.getElementById(id) as HTMLElement;
    return element.hidden ? undefined : element.textContent;
  };
  /** Types `site` and presses "Add"; resolves once the history has been asked for its pages. */
  const add = async (site: string) => {
    (document.getElementById('site-input') as HTMLInputElement).value = site;
    (document.getElementById('add-site') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(deps.findSite).toHaveBeenCalled());
  };
  return { deps, line, add, excluded: () => sites };
}

/** A removal (a mock, so the test can see whether it ran) that resolves to `removed`, or rejects with `error`. */
function removal(removed: number, error?: Error) {
  return vi.fn(async () => {
    if (error) throw error;
    return removed;
  });
}

describe('Settings: excluding a site offers to delete what is stored from it', () => {
  beforeEach(() => {
    loadExtensionPage('options');
    fakeBrowser.reset();
  });

  const threePages = '3 pages from example.com are already in your history. Delete them too?';
  it.each<[string, Options, { question?: string; removed: boolean; status?: string; error?: string; historyChanged: boolean }]>([
    ['nothing stored: no question asked', { found: { count: 0, remove: removal(0) } }, { removed: false, historyChanged: false }],
    ['stored pages, the user agrees: deleted, and says how many went',
      { found: { count: 3, remove: removal(3) } }, { question: threePages, removed: true, status: 'Deleted 3 pages from example.com.', historyChanged: true }],
    ['one stored page: asked and told about it in the singular',
      { found: { count: 1, remove: removal(1) } }, { question: '1 page from example.com is already in your history. Delete it too?', removed: true, status: 'Deleted the page from example.com.', historyChanged: true }],
    ['stored pages, the user declines: nothing deleted', { found: { count: 3, remove: removal(3) }, confirm: false }, { question: threePages, removed: false, historyChanged: false }],
    ['the deletion fails part way: says what is left and how to finish, and the history is redrawn',
      { found: { count: 3, remove: removal(0, new HistoryQuotaError(new Error('quota'))) } },
      { question: threePages, removed: true, error: 'Could not delete all the pages from example.com; the rest are still in your history. Add the site again to finish. The browser\'s storage is full: free disk space, or clear the whole history, then try again.', historyChanged: true }],
    ['looking for the pages fails: says so, nothing asked', { found: new Error('The database connection is closing.') },
      { removed: false, error: 'Could not look for the pages from example.com in your history. The database connection is closing.', historyChanged: false }],
  ])('%s', async (_name, options, expected) => {
    const { deps, line, add, excluded } = setup(options);
    await add('https://example.com/some/page');
    await vi.waitFor(() => expect(line('site-busy')?.startsWith('Deleting') ?? false).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(excluded()).toEqual(['example.com']);
    expect(vi.mocked(deps.confirm).mock.calls[0]?.[0]).toBe(expected.question);
    const remove = options.found instanceof Error ? undefined : options.found?.remove;
    expect(remove ? vi.mocked(remove).mock.calls.length > 0 : false).toBe(expected.removed);
    expect(line('site-busy')).toBe(expected.status);
    expect(line('site-error')).toBe(expected.error);
    expect(vi.mocked(deps.onHistoryChanged).mock.calls.length > 0).toBe(expected.historyChanged);
  });

  it('says it is looking through the history while that takes more than a moment, and no more once done', async () => {
    const { line, add } = setup({ found: { count: 0, remove: removal(0) }, findMs: BUSY_AFTER_MS + 500 });
    await add('example.com');
    await new Promise((resolve) => setTimeout(resolve, BUSY_AFTER_MS + 200));
    expect(line('site-busy')).toBe('Looking through your history for pages from example.com…');
    await vi.waitFor(() => expect(line('site-busy')).toBeUndefined(), { timeout: 2_000 });
  });

  it('says it is deleting while the pages go', async () => {
    let finish: (removed: number) => void = () => {};
    const remove = vi.fn(() => new Promise<number>((resolve) => (finish = resolve)));
    const { line, add } = setup({ found: { count: 1200, remove } });
    await add('example.com');
    await vi.waitFor(() => expect(line('site-busy')).toBe('Deleting 1,200 pages from example.com…'));
    finish(1200);
    await vi.waitFor(() => expect(line('site-busy')).toBe('Deleted 1,200 pages from example.com.'));
  });
});
