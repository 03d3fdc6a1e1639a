import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initHistoryView, PAGE_SIZE } from '../../entrypoints/options/history-view';
import { BUSY_AFTER_MS } from '../../src/ui/busy-line';
import { DEFAULT_SETTINGS } from '../../src/settings';
import { HistoryQuotaError, type History } from '../../src/store';
import { clock, freshHistory, T0 } from '../background/fakes';
import { loadExtensionPage } from '../support/extension-page';

async function seed(history: History, count: number) {
  for (let i = 0; i < count; i++) {
    await history.recordVisit({ url: `https://site${i}.example/a`, title: `Page ${i}`, site: `site${i}.example`, excerpt: '', textLength: 1000, cjkChars: 0, words: 500, fingerprint: (BigInt(i) * 0x9e3779b97f4a7c15n % (1n << 64n)).toString(16).padStart(16, '0') });
  }
}

describe('history page', () => {
  beforeEach(() => loadExtensionPage('options'));

  it('after "Show more", deleting a row of the second page updates the counts', async () => {
    const time = clock(T0);
    const history = await freshHistory(() => time.advance(1000));
    await seed(history, PAGE_SIZE + 5);
    const view = initHistoryView({ history, loadSettings: async () => DEFAULT_SETTINGS, estimateStorage: async () => ({ usage: 1 }), confirm: () => true, forgetReports: async () => null });
    await view.refresh();
    const summary = () => document.getElementById('history-summary')!.textContent;
    const rows = () => document.querySelectorAll('#page-rows tr').length;
    expect(summary()).toMatch(/^55 pages/);
    (document.getElementById('show-more') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(rows()).toBe(55));
    const buttons = document.querySelectorAll<HTMLButtonElement>('#page-rows button.delete');
    buttons[52]!.click();
    await vi.waitFor(() => expect(summary()).toMatch(/^54 pages/));
    expect(rows()).toBe(54);
  });

  it.each<[string, () => Error, RegExp]>([
    ['the storage is full', () => new HistoryQuotaError(new DOMException('quota', 'QuotaExceededError')), /^Could not delete “\u2068Page \d+\u2069”; nothing was changed\. The browser's storage is full/],
    ['anything else', () => new Error('The transaction was aborted'), /^Could not delete “\u2068Page \d+\u2069”; nothing was changed\. The transaction was aborted$/],
  ])('a delete that fails because %s is shown as an error, and the list stays as stored', async (_name, failure, message) => {
    const history = await freshHistory(Date.now);
    await seed(history, 3);
    vi.spyOn(history, 'delete').mockRejectedValue(failure());
    const view = initHistoryView({ history, loadSettings: async () => DEFAULT_SETTINGS, estimateStorage: async () => ({ usage: 1 }), confirm: () => true, forgetReports: async () => null });
    await view.refresh();
    document.querySelector<HTMLButtonElement>('#page-rows button.delete')!.click();
    const status = document.getElementById('transfer-status')!;
    await vi.waitFor(() => expect(status.textContent).toMatch(message));
    expect(status.className).toContain('error');
    expect(document.querySelectorAll('#page-rows tr')).toHaveLength(3);
    expect(document.getElementById('history-summary')!.textContent).toMatch(/^3 pages/);
  });

  it('a "clear all" that fails is shown as an error; the tabs\' reports are not reset', async () => {
    const history = await freshHistory(Date.now);
    await seed(history, 2);
    vi.spyOn(history, 'clear').mockRejectedValue(new HistoryQuotaError(new DOMException('quota', 'QuotaExceededError')));
    const forgetReports = vi.fn(async () => null);
    const view = initHistoryView({ history, loadSettings: async () => DEFAULT_SETTINGS, estimateStorage: async () => ({ usage: 1 }), confirm: () => true, forgetReports });
    await view.refresh();
    document.getElementById('clear-all')!.click();
    const status = document.getElementById('transfer-status')!;
    await vi.waitFor(() => expect(status.textContent).toMatch(/^Could not clear the history; nothing was changed\. The browser's storage is full/));
    expect(status.className).toContain('error');
    expect(forgetReports).not.toHaveBeenCalled();
  });

  describe('a search of a large history', () => {
    const deps = (history: History) => ({ history, loadSettings: async () => DEFAULT_SETTINGS, estimateStorage: async () => ({ usage: 1 }), confirm: () => true, forgetReports: async () => null });
    const type = (query: string) => {
      const box = document.getElementById('search') as HTMLInputElement;
      box.value = query;
      box.dispatchEvent(new window.Event('input'));
    };
    const busy = () => document.getElementById('history-busy')!;

    it('typing on stops the search it makes obsolete; only the last one draws', async () => {
      const history = await freshHistory(Date.now);
      await seed(history, 3);
      const list = history.list.bind(history);
      const signals: AbortSignal[] = [];
      vi.spyOn(history, 'list').mockImplementation((options = {}) => {
        if (options.signal) signals.push(options.signal);
        // The first search never ends by itself, as a search of a million pages takes seconds.
        if (options.search === 'Page') return new Promise((_, reject) => options.signal?.addEventListener('abort', () => reject(options.signal?.reason)));
        return list(options);
      });
      const view = initHistoryView(deps(history));
      await view.refresh();
      type('Page');
      await vi.waitFor(() => expect(signals).toHaveLength(2));
      type('Page 2');
      await vi.waitFor(() => expect(signals).toHaveLength(3));
      expect(signals.map((signal) => signal.aborted)).toEqual([true, true, false]);
      await vi.waitFor(() => expect(document.querySelectorAll('#page-rows tr')).toHaveLength(1));
      expect(busy().hidden).toBe(true);
    });

    it('says it is searching once the search runs longer than a moment, and no more once it ends', async () => {
      const history = await freshHistory(Date.now);
      await seed(history, 3);
      const list = history.list.bind(history);
      let finish = () => {};
      vi.spyOn(history, 'list').mockImplementation(async (options = {}) => {
        if (options.search) await new Promise<void>((resolve) => (finish = resolve));
        return list(options);
      });
      const view = initHistoryView(deps(history));
      await view.refresh();
      expect(busy().hidden).toBe(true);
      type('Page 1');
      await new Promise((resolve) => setTimeout(resolve, BUSY_AFTER_MS + 300));
      expect(busy().hidden).toBe(false);
      expect(busy().textContent).toBe('Searching every stored page for “Page 1”…');
      finish();
      await vi.waitFor(() => expect(busy().hidden).toBe(true));
      expect(document.querySelectorAll('#page-rows tr')).toHaveLength(1);
    });
  });
});
